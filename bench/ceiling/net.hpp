#pragma once
// Plain sockets for the ceiling test: loopback listen/connect, a per-connection
// output buffer for what send() did not take, and CPU counters.
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace kibitz::bench::ceiling {

// Listening socket on 127.0.0.1:port, non-blocking, backlog 4096. -1 on failure.
int listen_tcp(std::uint16_t port);
// Blocking connect to 127.0.0.1:port, then non-blocking (+ TCP_NODELAY). A rcvbuf
// above 0 is set before connect (it sizes the window). -1 on failure.
int connect_tcp(std::uint16_t port, bool nodelay, int rcvbuf);
void set_nonblocking(int fd);
void set_nodelay(int fd);
void raise_fd_limit();

std::uint64_t now_us();  // CLOCK_MONOTONIC
struct cpu_times {
    double user = 0, sys = 0;
    bool ok = true;
    double total() const { return user + sys; }
    cpu_times operator-(const cpu_times& o) const { return {user - o.user, sys - o.sys, ok && o.ok}; }
};
cpu_times process_cpu();       // getrusage(RUSAGE_SELF), all threads
double thread_cpu_s();         // getrusage(RUSAGE_THREAD): user + system
cpu_times pid_cpu(pid_t pid);  // /proc/<pid>/stat utime, stime; ok false if unreadable
std::string load_average();   // first three fields of /proc/loadavg

// Bytes queued behind a short write. While it is not empty every further frame
// for that connection is appended (order is kept) and EPOLLOUT is armed.
struct out_buffer {
    std::string data;
    std::size_t off = 0;
    bool empty() const { return off == data.size(); }
};

enum class io_result { done, pending, failed };

struct io_counters {
    std::uint64_t sends = 0;    // send() calls
    std::uint64_t short_writes = 0;  // send() took less than offered (or EAGAIN)
};

// Sends now if nothing is queued, queues the rest otherwise. `pending` means bytes
// are left in q (the caller arms EPOLLOUT); `failed` means the peer is gone.
io_result send_or_queue(int fd, out_buffer& q, const void* p, std::size_t n, io_counters& c);
// On EPOLLOUT: pushes queued bytes. `done` means q is empty (disarm EPOLLOUT).
io_result flush(int fd, out_buffer& q, io_counters& c);

}  // namespace kibitz::bench::ceiling
