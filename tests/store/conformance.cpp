// The store conformance suite: what every implementation of storage::store
// must do, written against the interface only (store.hpp). ctest runs it once
// per backend (store_backends.hpp): SQLite, and PostgreSQL in a scratch server.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <future>
#include <set>
#include <thread>

#include "rating/rated_games.hpp"
#include "store_backends.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
using test::get;
using test::must;

namespace {
using test::t0;

player account(store& s, const std::string& name) {
    return must<player>([&](auto h) { s.create_account(name, "$argon2id$hash-of-" + name, std::nullopt, t0, h); });
}
new_game casual(const std::string& game_id, player a, player b, std::string public_id = {}) {
    return {{game_id, 60000, 1000, false, false, ""}, {a.id, b.id}, t0, std::move(public_id), nullptr};
}
game_key start(store& s, new_game g) {
    auto key = s.start_game(std::move(g), nullptr);
    return key;
}
void move(store& s, game_key g, int ply, std::string text = {}) {
    if (text.empty()) text = "m" + std::to_string(ply);
    CHECK(must<bool>([&](auto h) {
        s.append_move(g, {ply, ply % 2, text, {60000 - ply, 60000 - 2 * ply}, t0 + ply}, h);
    }));
}
end_summary finish(store& s, game_key g, int winner, std::int64_t at = t0 + 100000,
                   game_status st = game_status::finished) {
    return must<end_summary>([&](auto h) { s.end_game({g, st, winner, "reason", at, nullptr}, h); });
}
std::optional<game_record> record(store& s, game_key g) {
    return must<std::optional<game_record>>([&](auto h) { s.game(g, h); });
}
// A rule for end_game that sets fixed ratings: the store stores what it is given.
game_end with_ratings(game_key g, int winner, rating_value r0, rating_value r1, std::int64_t at) {
    game_end e{g, game_status::finished, winner, "won", at, nullptr};
    e.rate = [=](const ending&) { return std::optional<std::array<rating_value, 2>>({r0, r1}); };
    return e;
}
}  // namespace

TEST_CASE("conformance: guests get distinct ids; the computer's players are made once") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto a = test::make_guest(*s, "Guest-1");
    auto b = test::make_guest(*s, "Guest-1");  // names of guests need not be unique
    CHECK(a.id != b.id);
    CHECK(a.guest());
    CHECK(a.name == "Guest-1");
    CHECK(a.computer_level == 0);
    auto bots = must<std::vector<player>>([&](auto h) { s->computer_players(t0, h); });
    REQUIRE(bots.size() == 8);
    for (int i = 0; i < 8; ++i) {
        CHECK(bots[i].computer_level == i + 1);
        CHECK(bots[i].guest());
    }
    auto again = must<std::vector<player>>([&](auto h) { s->computer_players(t0 + 5, h); });
    REQUIRE(again.size() == 8);
    for (int i = 0; i < 8; ++i) CHECK(again[i].id == bots[i].id);
}

TEST_CASE("conformance: accounts are unique without regard to case; a guest is adopted") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto alice = account(*s, "Alice");
    CHECK_FALSE(alice.guest());
    CHECK(alice.name == "Alice");
    for (auto name : {"Alice", "alice", "ALICE"}) {
        auto dup = get<player>([&](auto h) { s->create_account(name, "h", std::nullopt, t0, h); });
        REQUIRE_FALSE(dup.ok());
        CHECK(dup.reason().find("taken") != std::string::npos);
    }
    auto login = must<std::optional<account_login>>([&](auto h) { s->find_login("aLiCe", h); });
    REQUIRE(login);
    CHECK(login->who.id == alice.id);
    CHECK(login->who.name == "Alice");
    CHECK(login->who.account == alice.account);
    CHECK(login->password_hash == "$argon2id$hash-of-Alice");
    CHECK_FALSE(must<std::optional<account_login>>([&](auto h) { s->find_login("bob", h); }));

    auto g = test::make_guest(*s, "Guest-7");
    auto other = test::make_guest(*s, "Guest-8");
    auto key = start(*s, casual("oware", g, other));
    finish(*s, key, 0);
    auto bob = must<player>([&](auto h) { s->create_account("bob", "hb", g.id, t0, h); });
    CHECK(bob.id == g.id);  // the guest's row became the account's
    CHECK(bob.name == "bob");
    CHECK_FALSE(bob.guest());
    auto r = record(*s, key);
    REQUIRE(r);
    CHECK(r->summary.seats[0].name == "bob");
    CHECK(r->summary.seats[0].account == bob.account);
    // A guest already registered, or one that never existed, cannot be adopted;
    // the failed attempt leaves no account behind.
    CHECK_FALSE(get<player>([&](auto h) { s->create_account("carol", "hc", g.id, t0, h); }).ok());
    CHECK_FALSE(get<player>([&](auto h) { s->create_account("dave", "hd", player_id{999999}, t0, h); }).ok());
    CHECK_FALSE(must<std::optional<account_login>>([&](auto h) { s->find_login("carol", h); }));
    CHECK(account(*s, "carol").id != g.id);
}

