#include <doctest/doctest.h>

#include "rating/rated_games.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;

namespace {
// Through the rules on rated play (rating::rated_games), as the server does.
game_key start(store& s, const std::string& game_id, player a, player b, bool rated,
               std::string position = {}) {
    new_game g{{game_id, 300000, 3000, rated, false, std::move(position)}, {a.id, b.id}, 1700000000000, ""};
    auto key = server::rating::rated_games(s).start_game(g, nullptr);
    return key;
}
void move(store& s, game_key g, int ply, int seat, std::string text, std::int64_t c0, std::int64_t c1) {
    auto ok = test::must<bool>([&](auto h) {
        s.append_move(g, {ply, seat, std::move(text), {c0, c1}, 1700000000000 + ply * 1000}, h);
    });
    CHECK(ok);
}
end_summary finish(store& s, game_key g, game_status st, int winner, std::string reason,
                   std::int64_t ended_ms = 1700000100000) {
    return test::must<end_summary>(
        [&](auto h) {
            server::rating::rated_games(s).end_game({g, st, winner, std::move(reason), ended_ms}, h);
        });
}
// Two moves each, the least a rated game needs to count.
void four_moves(store& s, game_key g) {
    for (int ply = 0; ply < 4; ++ply) move(s, g, ply, ply % 2, "A", 1, 1);
}
}  // namespace

TEST_CASE("games: unfinished games come back after a reopen with moves and clocks") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    game_key g1, g2;
    {
        auto s = test::open_store(path);
        auto a = test::must<player>([&](auto h) { s->create_guest("Guest-1", 1, h); });
        auto b = test::must<player>([&](auto h) { s->create_guest("Guest-2", 1, h); });
        g1 = start(*s, "checkers", a, b, false);
        g2 = start(*s, "ouril", b, a, false, "S:4,4,4,4,4,4,4,4,4,4,4,4:0,0");
        move(*s, g1, 0, 0, "11-15", 300000, 300000);
        move(*s, g1, 1, 1, "23-19", 300000, 298500);
        move(*s, g1, 2, 0, "8-11", 297250, 298500);
        move(*s, g2, 0, 0, "c", 300000, 300000);
        // The store was closed without ending anything: like a crash after the acks.
    }
    auto s = test::open_store(path);
    auto games = test::must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 2);
    CHECK(games[0].summary.id == g1);
    CHECK(games[0].summary.settings.game_id == "checkers");
    CHECK(games[0].summary.settings.initial_ms == 300000);
    CHECK(games[0].summary.settings.increment_ms == 3000);
    CHECK(games[0].summary.seats[0].name == "Guest-1");
    CHECK(games[0].summary.settings.start_position.empty());
    REQUIRE(games[0].moves.size() == 3);
    CHECK(games[0].moves[1].notation == "23-19");
    CHECK(games[0].moves[1].seat == 1);
    CHECK(games[0].moves[2].clock_ms == std::array<std::int64_t, 2>{297250, 298500});
    CHECK(games[0].moves[2].at_ms == 1700000002000);
    CHECK(games[1].summary.id == g2);
    CHECK(games[1].summary.settings.start_position == "S:4,4,4,4,4,4,4,4,4,4,4,4:0,0");
    CHECK(games[1].summary.seats[0].name == "Guest-2");
    // New keys never collide with stored ones.
    auto a = games[0].summary.seats[0];
    CHECK(start(*s, "oware", a, a, false) > g2);
    // After it ends, it is no longer restored.
    finish(*s, g1, game_status::finished, 0, "no legal move");
    games = test::must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    CHECK(games.size() == 2);  // g2 and the new oware game
}

TEST_CASE("games: moves out of order, after the end, or for no game are refused") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto a = test::must<player>([&](auto h) { s->create_guest("A", 1, h); });
    auto g = start(*s, "oware", a, a, false);
    auto r = test::get<bool>([&](auto h) { s->append_move(g, {1, 0, "a", {0, 0}, 0}, h); });
    CHECK_FALSE(r.ok());
    move(*s, g, 0, 0, "a", 1, 1);
    r = test::get<bool>([&](auto h) { s->append_move(g, {0, 0, "b", {0, 0}, 0}, h); });
    CHECK_FALSE(r.ok());
    r = test::get<bool>([&](auto h) { s->append_move(g + 100, {0, 0, "b", {0, 0}, 0}, h); });
    CHECK_FALSE(r.ok());
    finish(*s, g, game_status::aborted, -1, "aborted");
    r = test::get<bool>([&](auto h) { s->append_move(g, {1, 1, "A", {0, 0}, 0}, h); });
    CHECK_FALSE(r.ok());
    auto again = test::get<end_summary>([&](auto h) { s->end_game({g, game_status::finished, 0, "x", 0}, h); });
    CHECK_FALSE(again.ok());
    // The failed jobs rolled back alone: the game and its move are intact.
    auto rec = test::must<std::optional<game_record>>([&](auto h) { s->game(g, h); });
    REQUIRE(rec);
    CHECK(rec->moves.size() == 1);
    CHECK(rec->summary.status == game_status::aborted);
}

