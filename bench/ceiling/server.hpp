#pragma once
// The ceiling server: the kernel work of kibitz-server's move hot path and
// nothing else. Per client move frame from player A it unmasks the frame, copies
// the ply into prebuilt frames and sends a 900-byte move event to A's partner and
// to A, then a 70-byte ack to A: with writes = 3 as three send() calls, with
// writes = 2 the event and the ack to A go out as one send() of one buffer.
// threads = T runs T independent epoll loops, loop t listening on port + t
// (clients put pair k on port + k % T, so partners always share a loop).
#include <cstdint>

namespace kibitz::bench::ceiling {

struct server_options {
    std::uint16_t port = 9100;
    int writes = 3;
    int threads = 1;
    bool nodelay = true;
    int sndbuf = 0;  // SO_SNDBUF of accepted sockets when > 0 (to exercise short writes)
};

// Runs until SIGINT or SIGTERM. Each loop prints a summary whenever its last
// connection closes (CPU per move over that session) and the totals at exit.
int run_server(const server_options& o);

}  // namespace kibitz::bench::ceiling