TEST_CASE("conformance: sessions are found, refreshed, deleted and expired") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto a = account(*s, "alice");
    auto b = test::make_guest(*s, "Guest-2");
    // Token hashes are raw bytes (NUL and high bytes included).
    const std::string ta("\x00\x01\xff\xfe" "aaaa", 8), tb("\x00\x01\xff\xfe" "bbbb", 8), tc("ccc");
    CHECK(must<bool>([&](auto h) { s->create_session(ta, a.id, t0, h); }));
    CHECK(must<bool>([&](auto h) { s->create_session(tb, b.id, t0, h); }));
    CHECK(must<bool>([&](auto h) { s->create_session(tc, a.id, t0, h); }));
    CHECK_FALSE(get<bool>([&](auto h) { s->create_session(ta, b.id, t0, h); }).ok());  // a token is one session

    auto found = must<std::optional<player>>([&](auto h) { s->find_session(ta, t0 + 50, h); });
    REQUIRE(found);
    CHECK(found->id == a.id);
    CHECK(found->account == a.account);
    CHECK_FALSE(must<std::optional<player>>([&](auto h) { s->find_session("nope", t0, h); }));
    auto fb = must<std::optional<player>>([&](auto h) { s->find_session(tb, t0 + 1, h); });
    REQUIRE(fb);
    CHECK(fb->guest());

    // Last seen: a at t0+50, b at t0+1, c at t0. Expiring what was not seen
    // since t0+10 removes b and c; a stays because find_session refreshed it.
    CHECK(must<int>([&](auto h) { s->expire_sessions(t0 + 10, h); }) == 2);
    CHECK(must<std::optional<player>>([&](auto h) { s->find_session(ta, t0 + 60, h); }));
    CHECK_FALSE(must<std::optional<player>>([&](auto h) { s->find_session(tb, t0 + 60, h); }));
    CHECK_FALSE(must<std::optional<player>>([&](auto h) { s->find_session(tc, t0 + 60, h); }));
    CHECK(must<int>([&](auto h) { s->expire_sessions(t0, h); }) == 0);

    CHECK(must<bool>([&](auto h) { s->delete_session(ta, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { s->delete_session(ta, h); }));
    CHECK_FALSE(must<std::optional<player>>([&](auto h) { s->find_session(ta, t0 + 70, h); }));
}

TEST_CASE("conformance: an account keeps its most recently seen sessions, up to the cap") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto a = account(*s, "alice"), b = account(*s, "bob");
    CHECK(must<bool>([&](auto h) { s->create_session("bob-0", b.id, t0, h); }));
    // The first of alice's sessions is seen last: the second goes, not it.
    for (int i = 0; i < sessions_per_account; ++i)
        CHECK(must<bool>(
            [&](auto h) { s->create_session("alice-" + std::to_string(i), a.id, t0 + i, h); }));
    CHECK(must<std::optional<player>>([&](auto h) { s->find_session("alice-0", t0 + 1000, h); }));
    CHECK(must<bool>([&](auto h) { s->create_session("alice-new", a.id, t0 + 2000, h); }));
    CHECK_FALSE(
        must<std::optional<player>>([&](auto h) { s->find_session("alice-1", t0 + 3000, h); }));
    for (auto kept : {"alice-0", "alice-2", "alice-new"})
        CHECK_MESSAGE(
            must<std::optional<player>>([&](auto h) { s->find_session(kept, t0 + 3000, h); }),
            kept);
    CHECK(must<std::optional<player>>(
        [&](auto h) { s->find_session("bob-0", t0 + 3000, h); }));  // his own
}