TEST_CASE("ratings: a rated finished game updates both players in the same commit") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto alice = test::make_account(*s, "alice"), bob = test::make_account(*s, "bob");
    auto g = start(*s, "checkers", alice, bob, true);
    // Two moves each: a shorter game is not rated (rating farming).
    move(*s, g, 0, 0, "11-15", 1, 1);
    move(*s, g, 1, 1, "23-19", 1, 1);
    move(*s, g, 2, 0, "8-11", 1, 1);
    move(*s, g, 3, 1, "22-17", 1, 1);
    auto sum = finish(*s, g, game_status::finished, 0, "resigned");
    REQUIRE(sum.changes.size() == 2);
    CHECK(sum.changes[0].who == alice.id);
    CHECK(sum.changes[0].before.rating == 1500);
    CHECK(sum.changes[0].after.rating > 1500);
    CHECK(sum.changes[1].after.rating < 1500);
    CHECK(sum.changes[0].after.games == 1);

    auto prof =
        test::must<std::optional<profile>>([&](auto h) { s->profile_of("Alice", 10, 0, h); });
    REQUIRE(prof);
    REQUIRE(prof->ratings.size() == 1);
    CHECK(prof->ratings[0].game_id == "checkers");
    CHECK(prof->ratings[0].value.rating == doctest::Approx(sum.changes[0].after.rating));
    CHECK(prof->ratings[0].value.provisional());  // RD still far above 110
    REQUIRE(prof->history.size() == 1);
    CHECK(prof->history[0].game == g);
    REQUIRE(prof->recent.size() == 1);
    CHECK(prof->recent[0].winner == 0);
    CHECK(prof->recent[0].reason == "resigned");
    CHECK(prof->recent[0].plies == 4);

    // A second rated game in another rules id: a separate rating.
    auto g2 = start(*s, "oware", bob, alice, true);
    four_moves(*s, g2);
    auto d = finish(*s, g2, game_status::finished, -1, "agreement");
    REQUIRE(d.changes.size() == 2);
    CHECK(d.changes[0].before.rating == 1500);  // bob's oware rating was new
    prof = test::must<std::optional<profile>>([&](auto h) { s->profile_of("alice", 10, 0, h); });
    CHECK(prof->ratings.size() == 2);
    CHECK(prof->history.size() == 2);
    auto recent = test::must<std::vector<game_summary>>([&](auto h) { s->recent_games(10, h); });
    REQUIRE(recent.size() == 2);
}

TEST_CASE("ratings: none after casual, aborted, or guest games") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto alice = test::make_account(*s, "alice"), bob = test::make_account(*s, "bob");
    auto casual = start(*s, "checkers", alice, bob, false);
    CHECK(finish(*s, casual, game_status::finished, 0, "resigned").changes.empty());
    auto aborted = start(*s, "checkers", alice, bob, true);
    CHECK(finish(*s, aborted, game_status::aborted, -1, "aborted").changes.empty());
    auto prof =
        test::must<std::optional<profile>>([&](auto h) { s->profile_of("alice", 10, 0, h); });
    REQUIRE(prof);
    CHECK(prof->ratings.empty());
    CHECK(prof->history.empty());
    CHECK(prof->recent.size() == 2);
    // Guests cannot even start a rated game.
    auto guest = test::must<player>([&](auto h) { s->create_guest("G", 1, h); });
    auto r = test::get<game_key>([&](auto h) {
        server::rating::rated_games(*s).start_game(
            {{"checkers", 0, 0, true, false, ""}, {guest.id, alice.id}, 1, ""}, h);
    });
    CHECK_FALSE(r.ok());
    auto recent = test::must<std::vector<game_summary>>([&](auto h) { s->recent_games(10, h); });
    CHECK(recent.size() == 1);  // only the finished casual one; aborted games are not listed
}

