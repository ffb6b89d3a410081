// The store alone, the same bench on either backend:
//   bench_store --db <SQLite file | postgresql://...> [--games 64] [--moves 100]
// 1. latency: one game, one move at a time, each awaited (a commit each);
// 2. throughput: `games` games at once, each sending its next move when the
//    previous one is acknowledged (as rooms do under load), so the writer's
//    group commit covers whatever is queued meanwhile.
// Prints moves committed per second and the store process's CPU per move
// (for PostgreSQL the database server's own CPU is not included).
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <future>
#include <memory>
#include <string>

#include "store/pg_store.hpp"
#include "store/sqlite_store.hpp"

using namespace kibitz::server::storage;
using clock_type = std::chrono::steady_clock;

namespace {
double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::unique_ptr<store> open_db(const std::string& db) {
    if (is_postgresql_url(db)) {
        auto s = pg_store::open({db});
        if (!s) std::fprintf(stderr, "%s\n", s.reason().c_str());
        return s ? std::move(s).value() : nullptr;
    }
    auto s = sqlite_store::open({db});
    if (!s) std::fprintf(stderr, "%s\n", s.reason().c_str());
    return s ? std::move(s).value() : nullptr;
}

template <class T, class F>
kibitz::core::result<T> wait(F start) {
    std::promise<kibitz::core::result<T>> p;
    start([&](kibitz::core::result<T> r) { p.set_value(std::move(r)); });
    return p.get_future().get();
}

// One game's chain: each acknowledgement sends the next move.
struct chain : std::enable_shared_from_this<chain> {
    store& s;
    game_key key;
    int moves, ply = 0;
    std::atomic<int>& left;
    std::promise<void>& done;
    std::atomic<int>& failed;
    chain(store& s, game_key k, int m, std::atomic<int>& l, std::promise<void>& d, std::atomic<int>& f)
        : s(s), key(k), moves(m), left(l), done(d), failed(f) {}
    void next() {
        auto self = shared_from_this();
        s.append_move(key, {ply, ply % 2, "m", {1, 2}, ply}, [self](kibitz::core::result<bool> r) {
            if (!r) ++self->failed;
            if (++self->ply < self->moves && r) return self->next();
            if (--self->left == 0) self->done.set_value();
        });
    }
};
}  // namespace

int main(int argc, char** argv) {
    std::string db;
    int games = 64, moves = 100;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--db")) db = argv[i + 1];
        else if (!std::strcmp(argv[i], "--games")) games = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--moves")) moves = std::atoi(argv[i + 1]);
    }
    if (db.empty() || games < 1 || moves < 1) {
        std::fprintf(stderr, "usage: bench_store --db <file|postgresql://...> [--games N] [--moves N]\n");
        return 2;
    }
    auto s = open_db(db);
    if (!s) return 1;
    auto who = wait<player>([&](auto h) { s->create_guest("bench", 1, h); });
    if (!who) return 1;
    auto p = who.value();
    auto start = [&] {
        return wait<game_key>([&](auto h) { s->start_game({{"oware", 0, 0, false, false, ""}, {p.id, p.id}, 1, "", nullptr}, h); })
            .value();
    };

    // 1. latency
    auto g = start();
    auto t0 = clock_type::now();
    for (int ply = 0; ply < moves; ++ply)
        if (!wait<bool>([&](auto h) { s->append_move(g, {ply, ply % 2, "m", {1, 2}, ply}, h); })) return 1;
    double us = std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / moves;
    std::printf("latency: %d moves one at a time: %.0f us per move\n", moves, us);

    // 2. throughput
    std::vector<game_key> keys;
    for (int i = 0; i < games; ++i) keys.push_back(start());
    std::atomic<int> left{games}, failed{0};
    std::promise<void> done;
    double cpu0 = cpu_seconds();
    t0 = clock_type::now();
    for (auto k : keys) std::make_shared<chain>(*s, k, moves, left, done, failed)->next();
    done.get_future().wait();
    double secs = std::chrono::duration<double>(clock_type::now() - t0).count();
    double cpu = cpu_seconds() - cpu0;
    double total = double(games) * moves;
    std::printf("throughput: %d games x %d moves: %.0f moves/s, %.1f us store-process CPU per move%s\n",
                games, moves, total / secs, cpu / total * 1e6, failed ? " (FAILURES)" : "");
    return failed ? 1 : 0;
}