TEST_CASE("conformance: a game's start, moves and end, read back by key and public id") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto a = test::make_guest(*s, "A"), b = test::make_guest(*s, "B");
    new_game g{{"ouril", 300000, 2000, false, true, "S:4,4:0,0"}, {a.id, b.id}, t0, "PubId42", nullptr};
    std::promise<core::result<game_key>> started;
    auto key = s->start_game(g, [&](core::result<game_key> r) { started.set_value(r); });
    // The key is there at once; moves may be queued before the start committed.
    move(*s, key, 0, "a");
    auto confirmed = started.get_future().get();
    REQUIRE(confirmed.ok());
    CHECK(confirmed.value() == key);
    move(*s, key, 1, "B");

    auto r = record(*s, key);
    REQUIRE(r);
    CHECK(r->summary.id == key);
    CHECK(r->summary.settings.game_id == "ouril");
    CHECK(r->summary.settings.initial_ms == 300000);
    CHECK(r->summary.settings.increment_ms == 2000);
    CHECK_FALSE(r->summary.settings.rated);
    CHECK(r->summary.settings.is_private);
    CHECK(r->summary.settings.start_position == "S:4,4:0,0");
    CHECK(r->summary.seats[0].id == a.id);
    CHECK(r->summary.seats[1].name == "B");
    CHECK(r->summary.status == game_status::playing);
    CHECK(r->summary.winner == -1);
    CHECK(r->summary.created_ms == t0);
    CHECK(r->summary.ended_ms == 0);
    CHECK(r->summary.plies == 2);
    CHECK(r->summary.public_id == "PubId42");
    REQUIRE(r->moves.size() == 2);
    CHECK(r->moves[1].ply == 1);
    CHECK(r->moves[1].seat == 1);
    CHECK(r->moves[1].notation == "B");
    CHECK(r->moves[1].clock_ms == std::array<std::int64_t, 2>{59999, 59998});
    CHECK(r->moves[1].at_ms == t0 + 1);

    auto by_pub = must<std::optional<game_record>>([&](auto h) { s->game_by_public_id("PubId42", h); });
    REQUIRE(by_pub);
    CHECK(by_pub->summary.id == key);
    CHECK(by_pub->moves.size() == 2);
    CHECK_FALSE(must<std::optional<game_record>>([&](auto h) { s->game_by_public_id("pubid42", h); }));
    CHECK_FALSE(record(*s, key + 1000000));

    // Out of order, a repeated ply, or an unknown game: refused, nothing stored.
    CHECK_FALSE(get<bool>([&](auto h) { s->append_move(key, {3, 0, "x", {0, 0}, 0}, h); }).ok());
    CHECK_FALSE(get<bool>([&](auto h) { s->append_move(key, {1, 0, "x", {0, 0}, 0}, h); }).ok());
    CHECK_FALSE(get<bool>([&](auto h) { s->append_move(key + 1000000, {0, 0, "x", {0, 0}, 0}, h); }).ok());
    // A second game with the same public id is refused.
    auto dup = get<game_key>([&](auto h) { s->start_game(casual("oware", a, b, "PubId42"), h); });
    CHECK_FALSE(dup.ok());

    // The end: recorded once; no move after it; a "playing" end is refused.
    CHECK_FALSE(get<end_summary>([&](auto h) { s->end_game({key, game_status::playing, -1, "x", t0, nullptr}, h); }).ok());
    auto summary = finish(*s, key, 1, t0 + 5000);
    CHECK(summary.changes.empty());
    CHECK_FALSE(get<end_summary>([&](auto h) { s->end_game({key, game_status::finished, 0, "again", t0, nullptr}, h); }).ok());
    // A "playing" end is the caller's mistake whatever the game: the same
    // reason on every backend, for an ended game or an unknown one.
    for (auto g : {key, key + 1000000}) {
        auto playing = get<end_summary>([&](auto h) {
            s->end_game({g, game_status::playing, -1, "x", t0, nullptr}, h);
        });
        CHECK(playing.reason() == "an ended game needs a final status");
    }
    CHECK_FALSE(get<bool>([&](auto h) { s->append_move(key, {2, 0, "x", {0, 0}, 0}, h); }).ok());
    r = record(*s, key);
    REQUIRE(r);
    CHECK(r->summary.status == game_status::finished);
    CHECK(r->summary.winner == 1);
    CHECK(r->summary.reason == "reason");
    CHECK(r->summary.ended_ms == t0 + 5000);
    CHECK(r->moves.size() == 2);

    // Takeback: forget plies from `keep` on; refused once the game is over.
    auto tb = start(*s, casual("oware", a, b));
    move(*s, tb, 0);
    move(*s, tb, 1);
    move(*s, tb, 2);
    CHECK(must<int>([&](auto h) { s->truncate_moves(tb, 1, h); }) == 2);
    CHECK(must<int>([&](auto h) { s->truncate_moves(tb, 5, h); }) == 0);
    move(*s, tb, 1, "again");  // play goes on from ply 1
    REQUIRE(record(*s, tb)->moves.size() == 2);
    CHECK(record(*s, tb)->moves[1].notation == "again");
    CHECK_FALSE(get<int>([&](auto h) { s->truncate_moves(tb, -1, h); }).ok());
    CHECK_FALSE(get<int>([&](auto h) { s->truncate_moves(key, 0, h); }).ok());  // ended
    CHECK_FALSE(get<int>([&](auto h) { s->truncate_moves(key + 1000000, 0, h); }).ok());

    // Draws and aborts store no winner.
    auto d = start(*s, casual("oware", a, b));
    finish(*s, d, -1);
    auto ab = start(*s, casual("oware", a, b));
    finish(*s, ab, 0, t0, game_status::aborted);
    CHECK(record(*s, d)->summary.winner == -1);
    CHECK(record(*s, d)->summary.status == game_status::finished);
    CHECK(record(*s, ab)->summary.status == game_status::aborted);
    CHECK(record(*s, ab)->summary.winner == -1);
}

