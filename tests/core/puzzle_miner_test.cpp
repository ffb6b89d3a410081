// The puzzle miner (core/engine/puzzle_miner.hpp): the only-winning-move test
// on known positions, the themes read from a known line, and a small mining
// run: deterministic, every puzzle re-checked along its whole line, no
// position twice, none from the opening.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/puzzle_line.hpp"
#include "engine/puzzle_miner.hpp"
#include "engine/puzzle_replay.hpp"
#include "kibitz/core/game.hpp"
#include "kibitz/core/registry.hpp"

namespace {

using namespace kibitz::core;
namespace engine = kibitz::core::engine;

// White gives a man (22-18 15x22) for a triple jump that crowns (26x17x10x1);
// every other move keeps the game level.
constexpr const char* shot = "W:WK2,21,22,23,25,26,27,28,29,30,31:B3,4,5,6,9,11,12,14,15";

std::unique_ptr<game> load(const char* id, const char* text) {
    auto g = find_game(id)->from_position(text);
    REQUIRE(g);
    return std::move(g).value();
}

std::vector<engine::puzzle> mine(const char* id, const engine::mine_settings& s) {
    std::vector<engine::puzzle> out;
    engine::mine_puzzles(*find_game(id), s, [&](const engine::puzzle& p) { out.push_back(p); });
    return out;
}

}  // namespace

TEST_CASE("the only winning move is found where one move alone wins, and not at the start") {
    engine::workspace ws(4);
    const game_info& info = *find_game("checkers");
    auto g = load("checkers", shot);
    const auto om = engine::only_winning_move(info, *g, 6, ws);
    REQUIRE(om.found);
    CHECK(g->move_text(om.move) == "22-18");
    CHECK_FALSE(engine::only_winning_move(info, *info.new_game(), 6, ws).found);
}

TEST_CASE("the line follows the opponent's best reply and the themes read what it does") {
    engine::workspace ws(4);
    const game_info& info = *find_game("checkers");
    auto g = load("checkers", shot);
    auto line = engine::follow_line(info, *g, {8, 7}, ws);
    REQUIRE(line);
    const std::vector<std::string> expected = {"22-18", "15x22", "26x17x10x1"};
    CHECK(line.value().moves == expected);
    const auto themes = info.puzzles.themes(engine::facts_of(*g, line.value().moves));
    CHECK(themes ==
          std::vector<std::string>{"multi-jump", "give one take two", "breakthrough to crown"});
}

TEST_CASE("a puzzle whose first move is not the only winner is refused by the re-check") {
    const game_info& info = *find_game("checkers");
    engine::puzzle p{shot, {"22-17"}, {}, 6, 1500};
    CHECK(engine::check_puzzle(info, p, 6, false).find("the only winning move is 22-18") !=
          std::string::npos);
    p.moves = {"22-18", "9-14"};  // not a legal reply: 15x22 is compulsory
    CHECK(engine::check_puzzle(info, p, 6, false).find("move 2") != std::string::npos);
    p.moves = {"22-18", "15x22", "26x17x10x1"};
    CHECK(engine::check_puzzle(info, p, 8, true).empty());
}

TEST_CASE("mining is deterministic and every puzzle holds along its whole line") {
    for (const char* id : {"checkers", "ouril"}) {
        CAPTURE(id);
        engine::mine_settings s;
        s.games = 3;
        s.seed = 5;
        s.find_depth = 4;
        s.verify_depth = 6;
        const auto a = mine(id, s), b = mine(id, s);
        REQUIRE(!a.empty());
        REQUIRE(a.size() == b.size());
        std::set<std::string> positions;
        for (std::size_t i = 0; i < a.size(); ++i) {
            CHECK(a[i].position == b[i].position);
            CHECK(a[i].moves == b[i].moves);
            CHECK(positions.insert(a[i].position).second);
            CHECK(engine::check_puzzle(*find_game(id), a[i], s.verify_depth, true) == "");
            CHECK(a[i].depth >= 1);
            CHECK(a[i].depth <= s.find_depth);
        }
    }
}

TEST_CASE("no puzzle comes from the opening plies") {
    engine::mine_settings s;
    s.games = 2;
    s.find_depth = 4;
    s.verify_depth = 6;
    s.opening_plies = 1000;
    CHECK(mine("checkers", s).empty());
}

TEST_CASE("each puzzle carries the move that led to it, and a replay without screening finds it") {
    for (const char* id : {"checkers", "oware"}) {
        CAPTURE(id);
        const game_info& info = *find_game(id);
        engine::mine_settings s;
        s.games = 4;
        s.seed = 7;
        s.find_depth = 4;
        s.verify_depth = 6;
        const auto mined = mine(id, s);
        REQUIRE(mined.size() >= 2);
        std::vector<engine::mined_position> wanted;
        for (const auto& p : mined) {
            // The last move is legal before and yields the puzzle's position.
            auto g = info.from_position(p.before);
            REQUIRE(g);
            REQUIRE(g.value()->try_move(p.last_move));
            CHECK(info.from_position(g.value()->position_text()).value()->position_text() ==
                  p.position);
            wanted.push_back({p.position, static_cast<int>(p.moves.size())});
        }
        engine::replay_settings r;
        r.seed = s.seed;
        r.games = s.games;
        engine::replay_stats stats;
        const auto found = engine::find_last_moves(info, r, wanted, stats);
        REQUIRE(found.size() == mined.size());
        for (std::size_t i = 0; i < found.size(); ++i) {
            CHECK(found[i].found);
            CHECK(found[i].last_move == mined[i].last_move);
            CHECK(found[i].before == mined[i].before);
        }
        CHECK(stats.out_of_order == 0);
    }
}
