// Stored records: clocks at a restart, and sessions that expire. (The API
// tests check the JSON the records are shown as.)
#include <doctest/doctest.h>

#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;

TEST_CASE("restart: clocks resume from the last stored move, paused while down") {
    game_record r;
    r.summary.settings.initial_ms = 300000;
    CHECK(clocks_at_restart(r) == std::array<std::int64_t, 2>{300000, 300000});
    r.moves.push_back({0, 0, "c", {301000, 300000}, 5});
    r.moves.push_back({1, 1, "D", {301000, 287000}, 18});
    CHECK(clocks_at_restart(r) == std::array<std::int64_t, 2>{301000, 287000});
}

TEST_CASE("sessions: stale ones expire, recently seen ones stay") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto a = test::make_account(*s, "alice");
    test::must<bool>([&](auto h) { s->create_session(std::string(32, 'a'), a.id, 100, h); });
    test::must<bool>([&](auto h) { s->create_session(std::string(32, 'b'), a.id, 100, h); });
    test::must<std::optional<player>>(
        [&](auto h) { s->find_session(std::string(32, 'b'), 500, h); });
    CHECK(test::must<int>([&](auto h) { s->expire_sessions(300, h); }) == 1);
    CHECK_FALSE(test::must<std::optional<player>>(
        [&](auto h) { s->find_session(std::string(32, 'a'), 600, h); }));
    CHECK(test::must<std::optional<player>>(
        [&](auto h) { s->find_session(std::string(32, 'b'), 600, h); }));
}
