// The rules on rated play (rating::rated_games) apart from the store, and the
// store without them: it persists what it is given and decides nothing.
#include <doctest/doctest.h>

#include "rating/rated_games.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
namespace rating = kibitz::server::rating;

namespace {
player account(player_id id) { return {id, "p" + std::to_string(id), id}; }
player guest(player_id id) { return {id, "g" + std::to_string(id), std::nullopt}; }

ending rated_win(player a, player b) {
    return {"checkers", true, game_status::finished, 0, {a, b}, {rating_value{}, rating_value{}}};
}
}  // namespace

TEST_CASE("rated games: only finished rated games between two accounts count") {
    auto e = rated_win(account(1), account(2));
    auto next = rating::rate(e);
    REQUIRE(next);
    CHECK((*next)[0].rating > 1500);
    CHECK((*next)[1].rating < 1500);
    CHECK((*next)[0].games == 1);

    auto casual = e;
    casual.rated = false;
    CHECK_FALSE(rating::rate(casual));
    auto aborted = e;
    aborted.status = game_status::aborted;
    CHECK_FALSE(rating::rate(aborted));
    CHECK_FALSE(rating::rate(rated_win(guest(1), account(2))));
    CHECK_FALSE(rating::rate(rated_win(account(1), account(1))));  // one player on both seats

    auto draw = e;
    draw.winner = std::nullopt;
    auto even = rating::rate(draw);
    REQUIRE(even);
    CHECK((*even)[0].rating == doctest::Approx(1500));
}

TEST_CASE("rated games: guests play casual only") {
    game_settings rated{"checkers", 0, 0, true, false, ""};
    game_settings casual{"checkers", 0, 0, false, false, ""};
    CHECK(rating::refuse_start(rated, {guest(1), account(2)}));
    CHECK(rating::refuse_start(rated, {account(1), guest(2)}));
    CHECK_FALSE(rating::refuse_start(rated, {account(1), account(2)}));
    CHECK_FALSE(rating::refuse_start(casual, {guest(1), guest(2)}));
}

TEST_CASE("store: without a rule it stores what it is given and rates nothing") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto alice = test::make_account(*s, "alice"), bob = test::make_account(*s, "bob");
    auto g = s->start_game({{"checkers", 0, 0, true, false, ""}, {alice.id, bob.id}, 1, ""}, nullptr);
    auto sum = test::must<end_summary>(
        [&](auto h) { s->end_game({g, game_status::finished, 0, "resigned", 2}, h); });
    CHECK(sum.changes.empty());
    auto prof = test::must<std::optional<profile>>([&](auto h) { s->profile_of("alice", 10, h); });
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
    auto prof = test::must<std::optional<profile>>([&](auto h) { s->profile_of("bob", 10, h); });
    REQUIRE(prof);
    REQUIRE(prof->ratings.size() == 1);
    CHECK(prof->ratings[0].value.rating == 1600);
    CHECK(prof->history.size() == 1);
}
