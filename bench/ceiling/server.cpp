#include "server.hpp"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "messages.hpp"
#include "net.hpp"
#include "ws_frame.hpp"

namespace kibitz::bench::ceiling {

namespace {

constexpr std::size_t event_frame = header_size(event_len, false) + event_len;  // 904
constexpr std::size_t ack_frame = header_size(ack_len, false) + ack_len;        // 72

struct conn {
    int fd = -1;
    long id = -1;  // from the hello; partner is id ^ 1
    bool out_armed = false;
    bool dead = false;
    std::size_t in_len = 0;
    out_buffer out;
    unsigned char in[2048];  // client frames are 86 bytes; a partial one waits here
};

struct loop_stats {
    std::uint64_t moves = 0, recvs = 0, waits = 0, events = 0, errors = 0;
    io_counters io;
    double cpu_s = 0;
    long nvcsw = 0, nivcsw = 0;
};

std::mutex print_mutex;

void print_stats(const char* what, int index, const loop_stats& s) {
    double m = s.moves ? static_cast<double>(s.moves) : 1;
    std::lock_guard lock(print_mutex);
    std::printf("server %s loop %d: %llu moves, CPU %.2f s = %.1f us/move; per move %.2f send(), %.2f recv(), "
                "%.2f epoll_wait(); %.1f events/wait; %llu short writes; ctx switches %ld vol %ld invol; %llu errors\n",
                what, index, static_cast<unsigned long long>(s.moves), s.cpu_s, s.cpu_s * 1e6 / m,
                static_cast<double>(s.io.sends) / m, static_cast<double>(s.recvs) / m,
                static_cast<double>(s.waits) / m,
                s.waits ? static_cast<double>(s.events) / static_cast<double>(s.waits) : 0.0,
                static_cast<unsigned long long>(s.io.short_writes), s.nvcsw, s.nivcsw,
                static_cast<unsigned long long>(s.errors));
    std::fflush(stdout);
}

// One epoll loop, single-threaded: owns its listening socket and its connections.
class server_loop {
public:
    server_loop(int listen_fd, int stop_fd, const server_options& o, int index)
        : listen_fd_(listen_fd), stop_fd_(stop_fd), writes_(o.writes), sndbuf_(o.sndbuf), nodelay_(o.nodelay),
          index_(index) {
        ep_ = epoll_create1(EPOLL_CLOEXEC);
        watch(listen_fd_, EPOLLIN, EPOLL_CTL_ADD);
        watch(stop_fd_, EPOLLIN, EPOLL_CTL_ADD);
        // Prebuilt [move event][ack]: a move only overwrites the ply digits.
        auto ev = payload_template(move_prefix, event_len), ack = payload_template(ack_prefix, ack_len);
        std::size_t h = put_server_header(frames_, event_len);
        std::memcpy(frames_ + h, ev.data(), event_len);
        std::size_t h2 = put_server_header(frames_ + event_frame, ack_len);
        std::memcpy(frames_ + event_frame + h2, ack.data(), ack_len);
        event_ply_ = frames_ + h + move_ply_at;
        ack_ply_ = frames_ + event_frame + h2 + ack_ply_at;
        ready_len_ = put_server_header(ready_, 1);
        ready_[ready_len_++] = 'R';
    }
    ~server_loop() { close(ep_); }

    loop_stats run() {
        epoll_event evs[512];
        for (;;) {
            int n = epoll_wait(ep_, evs, 512, -1);
            if (n < 0) {
                if (errno == EINTR) continue;
                break;
            }
            ++st_.waits;
            st_.events += static_cast<std::uint64_t>(n);
            for (int i = 0; i < n; ++i) {
                int fd = evs[i].data.fd;
                if (fd == stop_fd_) return finish();
                if (fd == listen_fd_) {
                    accept_all();
                    continue;
                }
                conn* c = static_cast<std::size_t>(fd) < by_fd_.size() ? by_fd_[fd].get() : nullptr;
                if (!c || c->dead) continue;
                if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) on_readable(*c);
                if (!c->dead && (evs[i].events & EPOLLOUT)) on_writable(*c);
            }
            // Closed after the batch, so no descriptor is reused inside one batch.
            for (conn* c : doomed_) destroy(*c);
            doomed_.clear();
        }
        return finish();
    }

private:
    void watch(int fd, std::uint32_t events, int op) {
        epoll_event e{};
        e.events = events;
        e.data.fd = fd;
        epoll_ctl(ep_, op, fd, &e);
    }

