// The server's endgame tables (--endgame-dir), over real sockets: a small
// Oware table (8 seeds, built here: the 15-seed one takes a minute) in the
// directory, the analysis board's lines carry the table's result for a
// covered position, and the computer at level 8 plays one of the table's best
// moves there.
#include <fstream>
#include <random>

#include "helpers.hpp"
#include "kibitz/core/registry.hpp"
#include "temp_dir.hpp"

using namespace kibitz::test;
namespace core = kibitz::core;

namespace {

constexpr int table_seeds = 8;

// A covered position (South to move, stores 20 and 20, 8 seeds on the board)
// where the result is not a draw and some legal move throws it away, found
// by a fixed random sequence; with the moves that keep the table's result.
struct covered {
    std::string text;
    int lead = 0;  // South's final lead with perfect play
    std::vector<std::string> best;
};

covered find_covered(const core::game_info& info, std::span<const std::int8_t> table) {
    std::mt19937 rng(5);
    for (int tries = 0; tries < 10000; ++tries) {
        std::array<int, 12> pits{};
        for (int s = 0; s < table_seeds; ++s) ++pits[rng() % 12];
        std::string text = "S:";
        for (int i = 0; i < 12; ++i) text += std::to_string(pits[i]) + (i < 11 ? "," : ":20,20");
        auto g = info.from_position(text);
        if (!g || g.value()->current_status().over() || g.value()->move_count() < 2) continue;
        const auto lead = info.endgame.final_lead(*g.value(), table);
        if (!lead || *lead == 0) continue;
        covered c{text, *lead, {}};
        bool some_worse = false;
        for (std::size_t i = 0; i < g.value()->move_count(); ++i) {
            auto child = g.value()->clone();
            child->play(i);
            const auto after = info.endgame.final_lead(*child, table);
            if (child->current_status().over() || !after) {
                some_worse = true;  // not judged by the table: never one of its moves
                continue;
            }
            if (-*after == *lead) c.best.push_back(g.value()->move_text(i));
            else some_worse = true;
        }
        if (some_worse && !c.best.empty()) return c;
    }
    FAIL("no covered position found");
    return {};
}

}  // namespace

TEST_CASE("endgame tables: the analysis board shows the table's result, level 8 plays its move") {
    const auto* info = core::find_game("oware");
    REQUIRE(info);
    const std::vector<std::int8_t> table = info->endgame.build(table_seeds);
    temp_dir dir;
    {
        std::ofstream out(dir.path / "oware.egdb", std::ios::binary);
        out.write(reinterpret_cast<const char*>(table.data()),
                  static_cast<std::streamsize>(table.size()));
    }
    const covered pos = find_covered(*info, table);
    CAPTURE(pos.text);

    test_server srv([&](kibitz::server::server_config& c) {
        c.endgame_dir = dir.path.string();
        c.engine_nice = 0;
        c.play.computer_max_think = std::chrono::milliseconds(20);
        c.play.computer_natural_delay = false;
    });
    ws_client a(srv.port());
    a.hello();
    a.send(
        {{"t", "analysis.start"}, {"d", {{"game", "oware"}, {"position", pos.text}, {"id", 4}}}});
    auto line = a.expect("analysis.info", {}, 10000ms);
    REQUIRE(!line.is_null());
    const json& verdict = line["d"]["score"]["table"];
    REQUIRE(verdict.is_object());
    CHECK(verdict["lead"] == pos.lead);
    CHECK(verdict["winner"] == (pos.lead > 0 ? 0 : 1));
    a.send({{"t", "analysis.stop"}});
    auto done = a.expect("analysis.done", {}, 10000ms);
    REQUIRE(!done.is_null());
    if (done["d"].contains("score")) CHECK(done["d"]["score"]["table"]["lead"] == pos.lead);

    // The person takes North: the computer (South) moves first, from the table.
    const std::string north(info->about.sides[1].name);
    a.send({{"t", "computer.play"},
            {"d",
             {{"game", "oware"},
              {"level", 8},
              {"tc", nullptr},
              {"color", north},
              {"position", pos.text},
              {"ack", 5}}}});
    REQUIRE(!a.expect("game.found", {}, 5000ms).is_null());
    auto move = a.expect(
        "move", [](const json& j) { return j["d"]["ply"] == 1; }, 10000ms);
    REQUIRE(!move.is_null());
    const std::string played = move["d"]["move"];
    CAPTURE(played);
    CHECK(std::find(pos.best.begin(), pos.best.end(), played) != pos.best.end());
}

TEST_CASE("endgame tables: a missing file probes nothing and the server still answers") {
    temp_dir dir;  // empty
    test_server srv([&](kibitz::server::server_config& c) {
        c.endgame_dir = dir.path.string();
        c.engine_nice = 0;
    });
    ws_client a(srv.port());
    a.hello();
    a.send(
        {{"t", "analysis.start"},
         {"d", {{"game", "oware"}, {"position", "S:0,0,1,2,0,0,0,1,1,0,2,1:20,20"}, {"id", 1}}}});
    auto line = a.expect("analysis.info", {}, 10000ms);
    REQUIRE(!line.is_null());
    CHECK(!line["d"]["score"].contains("table"));
    a.send({{"t", "analysis.stop"}});
    CHECK(!a.expect("analysis.done", {}, 10000ms).is_null());
}

TEST_CASE("endgame tables: checkers' table says who wins in how many moves") {
    const auto* info = core::find_game("checkers");
    REQUIRE(info);
    const std::vector<std::int8_t> table = info->endgame.build(3);  // a fraction of a second
    temp_dir dir;
    {
        std::ofstream out(dir.path / "checkers.egdb", std::ios::binary);
        out.write(reinterpret_cast<const char*>(table.data()),
                  static_cast<std::streamsize>(table.size()));
    }
    // Two kings against one, White to move: Black (the first seat) wins.
    const std::string text = "W:WK14:BK1,K32";
    const auto value = info->endgame.value(*info->from_position(text).value(), table);
    REQUIRE(value);
    REQUIRE(*value < 0);  // plies to the end, lost for White
    test_server srv([&](kibitz::server::server_config& c) {
        c.endgame_dir = dir.path.string();
        c.engine_nice = 0;
    });
    ws_client a(srv.port());
    a.hello();
    a.send({{"t", "analysis.start"}, {"d", {{"game", "checkers"}, {"position", text}, {"id", 2}}}});
    auto line = a.expect("analysis.info", {}, 10000ms);
    REQUIRE(!line.is_null());
    const json& score = line["d"]["score"];
    CHECK(score["end_in"] == -*value);
    CHECK(score["winner"] == 0);
    CHECK(score["table"]["lead"] == 1);
    a.send({{"t", "analysis.stop"}});
    CHECK(!a.expect("analysis.done", {}, 10000ms).is_null());
}
