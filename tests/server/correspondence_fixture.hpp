#pragma once
// What the correspondence suites share (test_correspondence, _idle,
// test_premoves, test_your_turn, test_notifications): a fixed noon for the
// server's manual clock, a day, a days-per-move time control, and a server on
// a database whose time of day is that clock.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "domain/wall_clock.hpp"
#include "kibitz/core/registry.hpp"
#include "store_helpers.hpp"

namespace kibitz::test {

inline constexpr std::int64_t noon = 1'600'000'000'000;  // 2020-09-13, far from today
inline constexpr std::int64_t day = 24LL * 60 * 60 * 1000;

// The time control of a correspondence game of `n` days per move.
inline json days(int n) { return {{"days", n}}; }

// A server on `db` whose clock is `clock`; deadlines checked every 10 ms of
// real time so a test that moves the clock sees them fire at once.
inline std::function<void(server::server_config&)> corres_server(
    const std::string& db, const server::manual_clock& clock) {
    return [&db, &clock](server::server_config& c) {
        with_db(db)(c);
        c.clock = clock.clock();
        c.play.deadline_recheck = std::chrono::milliseconds(10);
    };
}

// The checkers moves after `moves` from the start, as the rules core writes them.
inline std::vector<std::string> legal_after(const std::vector<std::string>& moves) {
    auto g = core::find_game("checkers")->new_game();
    for (const auto& m : moves) g->play(g->parse_move(m).value());
    std::vector<std::string> out;
    for (std::size_t i = 0; i < g->move_count(); ++i) out.push_back(g->move_text(i));
    return out;
}

}  // namespace kibitz::test
