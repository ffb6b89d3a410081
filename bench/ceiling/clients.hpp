#pragma once
// The ceiling clients: N connections in one thread and one epoll set, paired
// (2k, 2k+1) into N/2 "games". Ply 0 of pair k is sent by client 2k once the
// server says both are ready; after that whoever is to move sends the next ply
// the moment it reads its partner's move event, so each pair keeps exactly one
// move in flight, as in a real game played without thinking time.
//   move -> ack:      the mover's send() -> the mover reads the ack of that ply;
//   move -> opponent: the mover's send() -> the partner reads the move event.
// After `warmup` seconds the counters restart and run for `seconds`; moves/s is
// acks read in that window / its length. CPU: this process (getrusage) and the
// server (/proc/<server_pid>/stat) over the same window.
#include <sys/types.h>

#include <cstdint>
#include <string>

namespace kibitz::bench::ceiling {

struct clients_options {
    std::uint16_t port = 9100;
    int ports = 1;  // pair k goes to port + k % ports (one per server loop)
    int clients = 1000;
    double seconds = 10;
    double warmup = 2;
    pid_t server_pid = 0;
    std::string label;  // copied into the RESULT line
    bool nodelay = true;
    int rcvbuf = 0;  // SO_RCVBUF when > 0: a small window forces the server's short writes
};

int run_clients(const clients_options& o);

}  // namespace kibitz::bench::ceiling
