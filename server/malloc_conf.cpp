// jemalloc's settings, compiled into kibitz-server only when it is linked with
// jemalloc (server/CMakeLists.txt); jemalloc reads this symbol at start-up, and
// MALLOC_CONF in the environment still overrides it.
//
// background_thread: jemalloc returns freed pages to the system (dirty pages
// after dirty_decay_ms, 10 s by default) only when an allocation or a free
// gives it the chance, so a server left idle after a burst kept what the burst
// took: a lobby snapshot asked for by clients that never read once held 490 MB
// 40 s after they left. Its own thread purges on time instead. Measured with
// tests/server/test_memory_return.cpp (45 MiB of room states queued to clients
// that never read, then they leave and the server idles): without it the
// server still held 87 MiB of a 102 MiB peak 30 s later; with it, 60% of what
// was queued was back with the system within about 15 s.
//
// Decay stays at jemalloc's 10 s rather than an explicit purge when the
// outbound total reaches zero: pages freed and soon needed again (the next
// burst, ordinary churn) are reused without a round trip through the kernel,
// and nothing runs on the I/O path.
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = "background_thread:true";
}
