#include "clients.hpp"

#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <array>
#include <cstring>
#include <string>
#include <memory>
#include <vector>

#include "load/histogram.hpp"
#include "messages.hpp"
#include "net.hpp"
#include "ws_frame.hpp"

namespace kibitz::bench::ceiling {

namespace {

constexpr std::size_t move_frame = header_size(move_len, true) + move_len;  // 86

struct client {
    int fd = -1;
    int id = 0;
    bool out_armed = false;
    bool dead = false;
    std::size_t in_len = 0;
    out_buffer out;
    unsigned char in[8192];  // at most two events and an ack are ever in flight to one client
};

// One game: the ply to send next and when each of the last two plies was sent
// (ply p's time stays valid until ply p + 2, which needs the ack of p read first).
struct game_pair {
    std::uint64_t next_ply = 0;
    std::uint64_t sent_us[2] = {0, 0};
    bool started = false;
};

struct counters {
    std::uint64_t moves_acked = 0, opp_seen = 0, own_echo = 0, recvs = 0, waits = 0, events = 0;
    std::uint64_t bytes_in = 0, errors = 0;
    io_counters io;
};

class client_loop {
public:
    explicit client_loop(const clients_options& o) : o_(o) {
        ep_ = epoll_create1(EPOLL_CLOEXEC);
        auto t = payload_template(move_prefix, move_len);
        std::memcpy(move_payload_, t.data(), move_len);
    }
    ~client_loop() {
        for (auto& c : clients_)
            if (c->fd >= 0) close(c->fd);
        close(ep_);
    }

    int run() {
        if (!connect_all()) return 1;
        std::uint64_t t0 = now_us();
        auto warm_end = t0 + static_cast<std::uint64_t>(o_.warmup * 1e6);
        auto end = warm_end + static_cast<std::uint64_t>(o_.seconds * 1e6);
        bool measuring = false;
        cpu_times cpu0, srv0;
        std::uint64_t m0 = 0;
        epoll_event evs[512];
        for (;;) {
            std::uint64_t now = now_us();
            if (!measuring && now >= warm_end) {
                measuring = measuring_ = true;
                c_ = counters{};
                ack_.clear();
                opp_.clear();
                cpu0 = process_cpu();
                srv0 = pid_cpu(o_.server_pid);
                m0 = now;
            }
            if (now >= end) break;
            auto next = measuring ? end : warm_end;
            int timeout = static_cast<int>((next - now + 999) / 1000);
            int n = epoll_wait(ep_, evs, 512, timeout);
            if (n < 0 && errno != EINTR) break;
            ++c_.waits;
            for (int i = 0; i < n; ++i) {
                client& c = *clients_[evs[i].data.u32];
                if (c.dead) continue;
                if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) on_readable(c);
                if (!c.dead && (evs[i].events & EPOLLOUT)) on_writable(c);
            }
            c_.events += static_cast<std::uint64_t>(n > 0 ? n : 0);
        }
        double secs = static_cast<double>(now_us() - m0) / 1e6;
        report(secs, process_cpu() - cpu0, pid_cpu(o_.server_pid) - srv0);
        return dead_ > 0 || c_.errors > 0 ? 1 : 0;
    }

private:
    bool connect_all() {
        for (int i = 0; i < o_.clients; ++i) {
            auto port = static_cast<std::uint16_t>(o_.port + (i / 2) % o_.ports);
            int fd = connect_tcp(port, o_.nodelay, o_.rcvbuf);
            if (fd < 0) {
                std::fprintf(stderr, "kibitz-ceiling clients: connect %d to 127.0.0.1:%u failed: %s\n", i, port,
                             strerror(errno));
                return false;
            }
            auto c = std::make_unique<client>();
            c->fd = fd;
            c->id = i;
            epoll_event e{};
            e.events = EPOLLIN;
            e.data.u32 = static_cast<std::uint32_t>(i);
            epoll_ctl(ep_, EPOLL_CTL_ADD, fd, &e);
            clients_.push_back(std::move(c));
            auto hello = "H" + std::to_string(i);
            send_frame(*clients_.back(), reinterpret_cast<const unsigned char*>(hello.data()), hello.size());
        }
        pairs_.resize(static_cast<std::size_t>(o_.clients / 2));
        return true;
    }