TEST_CASE("conformance: a start refused by its rule writes nothing; rated play through the rules") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto g1 = test::make_guest(*s, "G"), alice = account(*s, "alice"), bob = account(*s, "bob");
    server::rating::rated_games rules(*s);
    auto rated = [&](player a, player b) {
        return new_game{{"checkers", 60000, 0, true, false, ""}, {a.id, b.id}, t0, "", nullptr};
    };
    std::promise<core::result<game_key>> refused;
    auto k = rules.start_game(rated(g1, alice), [&](core::result<game_key> r) { refused.set_value(r); });
    auto why = refused.get_future().get();
    REQUIRE_FALSE(why.ok());
    CHECK(why.reason() == "guests cannot play rated games");
    CHECK_FALSE(record(*s, k));
    // A move queued behind the refused start fails too.
    CHECK_FALSE(get<bool>([&](auto h) { s->append_move(k, {0, 0, "x", {0, 0}, 0}, h); }).ok());

    std::vector<std::array<rating_value, 2>> seen;  // what the rule was shown
    end_summary last;
    for (int i = 0; i < 2; ++i) {
        auto key = rules.start_game(rated(alice, bob), nullptr);
        // Two moves a side: fewer is not rated (docs/rules/platform.md, rating farming).
        for (int ply = 0; ply < 4; ++ply) move(*s, key, ply);
        auto sum = must<end_summary>([&](auto h) {
            game_end e{key, game_status::finished, 0, "won", t0 + 1000 * (i + 1), nullptr};
            e.rate = [&seen](const ending& f) {
                seen.push_back(f.ratings);
                CHECK(f.game_id == "checkers");
                CHECK(f.rated);
                CHECK(f.winner == 0);
                CHECK(f.seats[0].name == "alice");
                return server::rating::rate(f);
            };
            s->end_game(e, h);
        });
        REQUIRE(sum.changes.size() == 2);
        CHECK(sum.changes[0].who == alice.id);
        CHECK(sum.changes[0].after.rating > sum.changes[0].before.rating);
        CHECK(sum.changes[1].after.rating < sum.changes[1].before.rating);
        CHECK(sum.changes[0].after.games == i + 1);
        last = sum;
    }
    // The second end saw the first one's ratings.
    REQUIRE(seen.size() == 2);
    CHECK(seen[0][0].rating == 1500);
    CHECK(seen[0][0].games == 0);
    CHECK(seen[1][0].rating > 1500);
    CHECK(seen[1][0].games == 1);

    auto p = must<std::optional<profile>>([&](auto h) { s->profile_of("ALICE", 10, 0, h); });
    REQUIRE(p);
    CHECK(p->who.id == alice.id);
    REQUIRE(p->ratings.size() == 1);
    CHECK(p->ratings[0].game_id == "checkers");
    CHECK(p->ratings[0].value.games == 2);
    CHECK(p->ratings[0].value.rating == last.changes[0].after.rating);
    CHECK(p->ratings[0].value.rd == last.changes[0].after.rd);
    REQUIRE(p->history.size() == 2);  // oldest first
    CHECK(p->history[0].rating == seen[1][0].rating);
    CHECK(p->history[1].at_ms == t0 + 2000);
    CHECK(p->history[1].rating == p->ratings[0].value.rating);
}

TEST_CASE("conformance: ratings are stored exactly as given; leaderboard shows settled ones, best first") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    std::vector<player> p;
    for (int i = 0; i < 5; ++i) p.push_back(account(*s, "player" + std::to_string(i)));
    auto set = [&](int a, int b, double ra, double rb, double rd, const std::string& game_id) {
        auto key = start(*s, casual(game_id, p[a], p[b]));
        must<end_summary>([&](auto h) {
            s->end_game(with_ratings(key, 0, {ra, rd, 0.0599999999, 3}, {rb, rd, 0.06, 3}, t0), h);
        });
    };
    set(0, 1, 1712.123456789012, 1600, 60, "checkers");
    set(2, 3, 1800, 1300.5, 60, "checkers");
    set(4, 0, 2500, 1750, 200, "checkers");  // player4 provisional (RD 200): not listed
    set(1, 2, 2000, 1000, 50, "oware");
    auto board = must<std::vector<leader>>([&](auto h) { s->leaderboard("checkers", 10, h); });
    REQUIRE(board.size() == 3);
    CHECK(board[0].who.name == "player2");
    CHECK(board[0].value.rating == 1800);
    CHECK(board[1].who.name == "player1");
    CHECK(board[2].who.name == "player3");
    CHECK(board[2].value.rating == 1300.5);
    CHECK(board[0].value.games == 3);
    CHECK_FALSE(board[0].who.guest());
    auto top1 = must<std::vector<leader>>([&](auto h) { s->leaderboard("checkers", 1, h); });
    CHECK(top1.size() == 1);
    CHECK(must<std::vector<leader>>([&](auto h) { s->leaderboard("oware", 10, h); }).size() == 2);
    CHECK(must<std::vector<leader>>([&](auto h) { s->leaderboard("nothing", 10, h); }).empty());

    // Doubles round-trip exactly.
    auto prof = must<std::optional<profile>>([&](auto h) { s->profile_of("player0", 10, 0, h); });
    REQUIRE(prof);
    REQUIRE(prof->ratings.size() == 1);
    CHECK(prof->ratings[0].value.rating == 1750);  // the later game overwrote it
    REQUIRE(prof->history.size() == 2);
    CHECK(prof->history[0].rating == 1712.123456789012);
    CHECK(prof->ratings[0].value.volatility == 0.06);
}