    void accept_all() {
        for (;;) {
            int fd = accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) return;  // EAGAIN (or EMFILE: the rest wait in the backlog)
            if (nodelay_) set_nodelay(fd);
            if (sndbuf_ > 0) setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf_, sizeof sndbuf_);
            if (static_cast<std::size_t>(fd) >= by_fd_.size()) by_fd_.resize(static_cast<std::size_t>(fd) + 1);
            by_fd_[fd] = std::make_unique<conn>();
            by_fd_[fd]->fd = fd;
            watch(fd, EPOLLIN, EPOLL_CTL_ADD);
            if (live_++ == 0) session_begin();
        }
    }

    // One recv per readiness (level-triggered: anything left fires again), then
    // every complete frame is handled in place; a partial tail moves to the front.
    void on_readable(conn& c) {
        ++st_.recvs;
        ssize_t k = recv(c.fd, c.in + c.in_len, sizeof c.in - c.in_len, 0);
        if (k <= 0) {
            if (k < 0 && (errno == EAGAIN || errno == EINTR)) return;
            return kill(c);
        }
        c.in_len += static_cast<std::size_t>(k);
        std::size_t at = 0;
        while (!c.dead) {
            auto f = parse_frame(c.in + at, c.in_len - at, ws::sender::client);
            if (f.status == 0) break;
            if (f.status < 0) {
                ++st_.errors;
                return kill(c);
            }
            on_frame(c, f.payload, f.len);
            at += f.size;
        }
        if (at > 0 && at < c.in_len) std::memmove(c.in, c.in + at, c.in_len - at);
        c.in_len -= at;
        if (c.in_len == sizeof c.in) {  // a frame larger than the buffer: not ours
            ++st_.errors;
            kill(c);
        }
    }

    void on_frame(conn& a, const unsigned char* p, std::size_t len) {
        if (len > 1 && p[0] == 'H') return on_hello(a, p + 1, len - 1);
        if (len < move_ply_at + ply_digits || p[kind_at] != 'm' || a.id < 0) {
            ++st_.errors;
            return;
        }
        ++st_.moves;
        std::memcpy(event_ply_, p + move_ply_at, ply_digits);
        std::memcpy(ack_ply_, p + move_ply_at, ply_digits);
        if (conn* b = partner(a)) send(*b, frames_, event_frame);  // the opponent first
        if (writes_ == 2) {
            send(a, frames_, event_frame + ack_frame);
        } else {
            send(a, frames_, event_frame);
            send(a, frames_ + event_frame, ack_frame);
        }
    }

    void on_hello(conn& c, const unsigned char* p, std::size_t len) {
        long id = 0;
        for (std::size_t i = 0; i < len; ++i) id = id * 10 + (p[i] - '0');
        c.id = id;
        if (static_cast<std::size_t>(id) >= by_id_.size()) by_id_.resize(static_cast<std::size_t>(id) + 2, nullptr);
        by_id_[id] = &c;
        if (conn* b = partner(c)) {
            send(c, ready_, ready_len_);
            send(*b, ready_, ready_len_);
        }
    }

    conn* partner(const conn& c) {
        auto j = static_cast<std::size_t>(c.id ^ 1);
        conn* b = j < by_id_.size() ? by_id_[j] : nullptr;
        return b && !b->dead ? b : nullptr;
    }

    void send(conn& c, const unsigned char* p, std::size_t n) {
        if (c.dead) return;
        switch (send_or_queue(c.fd, c.out, p, n, st_.io)) {
        case io_result::done: return;
        case io_result::failed: return kill(c);
        case io_result::pending:
            if (!c.out_armed) {
                c.out_armed = true;
                watch(c.fd, EPOLLIN | EPOLLOUT, EPOLL_CTL_MOD);
            }
        }
    }

    void on_writable(conn& c) {
        auto r = flush(c.fd, c.out, st_.io);
        if (r == io_result::failed) return kill(c);
        if (r == io_result::done && c.out_armed) {
            c.out_armed = false;
            watch(c.fd, EPOLLIN, EPOLL_CTL_MOD);
        }
    }

    void kill(conn& c) {
        if (c.dead) return;
        c.dead = true;
        doomed_.push_back(&c);
    }

    void destroy(conn& c) {
        if (c.id >= 0 && static_cast<std::size_t>(c.id) < by_id_.size() && by_id_[c.id] == &c) by_id_[c.id] = nullptr;
        int fd = c.fd;
        close(fd);  // also leaves the epoll set
        by_fd_[fd].reset();
        if (--live_ == 0) session_end();
    }

    loop_stats sample() const {
        loop_stats s = st_;
        rusage u{};
        getrusage(RUSAGE_THREAD, &u);
        s.cpu_s = thread_cpu_s();
        s.nvcsw = u.ru_nvcsw;
        s.nivcsw = u.ru_nivcsw;
        return s;
    }

    void session_begin() { session0_ = sample(); }

    void session_end() {
        loop_stats now = sample(), d = now;
        d.moves -= session0_.moves, d.recvs -= session0_.recvs, d.waits -= session0_.waits;
        d.events -= session0_.events, d.errors -= session0_.errors;
        d.io.sends -= session0_.io.sends, d.io.short_writes -= session0_.io.short_writes;
        d.cpu_s -= session0_.cpu_s, d.nvcsw -= session0_.nvcsw, d.nivcsw -= session0_.nivcsw;
        print_stats("session", index_, d);
    }

    loop_stats finish() {
        for (auto& c : by_fd_)
            if (c) close(c->fd);
        return sample();
    }

    int ep_ = -1, listen_fd_, stop_fd_, writes_, sndbuf_;
    bool nodelay_;
    int index_;
    std::vector<std::unique_ptr<conn>> by_fd_;
    std::vector<conn*> by_id_;
    std::vector<conn*> doomed_;
    std::size_t live_ = 0;
    loop_stats st_, session0_;
    unsigned char frames_[event_frame + ack_frame];
    unsigned char* event_ply_;
    unsigned char* ack_ply_;
    unsigned char ready_[8];
    std::size_t ready_len_;
};

}  // namespace