    // Masks `len` bytes of payload into a frame with a fresh key (as a browser
    // does for every frame) and sends it.
    void send_frame(client& c, const unsigned char* payload, std::size_t len) {
        rng_ ^= rng_ << 13, rng_ ^= rng_ >> 7, rng_ ^= rng_ << 17;  // xorshift64
        std::array<std::uint8_t, 4> key;
        std::memcpy(key.data(), &rng_, 4);
        frame_.clear();  // keeps its capacity
        ws::append_client_frame(frame_, ws::opcode::text,
                                {reinterpret_cast<const char*>(payload), len}, key);
        send(c, reinterpret_cast<const unsigned char*>(frame_.data()), frame_.size());
    }

    void send_move(client& c, game_pair& g) {
        std::uint64_t ply = g.next_ply++;
        put_ply(move_payload_ + move_ply_at, ply);
        g.sent_us[ply & 1] = now_us();
        send_frame(c, move_payload_, move_len);
    }

    void send(client& c, const unsigned char* p, std::size_t n) {
        switch (send_or_queue(c.fd, c.out, p, n, c_.io)) {
        case io_result::done: return;
        case io_result::failed: return kill(c);
        case io_result::pending:
            if (!c.out_armed) arm(c, true);
        }
    }

    void arm(client& c, bool out) {
        c.out_armed = out;
        epoll_event e{};
        e.events = EPOLLIN | (out ? EPOLLOUT : 0u);
        e.data.u32 = static_cast<std::uint32_t>(c.id);
        epoll_ctl(ep_, EPOLL_CTL_MOD, c.fd, &e);
    }

    void on_writable(client& c) {
        auto r = flush(c.fd, c.out, c_.io);
        if (r == io_result::failed) return kill(c);
        if (r == io_result::done && c.out_armed) arm(c, false);
    }

    void on_readable(client& c) {
        ++c_.recvs;
        ssize_t k = recv(c.fd, c.in + c.in_len, sizeof c.in - c.in_len, 0);
        if (k <= 0) {
            if (k < 0 && (errno == EAGAIN || errno == EINTR)) return;
            return kill(c);
        }
        c_.bytes_in += static_cast<std::uint64_t>(k);
        c.in_len += static_cast<std::size_t>(k);
        std::size_t at = 0;
        while (!c.dead) {
            auto f = parse_frame(c.in + at, c.in_len - at, ws::sender::server);
            if (f.status == 0) break;
            if (f.status < 0) {
                ++c_.errors;
                return kill(c);
            }
            on_frame(c, f.payload, f.len);
            at += f.size;
        }
        if (at > 0 && at < c.in_len) std::memmove(c.in, c.in + at, c.in_len - at);
        c.in_len -= at;
        if (c.in_len == sizeof c.in) {
            ++c_.errors;
            kill(c);
        }
    }

    void on_frame(client& c, const unsigned char* p, std::size_t len) {
        auto seat = static_cast<unsigned>(c.id & 1);
        game_pair& g = pairs_[static_cast<std::size_t>(c.id / 2)];
        if (len == 1 && p[0] == 'R') {
            if (seat == 0 && !g.started) {
                g.started = true;
                send_move(c, g);
            }
            return;
        }
        bool is_move = len == event_len && p[kind_at] == 'm';
        bool is_ack = len == ack_len && p[kind_at] == 'a';
        if (!is_move && !is_ack) {
            ++c_.errors;
            return;
        }
        std::uint64_t ply = get_ply(p + (is_move ? move_ply_at : ack_ply_at));
        std::uint64_t now = now_us();
        std::uint64_t latency = now - g.sent_us[ply & 1];
        if ((ply & 1) != seat) {  // the partner's move: answer at once
            if (!is_move || ply + 1 != g.next_ply) {
                ++c_.errors;
                return;
            }
            ++c_.opp_seen;
            if (measuring_) opp_.record(latency);
            send_move(c, g);
        } else if (is_ack) {
            ++c_.moves_acked;
            if (measuring_) ack_.record(latency);
        } else {
            ++c_.own_echo;  // the event of our own move, sent to both players
        }
    }

    void kill(client& c) {
        if (c.dead) return;
        c.dead = true;
        ++dead_;
        close(c.fd);
        c.fd = -1;
    }

    void report(double secs, cpu_times cpu, cpu_times srv) const;

