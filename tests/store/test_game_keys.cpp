// Game keys under a busy writer (issue 47): handing out a key must never wait
// for, nor meet, the writer's lock on the SQLite file. Before the fix a new
// block of keys was reserved by a second connection in its own BEGIN
// IMMEDIATE, which waited out the busy timeout behind the writer's group
// commits and then failed with "database is locked": the game was not stored
// and every move of it failed with "no game 0".
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <set>

#include "store/sql_store_games_impl.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;

namespace {
new_game a_game(player_id a, player_id b) {
    return {{"checkers", 60000, 0, false, false, ""}, {a, b}, 1, ""};
}
}  // namespace

TEST_CASE("game keys: a new block while the writer holds its transaction") {
    test::temp_dir dir;
    store_options o;
    o.path = dir.file("k.db");
    o.busy_timeout_ms = 100;  // short: the failure shows in a tenth of a second
    auto opened = sqlite_store::open(o);
    REQUIRE(opened.ok());
    auto s = std::move(opened).value();
    auto a = test::make_guest(*s, "A");
    auto b = test::make_guest(*s, "B");

    // Every key of the first block but its last, stored.
    std::set<game_key> keys;
    constexpr int block = static_cast<int>(sqlite_dialect::keys_per_block);
    for (int i = 0; i < block - 2; ++i) keys.insert(s->start_game(a_game(a.id, b.id), nullptr));
    keys.insert(test::must<game_key>([&](auto h) { s->start_game(a_game(a.id, b.id), h); }));
    REQUIRE(keys.size() == block - 1);

    // The block's last key goes to a game whose start holds the writer inside
    // its transaction (BEGIN IMMEDIATE: the write lock of the file) until released.
    std::promise<void> entered, release;
    auto released = release.get_future().share();
    auto held = a_game(a.id, b.id);
    held.admit = [&entered, released](const game_settings&,
                                      const std::array<player, 2>&) -> std::optional<std::string> {
        entered.set_value();
        released.wait();
        return std::nullopt;
    };
    std::promise<core::result<game_key>> held_done;
    keys.insert(
        s->start_game(std::move(held), [&](core::result<game_key> r) { held_done.set_value(r); }));
    entered.get_future().wait();

    // The next game needs the next block, while the writer holds the lock.
    std::promise<core::result<game_key>> next_done;
    auto t0 = std::chrono::steady_clock::now();
    game_key next = s->start_game(a_game(a.id, b.id),
                                  [&](core::result<game_key> r) { next_done.set_value(r); });
    auto waited = std::chrono::steady_clock::now() - t0;
    release.set_value();

    CHECK(next != 0);
    CHECK(keys.count(next) == 0);
    // Handed out at once: the caller (a room's strand) never waits on the file's lock.
    CHECK(waited < std::chrono::milliseconds(50));
    auto held_r = held_done.get_future().get();
    CHECK(held_r.ok());
    auto next_r = next_done.get_future().get();
    INFO("reason: " << (next_r ? std::string() : next_r.reason()));
    CHECK(next_r.ok());
    if (next_r) CHECK(next_r.value() == next);

    // The game was stored: a move of it is accepted.
    auto moved = test::get<bool>([&](auto h) {
        s->append_move(next, {0, 0, "a3-b4", {60000, 60000}, 2}, h);
    });
    CHECK(moved.ok());
}

TEST_CASE("game keys: unique across reopenings, past many blocks") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    std::set<game_key> keys;
    constexpr int block = static_cast<int>(sqlite_dialect::keys_per_block);
    for (int open = 0; open < 3; ++open) {
        auto s = test::open_store(path);
        auto a = test::make_guest(*s, "A");
        auto b = test::make_guest(*s, "B");
        // Two and a half blocks each time: keys reserved ahead and not used
        // are skipped after the reopening, never handed out twice.
        for (int i = 0; i < block * 5 / 2; ++i) {
            auto k = s->start_game(a_game(a.id, b.id), nullptr);
            REQUIRE(k != 0);
            CHECK(keys.insert(k).second);
        }
        auto last = test::must<game_key>([&](auto h) { s->start_game(a_game(a.id, b.id), h); });
        CHECK(keys.insert(last).second);
    }
    auto s = test::open_store(path);
    auto stored = test::must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    CHECK(stored.size() == keys.size());
}

// The pair's recent games, read at every game's end, go through the seats'
// indexes: before issue 47 the query walked games_status over every game
// finished in the last 24 hours (tens of thousands under load), and the
// writer's time per game grew with them.
TEST_CASE("game end: the pair's recent games are found by the seats, not by every finished game") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    test::open_store(path).reset();  // migrated, closed
    auto db = sqlite_db::open({path, true});
    REQUIRE(db.ok());
    auto plan = db.value()->query(std::string("EXPLAIN QUERY PLAN ") +
                                  sql_store_detail::recent_pair_games_sql);
    std::string details;
    while (plan.next()) details += plan.text(3) + "\n";
    INFO("plan:\n" << details);
    CHECK(details.find("games_seat") != std::string::npos);
    CHECK(details.find("games_status") == std::string::npos);
    CHECK(details.find("SCAN games") == std::string::npos);
}