TEST_CASE("conformance: profile and recent games list public games, newest first, up to the limit") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto alice = account(*s, "alice"), bob = account(*s, "bob");
    std::vector<game_key> keys;
    for (int i = 0; i < 4; ++i) {
        auto g = casual("oware", alice, bob);
        g.settings.is_private = i == 2;
        keys.push_back(start(*s, g));
    }
    finish(*s, keys[0], 0, t0 + 400);  // ended last
    finish(*s, keys[1], 1, t0 + 100);
    finish(*s, keys[2], 1, t0 + 500);  // private
    // keys[3] still playing
    auto other =
        start(*s, casual("checkers", test::make_guest(*s, "X"), test::make_guest(*s, "Y")));
    finish(*s, other, -1, t0 + 200);

    auto recent = must<std::vector<game_summary>>([&](auto h) { s->recent_games(10, h); });
    REQUIRE(recent.size() == 3);  // finished and public only
    CHECK(recent[0].id == keys[0]);
    CHECK(recent[1].id == other);
    CHECK(recent[2].id == keys[1]);
    CHECK(must<std::vector<game_summary>>([&](auto h) { s->recent_games(2, h); }).size() == 2);

    auto p = must<std::optional<profile>>([&](auto h) { s->profile_of("bob", 10, 0, h); });
    REQUIRE(p);
    CHECK(p->who.id == bob.id);
    CHECK(p->ratings.empty());
    CHECK(p->history.empty());
    // Finished games only, private ones included: bob won keys[1] and keys[2], lost keys[0].
    REQUIRE(p->results.size() == 1);
    CHECK(p->results[0].game_id == "oware");
    CHECK(p->results[0].wins == 2);
    CHECK(p->results[0].draws == 0);
    CHECK(p->results[0].losses == 1);
    REQUIRE(p->recent.size() == 3);  // every public game, ended or not, newest started first
    CHECK(p->recent[0].id == keys[3]);
    CHECK(p->recent[1].id == keys[1]);
    CHECK(p->recent[2].id == keys[0]);
    CHECK(must<std::optional<profile>>([&](auto h) {
              s->profile_of("bob", 1, 0, h);
          })->recent.size() == 1);
    CHECK_FALSE(must<std::optional<profile>>([&](auto h) { s->profile_of("nobody", 10, 0, h); }));
}

TEST_CASE("conformance: a guest's profile by its name, and paging back through recent games") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto alice = account(*s, "alice");
    auto x = test::make_guest(*s, "Guest-000042");
    std::vector<game_key> keys;
    for (int i = 0; i < 3; ++i) keys.push_back(start(*s, casual("oware", x, alice)));
    finish(*s, keys[0], 0, t0 + 100);
    finish(*s, keys[1], 1, t0 + 200);

    auto p = must<std::optional<profile>>([&](auto h) { s->profile_of("Guest-000042", 10, 0, h); });
    REQUIRE(p);
    CHECK(p->who.id == x.id);
    CHECK(p->who.guest());
    REQUIRE(p->results.size() == 1);
    CHECK(p->results[0].wins == 1);
    CHECK(p->results[0].losses == 1);
    REQUIRE(p->recent.size() == 3);
    // The page after keys[1]: only the older game.
    auto older = must<std::optional<profile>>(
        [&](auto h) { s->profile_of("Guest-000042", 10, keys[1], h); });
    REQUIRE(older);
    REQUIRE(older->recent.size() == 1);
    CHECK(older->recent[0].id == keys[0]);
    // A name nobody has finds no one.
    CHECK_FALSE(
        must<std::optional<profile>>([&](auto h) { s->profile_of("Guest-000043", 10, 0, h); }));
}

TEST_CASE("conformance: a finished game keeps the public id of its rematch") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto a = test::make_guest(*s, "Ann"), b = test::make_guest(*s, "Ben");
    auto first = start(*s, casual("checkers", a, b, "FirstGame1"));
    move(*s, first, 0);
    finish(*s, first, 0);
    CHECK(record(*s, first)->summary.rematch.empty());  // none yet
    auto next = start(*s, casual("checkers", b, a, "NextGame22"));
    CHECK(must<bool>([&](auto h) { s->set_rematch(first, "NextGame22", h); }));
    auto by_pub = must<std::optional<game_record>>([&](auto h) { s->game_by_public_id("FirstGame1", h); });
    REQUIRE(by_pub);
    CHECK(by_pub->summary.rematch == "NextGame22");
    CHECK(record(*s, first)->summary.rematch == "NextGame22");
    CHECK(record(*s, next)->summary.rematch.empty());
    // After a reopen too (the column is stored, not kept in memory).
    s.reset();
    s = place->open();
    CHECK(record(*s, first)->summary.rematch == "NextGame22");
    CHECK_FALSE(must<bool>([&](auto h) { s->set_rematch(first + next + 1000, "Nowhere123", h); }));
}

