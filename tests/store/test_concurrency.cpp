#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <thread>

#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;

namespace {
// Built by appending: GCC 12 at -O3 warns falsely on "literal" + std::string.
std::string label(const char* prefix, int a, int b = -1) {
    std::string out = prefix;
    out += std::to_string(a);
    if (b >= 0) {
        out += 'm';
        out += std::to_string(b);
    }
    return out;
}
}  // namespace

TEST_CASE("concurrency: 200 games x 50 moves from 8 threads, nothing lost") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    constexpr int games = 200, moves = 50, threads = 8;
    std::vector<game_key> keys(games);
    auto t0 = std::chrono::steady_clock::now();
    {
        auto s = test::open_store(path);
        auto a = test::must<player>([&](auto h) { s->create_guest("A", 1, h); });
        auto b = test::must<player>([&](auto h) { s->create_guest("B", 1, h); });
        std::atomic<int> acked{0}, failed{0};
        std::mutex m;
        std::condition_variable done;
        auto ack = [&](core::result<bool> r) {
            if (!r) ++failed;
            if (++acked == games * moves) {
                std::lock_guard lock(m);
                done.notify_all();
            }
        };
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                // Each thread plays its games interleaved, one move in each at a time,
                // as rooms on different strands would.
                for (int g = t; g < games; g += threads)
                    keys[g] = s->start_game({{"checkers", 60000, 0, false, false, ""}, {a.id, b.id}, 1, ""}, nullptr);
                for (int ply = 0; ply < moves; ++ply)
                    for (int g = t; g < games; g += threads)
                        s->append_move(keys[g],
                                       {ply, ply % 2, label("g", g, ply),
                                        {60000 - ply, 60000 - 2 * ply}, ply},
                                       ack);
            });
        for (auto& th : pool) th.join();
        std::unique_lock lock(m);
        done.wait(lock, [&] { return acked == games * moves; });
        CHECK(failed == 0);
    }
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    MESSAGE("200 games x 50 moves, synchronous=FULL, group commit: " << ms << " ms");
    auto s = test::open_store(path);
    auto all = test::must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(all.size() == games);
    int bad = 0;
    for (auto& r : all) {
        int g = static_cast<int>(std::find(keys.begin(), keys.end(), r.summary.id) - keys.begin());
        if (static_cast<int>(r.moves.size()) != moves) ++bad;
        for (int ply = 0; ply < static_cast<int>(r.moves.size()); ++ply)
            if (r.moves[ply].notation != label("g", g, ply) ||
                r.moves[ply].clock_ms[1] != 60000 - 2 * ply)
                ++bad;
    }
    CHECK(bad == 0);
}

TEST_CASE("durability: after SIGKILL every acknowledged move is in the file") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    int pipe_fd[2];
    REQUIRE(::pipe(pipe_fd) == 0);
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // Child: a "server" that writes moves as fast as it can and reports
        // each acknowledgement; it never gets to shut down cleanly.
        ::close(pipe_fd[0]);
        auto s = sqlite_store::open({path});
        if (!s) ::_exit(2);
        auto& st = *s.value();
        std::promise<player> p;
        st.create_guest("K", 1, [&](core::result<player> r) { p.set_value(r.value()); });
        auto who = p.get_future().get();
        auto g = st.start_game({{"oware", 0, 0, false, false, ""}, {who.id, who.id}, 1, ""}, nullptr);
        // Bursts of 16 moves in flight, so memory stays bounded until the kill.
        for (int ply = 0;; ply += 16) {
            auto burst = std::make_shared<std::promise<void>>();
            for (int i = ply; i < ply + 16; ++i)
                st.append_move(g, {i, i % 2, label("m", i), {1, 2}, i},
                               [fd = pipe_fd[1], i, last = i == ply + 15, burst](core::result<bool> r) {
                                   if (r) (void)!::write(fd, &i, sizeof i);
                                   if (last) burst->set_value();
                               });
            burst->get_future().wait();
        }
    }
    ::close(pipe_fd[1]);
    int last = -1, got = 0;
    while (last < 300 && ::read(pipe_fd[0], &got, sizeof got) == sizeof got) last = got;
    ::kill(child, SIGKILL);
    while (::read(pipe_fd[0], &got, sizeof got) == sizeof got) last = got;  // acks sent before death
    ::close(pipe_fd[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK(WIFSIGNALED(status));
    REQUIRE(last >= 300);
    auto s = test::open_store(path);
    auto games = test::must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 1);
    MESSAGE("acknowledged " << last + 1 << " moves before SIGKILL; file holds " << games[0].moves.size());
    CHECK(static_cast<int>(games[0].moves.size()) >= last + 1);
    for (int i = 0; i < static_cast<int>(games[0].moves.size()); ++i)
        CHECK(games[0].moves[i].notation == label("m", i));
}

TEST_CASE("latency: one move at a time, each awaited (one commit and fsync each)") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto a = test::must<player>([&](auto h) { s->create_guest("A", 1, h); });
    auto g = s->start_game({{"oware", 0, 0, false, false, ""}, {a.id, a.id}, 1, ""}, nullptr);
    constexpr int n = 200;
    auto t0 = std::chrono::steady_clock::now();
    for (int ply = 0; ply < n; ++ply)
        REQUIRE(test::get<bool>([&](auto h) { s->append_move(g, {ply, ply % 2, "a", {1, 1}, ply}, h); }).ok());
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count();
    MESSAGE("append_move round trip, synchronous=FULL: " << us / n << " us per move");
}

TEST_CASE("closing: handlers that call the store again while it closes reach the whole store") {
    // A read's handler that starts a write, as notifications and log-in do,
    // still running while the store is destroyed (the server's shutdown).
    test::temp_dir dir;
    auto path = dir.file("k.db");
    constexpr int reads = 50;
    std::atomic<int> written{0};
    {
        std::unique_ptr<store> s = test::open_store(path);
        store* whole = s.get();
        for (int i = 0; i < reads; ++i)
            whole->find_login(label("nobody", i), [whole, i, &written](
                                                      core::result<std::optional<account_login>>) {
                whole->create_guest(label("late", i), 1, [&written](core::result<player> r) {
                    if (r) ++written;
                });
            });
        s.reset();
    }
    CHECK(written.load() == reads);
}
