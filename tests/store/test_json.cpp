#include <doctest/doctest.h>

#include "rating/rated_games.hpp"
#include "store/json.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;

TEST_CASE("json: profile and record shapes, provisional marked") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    auto a = test::make_account(*s, "alice"), b = test::make_account(*s, "bob");
    auto g = s->start_game({{"checkers", 180000, 2000, true, false, ""}, {a.id, b.id}, 10, ""}, nullptr);
    test::must<bool>([&](auto h) { s->append_move(g, {0, 0, "11-15", {180000, 180000}, 11}, h); });
    // Two moves each, or the game would not be rated (rating farming).
    test::must<bool>([&](auto h) { s->append_move(g, {1, 1, "23-19", {180000, 180000}, 12}, h); });
    test::must<bool>([&](auto h) { s->append_move(g, {2, 0, "8-11", {180000, 180000}, 13}, h); });
    test::must<bool>([&](auto h) { s->append_move(g, {3, 1, "22-17", {180000, 180000}, 14}, h); });
    server::rating::rated_games rated(*s);
    test::must<end_summary>([&](auto h) { rated.end_game({g, game_status::finished, 1, "resigned", 20}, h); });

    auto rec = test::must<std::optional<game_record>>([&](auto h) { s->game(g, h); });
    nlohmann::json j = *rec;
    CHECK(j["game"] == "checkers");
    CHECK(j["time_control"]["initial_ms"] == 180000);
    CHECK(j["start_position"].is_null());
    CHECK(j["seats"][1]["name"] == "bob");
    CHECK(j["status"] == "finished");
    CHECK(j["winner"] == 1);
    CHECK(j["moves"][0]["move"] == "11-15");
    CHECK(j["moves"][0]["clock_ms"][1] == 180000);

    auto prof = test::must<std::optional<profile>>([&](auto h) { s->profile_of("bob", 5, h); });
    nlohmann::json p = *prof;
    CHECK(p["player"]["name"] == "bob");
    CHECK(p["ratings"]["checkers"]["provisional"] == true);
    CHECK(p["ratings"]["checkers"]["display"].get<std::string>().ends_with("?"));
    CHECK(p["ratings"]["checkers"]["rating"].get<int>() > 1500);
    CHECK(p["history"].size() == 1);
    CHECK(p["recent"][0]["id"] == g);
}

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
    test::must<std::optional<player>>([&](auto h) { s->find_session(std::string(32, 'b'), 500, h); });
    CHECK(test::must<int>([&](auto h) { s->expire_sessions(300, h); }) == 1);
    CHECK_FALSE(test::must<std::optional<player>>([&](auto h) { s->find_session(std::string(32, 'a'), 600, h); }));
    CHECK(test::must<std::optional<player>>([&](auto h) { s->find_session(std::string(32, 'b'), 600, h); }));
}