TEST_CASE("conformance: chat, analysis and lesson progress") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto a = test::make_guest(*s, "Ann"), b = test::make_guest(*s, "Ben");
    auto key = start(*s, casual("oware", a, b));
    const std::string tricky = "it's \"fine\"; DROP TABLE games; -- ☃ \\";
    CHECK(must<bool>([&](auto h) { s->add_chat(key, a.id, "players", tricky, t0 + 1, h); }));
    CHECK(must<bool>([&](auto h) { s->add_chat(key, std::nullopt, "spectators", "hi", t0 + 2, h); }));
    CHECK(must<bool>([&](auto h) { s->add_chat(key, b.id, "players", "gg", t0 + 2, h); }));
    CHECK_FALSE(get<bool>([&](auto h) { s->add_chat(key, a.id, "everyone", "no", t0, h); }).ok());
    // Read back with the game (a restart's restore is what reads chat).
    auto games = must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 1);
    auto& lines = games[0].chat;
    REQUIRE(lines.size() == 3);  // in the order said
    CHECK(lines[0].text == tricky);
    CHECK(lines[0].who == a.id);
    CHECK(lines[0].name == "Ann");
    CHECK(lines[0].channel == "players");
    CHECK(lines[0].at_ms == t0 + 1);
    CHECK_FALSE(lines[1].who);
    CHECK(lines[1].name.empty());
    CHECK(lines[2].text == "gg");
    // And with the one game (what a cluster node taking the room over reads).
    auto one = must<std::optional<game_record>>([&](auto h) { s->game(key, h); });
    REQUIRE(one);
    REQUIRE(one->chat.size() == 3);
    CHECK(one->chat[0].text == tricky);
    CHECK(one->chat[2].name == "Ben");

    CHECK_FALSE(must<std::optional<std::string>>([&](auto h) { s->analysis_of(key, h); }));
    CHECK(must<bool>([&](auto h) { s->save_analysis(key, R"({"scores":[1,2]})", t0, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { s->save_analysis(key, "{}", t0, h); }));
    auto data = must<std::optional<std::string>>([&](auto h) { s->analysis_of(key, h); });
    REQUIRE(data);
    CHECK(*data == R"({"scores":[1,2]})");

    CHECK(must<std::vector<lesson_done>>([&](auto h) { s->lessons_of(a.id, h); }).empty());
    CHECK(must<bool>([&](auto h) { s->record_lesson(a.id, "oware", "sowing", t0 + 5, h); }));
    CHECK(must<bool>([&](auto h) { s->record_lesson(a.id, "oware", "capture", t0 + 9, h); }));
    CHECK(must<bool>([&](auto h) { s->record_lesson(a.id, "checkers", "kings", t0 + 7, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { s->record_lesson(a.id, "oware", "sowing", t0 + 99, h); }));
    auto done = must<std::vector<lesson_done>>([&](auto h) { s->lessons_of(a.id, h); });
    REQUIRE(done.size() == 3);  // by game, then in the order finished
    CHECK(done[0].game_id == "checkers");
    CHECK(done[1].lesson == "sowing");
    CHECK(done[1].done_ms == t0 + 5);  // the first time kept
    CHECK(done[2].lesson == "capture");
    CHECK(must<std::vector<lesson_done>>([&](auto h) { s->lessons_of(b.id, h); }).empty());
}

TEST_CASE("conformance: unfinished games come back after a reopen, with moves and chat; keys never repeat") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    game_key g1, g2, ended;
    player a;
    {
        auto s = place->open();
        a = test::make_guest(*s, "A");
        auto b = test::make_guest(*s, "B");
        g1 = start(*s, casual("checkers", a, b, "room1"));
        ended = start(*s, casual("oware", a, b));
        g2 = start(*s, casual("ouril", b, a, "room2"));
        move(*s, g1, 0);
        move(*s, g1, 1);
        move(*s, g2, 0);
        finish(*s, ended, 0);
        CHECK(must<bool>([&](auto h) { s->add_chat(g1, a.id, "players", "hello", t0, h); }));
        // Closed without ending g1 and g2: as a server going down mid-game.
    }
    auto s = place->open();
    auto games = must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 2);  // in the order started
    CHECK(games[0].summary.id == g1);
    CHECK(games[0].summary.public_id == "room1");
    CHECK(games[0].moves.size() == 2);
    REQUIRE(games[0].chat.size() == 1);
    CHECK(games[0].chat[0].text == "hello");
    CHECK(games[0].chat[0].name == "A");
    CHECK(games[1].summary.id == g2);
    CHECK(games[1].moves.size() == 1);
    CHECK(games[1].chat.empty());
    CHECK(clocks_at_restart(games[0]) == std::array<std::int64_t, 2>{59999, 59998});
    // Play goes on where it stopped; new keys are new.
    move(*s, g1, 2);
    auto g3 = must<game_key>([&](auto h) { s->start_game(casual("oware", a, a), h); });
    CHECK(g3 != g1);
    CHECK(g3 != g2);
    CHECK(g3 != ended);
    CHECK(g3 > g2);
    CHECK(record(*s, g3));
}

TEST_CASE("conformance: a key is never handed out twice, after a reopen or by a second store") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    std::set<game_key> seen;
    player a, b;
    {
        auto s = place->open();
        a = test::make_guest(*s, "A");
        b = test::make_guest(*s, "B");
        seen.insert(start(*s, casual("oware", a, b)));
        // The last key goes to a start its rule refuses: nothing is stored under it.
        auto refused = casual("oware", a, b);
        refused.admit = [](const game_settings&, const std::array<player, 2>&) {
            return std::optional<std::string>("no");
        };
        game_key last = 0;
        CHECK_FALSE(get<game_key>([&](auto h) { last = s->start_game(refused, h); }).ok());
        CHECK(last > 0);
        seen.insert(last);
    }
    // Reopened, and a second store on the same database beside it (a tool,
    // say): starts from both, interleaved, all get keys of their own.
    auto s1 = place->open();
    auto s2 = place->open();
    std::vector<game_key> made;
    for (int i = 0; i < 5; ++i)
        for (auto* s : {s1.get(), s2.get()}) {
            auto key = must<game_key>([&](auto h) { s->start_game(casual("oware", a, b), h); });
            CHECK_MESSAGE(seen.insert(key).second, "key " << key << " handed out twice");
            made.push_back(key);
        }
    for (auto key : made) CHECK(record(*s1, key));
}