    const clients_options& o_;
    int ep_ = -1;
    std::vector<std::unique_ptr<client>> clients_;
    std::vector<game_pair> pairs_;
    unsigned char move_payload_[move_len];
    std::uint64_t rng_ = 0x9e3779b97f4a7c15ull;
    std::string frame_;  // the frame being sent, reused
    bool measuring_ = false;
    int dead_ = 0;
    counters c_;
    kibitz::bench::histogram ack_, opp_;
};

void client_loop::report(double secs, cpu_times cpu_t, cpu_times srv) const {
    double cpu = cpu_t.total(), srv_cpu = srv.ok ? srv.total() : -1;
    double moves = static_cast<double>(c_.moves_acked);
    double m = moves > 0 ? moves : 1;
    double mps = moves / secs;
    double srv_us = srv_cpu >= 0 ? srv_cpu * 1e6 / m : -1;
    double cli_us = cpu * 1e6 / m;
    auto ms = [](std::uint64_t us) { return static_cast<double>(us) / 1000.0; };
    auto lat = [&](const char* name, const kibitz::bench::histogram& h) {
        std::printf("  %-17s n=%-8llu p50 %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms\n", name,
                    static_cast<unsigned long long>(h.count()), ms(h.quantile(0.5)), ms(h.quantile(0.9)),
                    ms(h.quantile(0.99)), ms(h.max()));
    };
    std::string la = load_average();
    std::printf("kibitz-ceiling clients [%s]: %d clients (%d pairs) on %d port(s), measured %.2f s, load average %s\n",
                o_.label.c_str(), o_.clients, o_.clients / 2, o_.ports, secs, la.c_str());
    std::printf("  %llu moves acked = %.0f moves/s; %llu opponent events, %llu own echoes; %d connections lost, "
                "%llu errors\n",
                static_cast<unsigned long long>(c_.moves_acked), mps, static_cast<unsigned long long>(c_.opp_seen),
                static_cast<unsigned long long>(c_.own_echo), dead_, static_cast<unsigned long long>(c_.errors));
    lat("move -> ack", ack_);
    lat("move -> opponent", opp_);
    // Every pair always has one move in flight, so by Little's law the mean time
    // per ply is pairs / (moves/s): latency here is queueing, not the wire.
    if (mps > 0)
        std::printf("  closed loop: %d moves always in flight -> mean ply time %d / moves/s = %.3f ms\n",
                    o_.clients / 2, o_.clients / 2, 1000.0 * (o_.clients / 2) / mps);
    if (srv_us >= 0)
        std::printf("  server CPU %.2f s (%.0f%% of a core; user %.2f s, system %.2f s) = %.1f us/move\n", srv_cpu,
                    100 * srv_cpu / secs, srv.user, srv.sys, srv_us);
    std::printf("  clients CPU %.2f s (%.0f%% of a core; user %.2f s, system %.2f s) = %.1f us/move; per move %.2f send(), %.2f recv(), "
                "%.2f epoll_wait(), %.1f events/wait, %llu short writes, %.0f bytes in\n",
                cpu, 100 * cpu / secs, cpu_t.user, cpu_t.sys, cli_us, static_cast<double>(c_.io.sends) / m,
                static_cast<double>(c_.recvs) / m, static_cast<double>(c_.waits) / m,
                c_.waits ? static_cast<double>(c_.events) / static_cast<double>(c_.waits) : 0.0,
                static_cast<unsigned long long>(c_.io.short_writes), static_cast<double>(c_.bytes_in) / m);
    if (srv_us > 0)
        std::printf("  both CPUs: %.1f us/move -> at most %.0f moves/s on 2 fully used cores\n", srv_us + cli_us,
                    2e6 / (srv_us + cli_us));
    std::printf("RESULT %s clients=%d seconds=%.2f moves_per_s=%.0f ack_p50_ms=%.3f ack_p90_ms=%.3f ack_p99_ms=%.3f "
                "ack_max_ms=%.3f opp_p50_ms=%.3f opp_p90_ms=%.3f opp_p99_ms=%.3f opp_max_ms=%.3f "
                "server_us_per_move=%.1f clients_us_per_move=%.1f server_cpu_pct=%.0f clients_cpu_pct=%.0f "
                "errors=%llu lost=%d loadavg=%s\n",
                o_.label.empty() ? "-" : o_.label.c_str(), o_.clients, secs, mps, ms(ack_.quantile(0.5)),
                ms(ack_.quantile(0.9)), ms(ack_.quantile(0.99)), ms(ack_.max()), ms(opp_.quantile(0.5)),
                ms(opp_.quantile(0.9)), ms(opp_.quantile(0.99)), ms(opp_.max()), srv_us, cli_us,
                srv_cpu >= 0 ? 100 * srv_cpu / secs : -1.0, 100 * cpu / secs,
                static_cast<unsigned long long>(c_.errors), dead_, la.substr(0, la.find(' ')).c_str());
    std::fflush(stdout);
}

}  // namespace

int run_clients(const clients_options& o) {
    raise_fd_limit();
    auto loop = std::make_unique<client_loop>(o);  // ~8 KiB per client: off the stack
    return loop->run();
}

}  // namespace kibitz::bench::ceiling