int run_server(const server_options& o) {
    raise_fd_limit();
    // The signals are taken by sigwait below; the loops never see them.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);

    int stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    std::vector<int> listeners;
    for (int t = 0; t < o.threads; ++t) {
        auto port = static_cast<std::uint16_t>(o.port + t);
        int fd = listen_tcp(port);
        if (fd < 0) {
            std::fprintf(stderr, "kibitz-ceiling server: cannot listen on 127.0.0.1:%u: %s\n", port, strerror(errno));
            return 1;
        }
        listeners.push_back(fd);
    }
    std::printf("kibitz-ceiling server: listening on 127.0.0.1:%u..%u, %d loop(s), writes %d, nodelay %d\n",
                o.port, o.port + o.threads - 1, o.threads, o.writes, o.nodelay ? 1 : 0);
    std::fflush(stdout);

    std::vector<loop_stats> totals(static_cast<std::size_t>(o.threads));
    std::vector<std::thread> threads;
    for (int t = 0; t < o.threads; ++t)
        threads.emplace_back([&, t] {
            server_loop loop(listeners[t], stop_fd, o, t);
            totals[t] = loop.run();
        });
    int sig = 0;
    sigwait(&set, &sig);
    std::uint64_t one = 1;
    [[maybe_unused]] auto w = write(stop_fd, &one, sizeof one);  // every loop watches it
    for (auto& t : threads) t.join();
    for (int t = 0; t < o.threads; ++t) print_stats("total", t, totals[t]);
    for (int fd : listeners) close(fd);
    close(stop_fd);
    return 0;
}

}  // namespace kibitz::bench::ceiling