TEST_CASE("leaderboard: settled ratings only (RD <= 110), best first") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto a = test::make_account(*s, "ann"), b = test::make_account(*s, "ben"),
         c = test::make_account(*s, "cat");
    // ann wins two games in three against ben, often enough that both settle;
    // cat plays once and stays provisional.
    // (A day apart each, and two moves each: the rules against rating farming
    // rate only three games of one pair a day, and no shorter game.)
    constexpr std::int64_t day = 24ll * 3600 * 1000;
    for (int i = 0; i < 30; ++i) {
        bool ann_first = i % 2;  // colours alternate
        int ann_seat = ann_first ? 0 : 1;
        auto g = start(*s, "opprimo", ann_first ? a : b, ann_first ? b : a, true);
        four_moves(*s, g);
        finish(*s, g, game_status::finished, i % 3 ? ann_seat : 1 - ann_seat, "resigned",
               1700000100000 + i * day);
    }
    auto g = start(*s, "opprimo", c, a, true);
    four_moves(*s, g);
    finish(*s, g, game_status::finished, 0, "resigned", 1700000100000 + 31 * day);
    auto board = test::must<std::vector<leader>>([&](auto h) { s->leaderboard("opprimo", 10, h); });
    REQUIRE(board.size() == 2);
    CHECK(board[0].who.name == "ann");
    CHECK(board[1].who.name == "ben");
    CHECK(board[0].value.rating > board[1].value.rating);
    CHECK_FALSE(board[0].value.provisional());
    CHECK(test::must<std::vector<leader>>([&](auto h) { s->leaderboard("oware", 10, h); }).empty());
}

TEST_CASE("data: quotes, SQL fragments and Unicode are stored and returned as data") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    const std::vector<std::string> texts{
        "Robert'); DROP TABLE games;--", "\"quoted\" 'single' `back`", "Oferhlýp ♔ 日本語 🎲",
        "a\nb\tc\\d", "%_*?[]", std::string("nul\0inside", 10), "' OR '1'='1"};
    auto guest = test::must<player>([&](auto h) { s->create_guest(texts[0], 1, h); });
    auto other = test::must<player>([&](auto h) { s->create_guest(texts[2], 1, h); });
    auto g = s->start_game({{"oferhlyp", 0, 0, false, false, texts[1]}, {guest.id, other.id}, 5, ""}, nullptr);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        move(*s, g, static_cast<int>(i), static_cast<int>(i % 2), texts[i], 0, 0);
        CHECK(test::must<bool>([&](auto h) {
            s->add_chat(g, guest.id, i % 2 ? "players" : "spectators", texts[i], 7, h);
        }));
    }
    auto rec = test::must<std::optional<game_record>>([&](auto h) { s->game(g, h); });
    REQUIRE(rec);
    CHECK(rec->summary.seats[0].name == texts[0]);
    CHECK(rec->summary.seats[1].name == texts[2]);
    CHECK(rec->summary.settings.start_position == texts[1]);
    REQUIRE(rec->moves.size() == texts.size());
    auto games = test::must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 1);
    const auto& chat = games[0].chat;
    REQUIRE(chat.size() == texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        CHECK(rec->moves[i].notation == texts[i]);
        CHECK(chat[i].text == texts[i]);
    }
    // Looking up a name that is an SQL fragment finds nothing and breaks nothing.
    CHECK_FALSE(test::must<std::optional<account_login>>([&](auto h) { s->find_login(texts[6], h); }));
    auto bad_channel = test::get<bool>([&](auto h) { s->add_chat(g, std::nullopt, "'; --", "x", 1, h); });
    CHECK_FALSE(bad_channel.ok());
}

TEST_CASE("shutdown: work that handlers queue while the store closes still completes") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    std::atomic<int> done{0};
    {
        auto s = test::open_store(path);
        auto a = test::must<player>([&](auto h) { s->create_guest("A", 1, h); });
        auto g = start(*s, "oware", a, a, false);
        auto* raw = s.get();
        // A read whose handler starts a write, as a log-in does.
        raw->find_login("nobody", [raw, g, &done](core::result<std::optional<account_login>>) {
            raw->append_move(g, {0, 0, "a", {1, 1}, 1}, [&done](core::result<bool> r) {
                if (r) ++done;
            });
        });
    }  // destroyed at once
    CHECK(done == 1);
    auto s = test::open_store(path);
    auto games = test::must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 1);
    CHECK(games[0].moves.size() == 1);
}