TEST_CASE("conformance: calls from one thread run in the order made, without waiting in between") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto a = test::make_guest(*s, "A");
    constexpr int n = 300;
    // Nothing awaited: the start and every move queued back to back. Each move
    // is only accepted in ply order, so any reordering would fail one.
    auto key = s->start_game(casual("oware", a, a), nullptr);
    std::mutex m;
    std::vector<int> acked;
    std::atomic<int> failed{0};
    std::promise<void> all;
    for (int ply = 0; ply < n; ++ply)
        s->append_move(key, {ply, ply % 2, "m" + std::to_string(ply), {1, 2}, ply},
                       [&, ply](core::result<bool> r) {
                           if (!r) ++failed;
                           std::lock_guard lock(m);
                           acked.push_back(ply);
                           if (acked.size() == n) all.set_value();
                       });
    all.get_future().wait();
    CHECK(failed == 0);
    for (int i = 0; i < n; ++i) CHECK(acked[i] == i);  // handlers run in the order made, too
    // A write issued after the last move and a read issued after its ack see them all.
    finish(*s, key, 0);
    auto r = record(*s, key);
    REQUIRE(r);
    CHECK(r->moves.size() == n);
    CHECK(r->summary.status == game_status::finished);
    // A session made a moment ago is found by the next call (both on the writer queue).
    s->create_session("tok", a.id, t0, nullptr);
    CHECK(must<std::optional<player>>([&](auto h) { s->find_session("tok", t0, h); }));
}

TEST_CASE("conformance: many threads write at once; nothing is lost or mixed up") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto a = test::make_guest(*s, "A");
    constexpr int threads = 4, games = 10, plies = 20;
    std::atomic<int> failed{0};
    std::vector<game_key> keys(threads * games);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            for (int g = 0; g < games; ++g) {
                auto key = s->start_game(casual("oware", a, a), nullptr);
                keys[t * games + g] = key;
                std::vector<std::future<core::result<bool>>> acks;
                for (int ply = 0; ply < plies; ++ply) {
                    auto p = std::make_shared<std::promise<core::result<bool>>>();
                    acks.push_back(p->get_future());
                    s->append_move(key, {ply, ply % 2, std::to_string(key) + "/" + std::to_string(ply), {1, 2}, ply},
                                   [p](core::result<bool> r) { p->set_value(r); });
                }
                for (auto& f : acks)
                    if (!f.get()) ++failed;
            }
        });
    for (auto& t : pool) t.join();
    CHECK(failed == 0);
    CHECK(std::set<game_key>(keys.begin(), keys.end()).size() == keys.size());
    auto all = must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(all.size() == keys.size());
    int bad = 0;
    for (const auto& r : all) {
        if (r.moves.size() != plies) ++bad;
        for (int ply = 0; ply < static_cast<int>(r.moves.size()); ++ply)
            if (r.moves[ply].notation != std::to_string(r.summary.id) + "/" + std::to_string(ply)) ++bad;
    }
    CHECK(bad == 0);
}

TEST_CASE("conformance: after SIGKILL every acknowledged move is stored") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto where = place->where();
    int pipe_fd[2];
    REQUIRE(::pipe(pipe_fd) == 0);
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // A "server" that writes moves as fast as it can and reports each
        // acknowledgement; it never gets to shut down cleanly.
        ::close(pipe_fd[0]);
        auto s = test::open_where(where);
        if (!s) ::_exit(2);
        std::promise<core::result<player>> p;
        s->create_guest("K", 1, [&](core::result<player> r) { p.set_value(r); });
        auto who = p.get_future().get();
        if (!who) ::_exit(3);
        auto g = s->start_game(casual("oware", who.value(), who.value()), nullptr);
        for (int ply = 0;; ply += 16) {
            auto burst = std::make_shared<std::promise<void>>();
            for (int i = ply; i < ply + 16; ++i)
                s->append_move(g, {i, i % 2, "k" + std::to_string(i), {1, 2}, i},
                               [fd = pipe_fd[1], i, last = i == ply + 15, burst](core::result<bool> r) {
                                   if (r) (void)!::write(fd, &i, sizeof i);
                                   if (last) burst->set_value();
                               });
            burst->get_future().wait();
        }
    }
    ::close(pipe_fd[1]);
    int last = -1, got = 0;
    while (last < 200 && ::read(pipe_fd[0], &got, sizeof got) == sizeof got) last = got;
    ::kill(child, SIGKILL);
    while (::read(pipe_fd[0], &got, sizeof got) == sizeof got) last = got;  // acks sent before death
    ::close(pipe_fd[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK(WIFSIGNALED(status));
    REQUIRE(last >= 200);
    auto s = place->open();
    auto games = must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 1);
    MESSAGE(test::backend_name() << ": acknowledged " << last + 1 << " moves before SIGKILL; stored "
                                 << games[0].moves.size());
    CHECK(static_cast<int>(games[0].moves.size()) >= last + 1);
    for (int i = 0; i < static_cast<int>(games[0].moves.size()); ++i)
        CHECK(games[0].moves[i].notation == "k" + std::to_string(i));
}

