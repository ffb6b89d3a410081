// kibitz-ceiling: what this machine's kernel allows for kibitz-server's move
// traffic, with no server logic at all. Two processes on loopback:
//   kibitz-ceiling server  --port P [--writes 3|2] [--threads T] [--sndbuf B] [--no-nodelay]
//   kibitz-ceiling clients --port P [--clients N] [--seconds S] [--warmup W]
//                          [--ports T] [--server-pid PID] [--label TEXT] [--rcvbuf B]
//                          [--no-nodelay]
// (--sndbuf and --rcvbuf only serve to check that short writes and split frames work.)
// Real WebSocket framing (masked client frames, no handshake), the same sizes as
// the game traffic (80-byte move in; 900-byte event to both players and a 70-byte
// ack to the mover out), raw non-blocking sockets and level-triggered epoll.
// See server.hpp and clients.hpp; bench/ceiling/run.sh runs both variants.
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "clients.hpp"
#include "server.hpp"

namespace kc = kibitz::bench::ceiling;

namespace {

const char* usage =
    "usage: kibitz-ceiling server  --port P [--writes 3|2] [--threads T] [--sndbuf BYTES] [--no-nodelay]\n"
    "       kibitz-ceiling clients --port P [--clients N] [--seconds S] [--warmup W] [--ports T]\n"
    "                              [--server-pid PID] [--label TEXT] [--rcvbuf BYTES] [--no-nodelay]\n"
    "Loopback only. Defaults: port 9100, writes 3, 1 thread/port, 1000 clients, 10 s after 2 s warm-up.\n";

template <class T>
bool num(const char* s, T& out) {
    auto [p, ec] = std::from_chars(s, s + std::strlen(s), out);
    return ec == std::errc() && *p == 0;
}

bool positive(const char* s, double& out) {
    char* end = nullptr;
    out = std::strtod(s, &end);
    return end && *end == 0 && out >= 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return std::fputs(usage, stderr), 2;
    std::string mode = argv[1];
    kc::server_options so;
    kc::clients_options co;
    if (mode != "server" && mode != "clients") return std::fputs(usage, stderr), 2;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--no-nodelay") {
            so.nodelay = co.nodelay = false;
            continue;
        }
        if (i + 1 >= argc) return std::fputs(usage, stderr), 2;
        const char* v = argv[++i];
        bool ok = true;
        if (a == "--port") ok = num(v, so.port) && num(v, co.port);
        else if (a == "--writes" && mode == "server") ok = num(v, so.writes) && (so.writes == 2 || so.writes == 3);
        else if (a == "--sndbuf" && mode == "server") ok = num(v, so.sndbuf);
        else if (a == "--threads" && mode == "server") ok = num(v, so.threads) && so.threads >= 1;
        else if (a == "--ports" && mode == "clients") ok = num(v, co.ports) && co.ports >= 1;
        else if (a == "--clients" && mode == "clients") ok = num(v, co.clients) && co.clients >= 2;
        else if (a == "--seconds" && mode == "clients") ok = positive(v, co.seconds) && co.seconds > 0;
        else if (a == "--warmup" && mode == "clients") ok = positive(v, co.warmup);
        else if (a == "--server-pid" && mode == "clients") ok = num(v, co.server_pid);
        else if (a == "--rcvbuf" && mode == "clients") ok = num(v, co.rcvbuf);
        else if (a == "--label" && mode == "clients") co.label = v;
        else ok = false;
        if (!ok) {
            std::fprintf(stderr, "kibitz-ceiling: bad flag or value: %s %s\n", a.c_str(), v);
            return std::fputs(usage, stderr), 2;
        }
    }
    co.clients -= co.clients % 2;
    return mode == "server" ? kc::run_server(so) : kc::run_clients(co);
}
