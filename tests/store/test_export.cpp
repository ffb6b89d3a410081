#include <doctest/doctest.h>

#include "store/export.hpp"

using namespace kibitz::server::storage;

namespace {
game_record record(std::string game_id, std::vector<std::pair<int, std::string>> moves) {
    game_record r;
    r.summary.id = 42;
    r.summary.settings = {std::move(game_id), 300000, 3000, true, false, ""};
    r.summary.seats = {player{1, "alice", 1}, player{2, "bob \"the\" \\builder", 2}};
    r.summary.created_ms = 1700000000000;  // 2023-11-14 22:13:20 UTC
    int ply = 0;
    for (auto& [seat, text] : moves) r.moves.push_back({ply++, seat, text, {0, 0}, 0});
    return r;
}
}  // namespace

TEST_CASE("export: PDN for checkers, Black (seat 0) first, White won = 1-0") {
    auto r = record("checkers", {{0, "11-15"}, {1, "23-19"}, {0, "8-11"}, {1, "22-17"}, {0, "9-13"}});
    r.summary.status = game_status::finished;
    r.summary.winner = 1;
    r.summary.reason = "resigned";
    CHECK(export_pdn(r) ==
          "[Event \"Kibitz rated Checkers game\"]\n"
          "[Site \"Kibitz\"]\n"
          "[Date \"2023.11.14\"]\n"
          "[White \"bob \\\"the\\\" \\\\builder\"]\n"
          "[Black \"alice\"]\n"
          "[Result \"1-0\"]\n"
          "[GameType \"21\"]\n"
          "[TimeControl \"300+3\"]\n"
          "[Termination \"resigned\"]\n"
          "[KibitzGame \"42\"]\n"
          "\n"
          "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 1-0\n");
    r.summary.winner = 0;
    CHECK(export_pdn(r).find("[Result \"0-1\"]") != std::string::npos);
    r.summary.winner = -1;
    CHECK(export_pdn(r).find("[Result \"1/2-1/2\"]") != std::string::npos);
    CHECK(export_pdn(r).ends_with("9-13 1/2-1/2\n"));
    r.summary.status = game_status::playing;
    CHECK(export_game(r).ends_with("9-13 *\n"));
}

TEST_CASE("export: PDN from a set position with White to move") {
    auto r = record("checkers", {{1, "32x23"}, {0, "14x21"}});
    r.summary.settings.start_position = "W:W32:B14,19";
    auto pdn = export_pdn(r);
    CHECK(pdn.find("[SetUp \"1\"]\n[FEN \"W:W32:B14,19\"]\n") != std::string::npos);
    CHECK(pdn.ends_with("\n1... 32x23 2. 14x21 *\n"));
}

TEST_CASE("export: Oware/Ouril text, with -- for a turn skipped by an Ouril extra turn") {
    auto r = record("ouril", {{0, "c"}, {1, "D"}, {0, "f"}, {1, "A"}, {0, "c"}, {0, "e"}, {1, "D"},
                              {1, "E"}, {0, "a"}});
    r.summary.status = game_status::finished;
    r.summary.winner = 0;
    r.summary.reason = "25 seeds";
    auto text = export_game(r);
    CHECK(text.starts_with("[Game \"Ouril\"]\n"));
    CHECK(text.find("[South \"alice\"]\n[North \"bob") != std::string::npos);
    CHECK(text.find("[Result \"1-0\"]\n[Winner \"South\"]\n") != std::string::npos);
    CHECK(text.ends_with("\n1. c D 2. f A 3. c -- 4. e D 5. -- E 6. a 1-0\n"));
    CHECK(numbered_moves(record("oware", {{0, "c"}, {1, "D"}, {0, "f"}, {1, "A"}})) == "1. c D 2. f A");
    CHECK(numbered_moves(record("oware", {})).empty());
}