TEST_CASE(
    "conformance: a correspondence game's days and deadline: set at the start, moved by each "
    "move in its transaction, cleared at the end; rated in a pool of its own") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    game_key g, live;
    player alice, bob;
    {
        auto s = place->open();
        alice = account(*s, "alice");
        bob = account(*s, "bob");
        new_game n{
            {"checkers", 0, 0, true, false, "", 3}, {alice.id, bob.id}, t0, "corr1", nullptr};
        n.deadline_ms = t0 + 3 * 86400000LL;
        g = must<game_key>([&](auto h) { s->start_game(n, h); });  // committed before reads
        live = must<game_key>([&](auto h) { s->start_game(casual("checkers", alice, bob), h); });
        auto r = record(*s, g);
        REQUIRE(r);
        CHECK(r->summary.settings.days_per_move == 3);
        CHECK(r->summary.deadline_ms == t0 + 3 * 86400000LL);
        CHECK_FALSE(record(*s, live)->summary.settings.days_per_move);
        CHECK_FALSE(record(*s, live)->summary.deadline_ms);
        for (int ply = 0; ply < 4; ++ply) {
            move_record m{ply, ply % 2, "m" + std::to_string(ply), {0, 0}, t0 + ply * 1000};
            m.deadline_ms = t0 + ply * 1000 + 3 * 86400000LL;
            CHECK(must<bool>([&](auto h) { s->append_move(g, m, h); }));
        }
        // A move refused (out of order) leaves the deadline as it was.
        move_record stale{1, 1, "late", {0, 0}, t0 + 9000, t0 + 9000};
        CHECK_FALSE(get<bool>([&](auto h) { s->append_move(g, stale, h); }).ok());
    }
    // After a reopen: unfinished, with the last move's deadline.
    auto s = place->open();
    auto games = must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 2);
    CHECK(games[0].summary.id == g);
    CHECK(games[0].summary.settings.days_per_move == 3);
    CHECK(games[0].summary.deadline_ms == t0 + 3000 + 3 * 86400000LL);
    // Unlimited is 0 days, and no deadline.
    new_game unlimited{{"oware", 0, 0, false, false, "", 0}, {bob.id, alice.id}, t0, "", nullptr};
    auto u = must<game_key>([&](auto h) { s->start_game(unlimited, h); });
    CHECK(record(*s, u)->summary.settings.days_per_move == 0);
    CHECK_FALSE(record(*s, u)->summary.deadline_ms);

    // The end clears the deadline and rates in "checkers/correspondence".
    auto sum = must<end_summary>([&](auto h) {
        game_end e{g, game_status::finished, 1, "flag", t0 + 5000, nullptr};
        e.rate = [](const ending& f) {
            CHECK(f.game_id == "checkers/correspondence");
            return server::rating::rate(f);
        };
        s->end_game(e, h);
    });
    CHECK(sum.changes.size() == 2);
    CHECK_FALSE(record(*s, g)->summary.deadline_ms);
    auto p = must<std::optional<profile>>([&](auto h) { s->profile_of("bob", 10, 0, h); });
    REQUIRE(p);
    REQUIRE(p->ratings.size() == 1);
    CHECK(p->ratings[0].game_id == "checkers/correspondence");
}

TEST_CASE(
    "conformance: a conditional premove line is stored with its game, replaced, listed with the "
    "player's correspondence games, and cleared by the end") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    game_key g;
    player ann, ben;
    {
        auto s = place->open();
        ann = test::make_guest(*s, "Ann");
        ben = test::make_guest(*s, "Ben");
        new_game n{{"checkers", 0, 0, false, false, "", 3}, {ann.id, ben.id}, t0, "prem1", nullptr};
        g = must<game_key>([&](auto h) { s->start_game(n, h); });
        must<game_key>([&](auto h) { s->start_game(casual("checkers", ann, ben), h); });  // live
        CHECK(record(*s, g)->summary.premove_seat == -1);
        CHECK(must<bool>([&](auto h) {
            s->set_premove(g, 1, {"11-15", "23-19", "8-11", "22-17"}, h);
        }));
        CHECK(must<bool>([&](auto h) { s->set_premove(g, 1, {"9-13", "22-18"}, h); }));  // replaced
    }
    auto s = place->open();  // after a reopen: stored, not kept in memory
    auto r = record(*s, g);
    CHECK(r->summary.premove_seat == 1);
    CHECK(r->summary.premove == std::vector<std::string>{"9-13", "22-18"});
    // Ben's correspondence games: this one (the live game is not), with its line.
    auto mine =
        must<std::vector<game_record>>([&](auto h) { s->correspondence_games_of(ben.id, h); });
    REQUIRE(mine.size() == 1);
    CHECK(mine[0].summary.id == g);
    CHECK(mine[0].summary.premove.size() == 2);
    // An empty line clears it; the end clears a line set again.
    CHECK(must<bool>([&](auto h) { s->set_premove(g, 1, {}, h); }));
    CHECK(record(*s, g)->summary.premove_seat == -1);
    CHECK(record(*s, g)->summary.premove.empty());
    CHECK(must<bool>([&](auto h) { s->set_premove(g, 0, {"23-19", "11-15"}, h); }));
    must<end_summary>([&](auto h) {
        s->end_game({g, game_status::aborted, -1, "abort", t0, nullptr}, h);
    });
    CHECK(record(*s, g)->summary.premove_seat == -1);
    CHECK_FALSE(must<bool>([&](auto h) { s->set_premove(g, 0, {"23-19", "11-15"}, h); }));
}
