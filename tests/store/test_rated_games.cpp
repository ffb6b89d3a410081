// The rules on rated play (rated_games::rated_games) apart from the store, and the
// store without them: it persists what it is given and decides nothing.
#include <doctest/doctest.h>

#include "rating/rated_games.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
namespace rated_games = kibitz::server::rating;

namespace {
player account(player_id id) { return {id, "p" + std::to_string(id), id}; }
player guest(player_id id) { return {id, "g" + std::to_string(id), std::nullopt}; }

ending rated_win(player a, player b) {
    return {"checkers", true, game_status::finished, 0, {a, b}, {rating_value{}, rating_value{}},
            {2, 2}, 0};
}
}  // namespace

TEST_CASE("rated games: only finished rated games between two accounts count") {
    auto e = rated_win(account(1), account(2));
    auto next = rated_games::rate(e);
    REQUIRE(next);
    CHECK((*next)[0].rating > 1500);
    CHECK((*next)[1].rating < 1500);
    CHECK((*next)[0].games == 1);

    auto casual = e;
    casual.rated = false;
    CHECK_FALSE(rated_games::rate(casual));
    auto aborted = e;
    aborted.status = game_status::aborted;
    CHECK_FALSE(rated_games::rate(aborted));
    CHECK_FALSE(rated_games::rate(rated_win(guest(1), account(2))));
    CHECK_FALSE(rated_games::rate(rated_win(account(1), account(1))));  // one player on both seats

    auto draw = e;
    draw.winner = std::nullopt;
    auto even = rated_games::rate(draw);
    REQUIRE(even);
    CHECK((*even)[0].rating == doctest::Approx(1500));
}

TEST_CASE("rated games: guests play casual only") {
    game_settings rated{"checkers", 0, 0, true, false, ""};
    game_settings casual{"checkers", 0, 0, false, false, ""};
    CHECK(rated_games::refuse_start(rated, {guest(1), account(2)}));
    CHECK(rated_games::refuse_start(rated, {account(1), guest(2)}));
    CHECK_FALSE(rated_games::refuse_start(rated, {account(1), account(2)}));
    CHECK_FALSE(rated_games::refuse_start(casual, {guest(1), guest(2)}));
}

TEST_CASE("store: without a rule it stores what it is given and rates nothing") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto alice = test::make_account(*s, "alice"), bob = test::make_account(*s, "bob");
    auto g = s->start_game({{"checkers", 0, 0, true, false, ""}, {alice.id, bob.id}, 1, ""}, nullptr);
    auto sum = test::must<end_summary>(
        [&](auto h) { s->end_game({g, game_status::finished, 0, "resigned", 2}, h); });
    CHECK(sum.changes.empty());
    auto prof =
        test::must<std::optional<profile>>([&](auto h) { s->profile_of("alice", 10, 0, h); });
    REQUIRE(prof);
    CHECK(prof->ratings.empty());
    CHECK(prof->recent.size() == 1);

    // A rated start with a guest seat is the caller's business without a rule.
    auto g2 = test::must<player>([&](auto h) { s->create_guest("G", 1, h); });
    auto key = test::get<game_key>([&](auto h) {
        s->start_game({{"checkers", 0, 0, true, false, ""}, {g2.id, alice.id}, 1, ""}, h);
    });
    CHECK(key.ok());
}

TEST_CASE("store: what a rule returns is stored in the end's transaction") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto alice = test::make_account(*s, "alice"), bob = test::make_account(*s, "bob");
    auto g = s->start_game({{"oware", 0, 0, false, false, ""}, {alice.id, bob.id}, 1, ""}, nullptr);
    game_end e{g, game_status::finished, 1, "x", 2};
    ending seen;
    e.rate = [&seen](const ending& facts) {
        seen = facts;
        return std::array<rating_value, 2>{rating_value{1400, 300, 0.06, 1},
                                           rating_value{1600, 300, 0.06, 1}};
    };
    auto sum = test::must<end_summary>([&](auto h) { s->end_game(e, h); });
    CHECK(seen.game_id == "oware");
    CHECK_FALSE(seen.rated);
    CHECK(seen.winner == 1);
    CHECK(seen.seats[1].id == bob.id);
    CHECK(seen.ratings[0].rating == 1500);
    REQUIRE(sum.changes.size() == 2);
    CHECK(sum.changes[1].after.rating == 1600);
    auto prof = test::must<std::optional<profile>>([&](auto h) { s->profile_of("bob", 10, 0, h); });
    REQUIRE(prof);
    REQUIRE(prof->ratings.size() == 1);
    CHECK(prof->ratings[0].value.rating == 1600);
    CHECK(prof->history.size() == 1);
}

TEST_CASE("rated games: too short a game, or too many between one pair lately, changes nothing") {
    auto e = rated_win(account(1), account(2));
    REQUIRE(rated_games::rate(e));
    // Fewer than two moves by either side: one move then a resignation farms points.
    for (auto moves : {std::array<int, 2>{1, 5}, std::array<int, 2>{5, 1}, std::array<int, 2>{0, 0}}) {
        auto shortened = e;
        shortened.moves = moves;
        CHECK_FALSE(rated_games::rate(shortened));
    }
    // The first three rated games of a pair within 24 hours count, later ones not.
    auto third = e;
    third.recent_pair_games = 2;
    CHECK(rated_games::rate(third));
    auto fourth = e;
    fourth.recent_pair_games = 3;
    CHECK_FALSE(rated_games::rate(fourth));
}

TEST_CASE("store: the end's facts count each side's moves and the pair's recent rated games") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto alice = test::make_account(*s, "alice"), bob = test::make_account(*s, "bob"),
         cy = test::make_account(*s, "cy");
    constexpr std::int64_t hour = 3600 * 1000;
    // Plays `plies` moves, alternating seats, and ends the game at `end_ms`; the facts seen.
    auto play = [&](player a, player b, bool rated, int plies, std::int64_t end_ms) {
        auto g = s->start_game({{"oware", 0, 0, rated, false, ""}, {a.id, b.id}, end_ms - 10, ""},
                               nullptr);
        for (int i = 0; i < plies; ++i)
            test::must<bool>([&](auto h) {
                s->append_move(g, {i, i % 2, "A", {0, 0}, end_ms - 5}, h);
            });
        game_end e{g, game_status::finished, 0, "resigned", end_ms};
        e.pair_window_ms = 24 * hour;
        ending seen;
        e.rate = [&seen](const ending& facts) {
            seen = facts;
            return std::nullopt;
        };
        test::must<end_summary>([&](auto h) { s->end_game(e, h); });
        return seen;
    };
    auto first = play(alice, bob, true, 3, 100 * hour);
    CHECK(first.moves == std::array<int, 2>{2, 1});
    CHECK(first.recent_pair_games == 0);
    play(bob, alice, true, 4, 101 * hour);    // the same pair, seats swapped
    play(alice, bob, false, 4, 102 * hour);   // casual: not counted
    play(alice, cy, true, 4, 103 * hour);     // another pair
    auto later = play(alice, bob, true, 4, 110 * hour);
    CHECK(later.moves == std::array<int, 2>{2, 2});
    CHECK(later.recent_pair_games == 2);
    // A day after the first game, that one has left the window (101 h and 110 h remain).
    auto next_day = play(alice, bob, true, 4, 124 * hour + 1);
    CHECK(next_day.recent_pair_games == 2);
}
