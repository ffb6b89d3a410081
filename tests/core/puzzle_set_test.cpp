// Every shipped puzzle (schema/puzzles/<game>.jsonl) re-checked, quickly: the
// position loads, every move of the line is legal in sequence, and the first
// move is the only winning one at the depth the puzzle states (the shallowest
// that sees it). The full check (every solver move at the mining's verify
// depth) is bench/puzzle_check.cpp.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include "engine/puzzle_miner.hpp"
#include "kibitz/core/registry.hpp"
#include "puzzle_file.hpp"

namespace {

using namespace kibitz::core;

// At least this many per game id: a guard against a cut file (issue 27 asks
// for 500; docs/puzzles.md says what the first set holds and why some games
// have fewer).
constexpr std::size_t least_per_game = 80;

// Every shipped puzzle comes from a game (self-play past its opening), so it
// has a last move: legal in the position before, and it yields the puzzle's
// position (as the page shows it: the board, then that move highlighted).
std::string last_move_leads_there(const game_info& info, const engine::puzzle& p) {
    if (p.last_move.empty() || p.before.empty()) return "no last move";
    auto before = info.from_position(p.before);
    if (!before) return "the position before does not load: " + before.reason();
    auto g = std::move(before).value();
    if (auto r = g->try_move(p.last_move); !r) return "the last move is illegal: " + r.reason();
    auto there = info.from_position(g->position_text());
    if (!there || there.value()->position_text() != p.position)
        return "the last move leads to " + g->position_text();
    return {};
}

}  // namespace

TEST_CASE("every shipped puzzle is legal and its first move the only winner at its depth") {
    for (const auto& info : all_games()) {
        const std::string id(info.id);
        CAPTURE(id);
        const auto path = std::string(KIBITZ_SOURCE_DIR) + "/schema/puzzles/" + id + ".jsonl";
        REQUIRE(std::filesystem::exists(path));
        const auto set = kibitz::test::read_puzzle_file(path);
        CHECK(set.size() >= least_per_game);
        std::set<std::string> ids, positions;
        for (const auto& s : set) {
            CAPTURE(s.id);
            CHECK(s.game == id);
            CHECK(ids.insert(s.id).second);
            CHECK(positions.insert(s.p.position).second);
            CHECK(engine::check_puzzle(info, s.p, s.p.depth, false) == "");
            CHECK(last_move_leads_there(info, s.p) == "");
        }
    }
}
