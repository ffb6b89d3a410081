// The search on several threads (lazy SMP, limits::threads): the helpers
// write the shared table while the first thread reads it, so this suite runs
// under ThreadSanitizer too (tests/safety_net.sh). A torn or misread slot
// would show as a wrong value where the truth is known (tic-tac-toe, solved
// whole), and a helper that missed the end of the search would hang the join.
#include <doctest/doctest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <map>
#include <system_error>
#include <thread>
#include <vector>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"
#include "reduced.hpp"
#include "tic_tac_toe.hpp"

namespace core = kibitz::core;
namespace engine = kibitz::core::engine;
using namespace kibitz::test::ttt;

TEST_CASE("four threads sharing one table still solve every tic-tac-toe position exactly") {
    const tic_tac_toe a;
    std::map<std::uint32_t, int> value;
    solve(a, board{}, value);
    // One small table for every search, kept between them: the helpers'
    // entries of one position are read by the next search too.
    engine::workspace ws(1);
    engine::limits l;
    l.depth = 40;
    l.threads = 4;
    l.keep_table = true;
    const int step = kibitz::test::full_or_reduced(1, 8);
    int checked = 0, n = 0;
    for (const auto& [code, exact] : value) {
        const board p{std::uint16_t(code & 0777), std::uint16_t(code >> 9)};
        engine::root_input<tic_tac_toe> in;
        in.pos = p;
        a.generate(p, in.moves);
        if (a.terminal(p) != engine::outcome::none || in.moves.empty() || n++ % step) continue;
        INFO("x " << p.x << " o " << p.o);
        const auto r = engine::search_root(a, in, l, 0, {}, ws);
        CHECK(r.score == exact);
        REQUIRE(r.index < in.moves.size());
        CHECK(one_ply_up(value.at(code_of(a.play(p, in.moves[r.index])))) == exact);
        ++checked;
    }
    CHECK(checked * step >= 4500);
}

TEST_CASE("two threads in every game: a legal move, stopped by the flag") {
    for (const auto& info : core::all_games()) {
        if (!info.think) continue;
        INFO(info.id);
        auto g = info.new_game();
        // No budget but the flag, raised at the third report: the helpers,
        // which never look at it, must stop with the first thread.
        std::atomic<bool> stop{false};
        engine::limits l;
        l.stop = &stop;
        l.threads = 2;
        std::uint64_t reported = 0;
        int reports = 0;
        auto r = engine::think(*g, l, [&](const engine::info& i) {
            reported = i.nodes;
            if (++reports == 3) stop = true;
        });
        REQUIRE(r.ok());
        CHECK(reports >= 3);
        CHECK(r.value().move < g->move_count());
        CHECK(r.value().nodes >= reported);
    }
}

TEST_CASE("a node budget stops the first thread; the report counts the helper's nodes too") {
    // The budget is the first thread's alone, checked every few hundred
    // nodes, so one thread reports within that slack of it. With a helper
    // searching beside it for the whole budget, the report must be well past
    // it: without the helper's nodes it would be within the slack.
    constexpr std::uint64_t budget = 400'000, slack = 4'096;
    for (const char* id : {"checkers", "oware"}) {
        INFO(id);
        auto g = core::find_game(id)->new_game();
        engine::limits l;
        l.nodes = budget;
        const auto alone = engine::think(*g, l);
        REQUIRE(alone.ok());
        CHECK(alone.value().nodes >= budget);
        CHECK(alone.value().nodes <= budget + slack);
        l.threads = 2;
        const auto with_helper = engine::think(*g, l);
        REQUIRE(with_helper.ok());
        CHECK(with_helper.value().nodes > budget + slack);
    }
}

// The sanitizers' runtimes reserve terabytes of address space: no limit on it
// can be set under them, so the next case runs in the plain builds only.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define KIBITZ_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define KIBITZ_TEST_SANITIZED 1
#endif
#endif

TEST_CASE("a helper the system will not start is one fewer, not a failed search") {
#ifndef KIBITZ_TEST_SANITIZED
    auto g = core::find_game("checkers")->new_game();
    engine::workspace ws(1);
    engine::limits l;
    l.depth = 6;
    l.threads = 8;
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // The address space in use now and 2 MiB more: no room for a thread's stack.
        std::size_t pages = 0;
        std::ifstream("/proc/self/statm") >> pages;
        const rlim_t cap = pages * static_cast<rlim_t>(sysconf(_SC_PAGESIZE)) + (2u << 20);
        const rlimit r{cap, cap};
        if (setrlimit(RLIMIT_AS, &r) != 0) _exit(3);
        // Threads still start on stacks the C library kept from threads that
        // ended (earlier cases): occupy those until no thread starts at all.
        std::atomic<bool> release{false};
        std::vector<std::thread> parked;
        try {
            while (parked.size() < 200) parked.emplace_back([&] { release.wait(false); });
        } catch (const std::system_error&) {
        }
        if (parked.size() == 200) _exit(2);  // threads still start: the case would prove nothing
        auto found = engine::think(*g, l, {}, ws);
        release = true;
        release.notify_all();
        for (auto& t : parked) t.join();
        _exit(found.ok() && found.value().move < g->move_count() ? 0 : 1);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE_MESSAGE(WIFEXITED(status), "the search died: status ", status);
    CHECK_MESSAGE(WEXITSTATUS(status) != 2, "the limit did not stop a thread from starting");
    CHECK_MESSAGE(WEXITSTATUS(status) != 3, "setrlimit failed");
    CHECK(WEXITSTATUS(status) == 0);
#endif
}
