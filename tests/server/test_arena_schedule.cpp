// The schedule of the server's own arenas (tournament/arena_schedule.hpp):
// the shipped file parses, arenas fall due within their lead and once only,
// and a bad schedule is refused with its reason.
#include <doctest/doctest.h>

#include "tournament/arena_schedule.hpp"

using namespace kibitz::server::tournament;

namespace {
constexpr std::int64_t hour = 3'600'000;
constexpr std::int64_t t0 = 1'764'000'000'000 / hour * hour;  // on the hour
}  // namespace

TEST_CASE("arena schedule: the shipped file names every game's rules and an hourly arena each") {
    auto s = read_schedule(std::string(KIBITZ_SOURCE_DIR) + "/schema/tournament_schedule.json");
    REQUIRE_MESSAGE(s.ok(), (s ? std::string() : s.reason()));
    CHECK(s.value().rules.size() == 5);
    CHECK(s.value().arenas.size() == 5);
    for (const auto& a : s.value().arenas) CHECK(a.every_ms == hour);
}

TEST_CASE("arena schedule: an arena falls due within its lead, once") {
    auto s =
        parse_schedule(R"({"arenas": [{"game": "checkers", "name": "Hourly", "every_minutes": 60,
        "minutes": 27, "lead_minutes": 30, "tc": {"initial_s": 60, "increment_s": 0}}]})");
    REQUIRE(s.ok());
    CHECK(due_arenas(s.value(), t0 + 20 * 60'000, {}).empty());  // 40 minutes ahead: not yet
    auto due = due_arenas(s.value(), t0 + 40 * 60'000, {});
    REQUIRE(due.size() == 1);
    CHECK(due[0].starts_ms == t0 + hour);
    CHECK(due[0].duration_ms == 27 * 60'000);
    CHECK(due[0].initial_ms == 60'000);
    CHECK_FALSE(due[0].created_by.has_value());
    CHECK(due_arenas(s.value(), t0 + 40 * 60'000, {{"checkers", t0 + hour}}).empty());
}

TEST_CASE("arena schedule: a bad schedule is refused with its reason") {
    CHECK_FALSE(parse_schedule("[]").ok());
    CHECK_FALSE(
        parse_schedule(R"({"rules": {"nogame": {"draw_min_plies": 1, "berserk_min_plies": 1}}})")
            .ok());
    auto zero =
        parse_schedule(R"({"arenas": [{"game": "checkers", "name": "Zero", "every_minutes": 60,
        "minutes": 0, "tc": {"initial_s": 60, "increment_s": 0}}]})");
    REQUIRE_FALSE(zero.ok());
    CHECK(zero.reason().find("duration") != std::string::npos);
    CHECK_FALSE(
        parse_schedule(R"({"arenas": [{"game": "checkers", "name": "Often", "every_minutes": 1,
        "minutes": 1, "tc": {"initial_s": 60, "increment_s": 0}}]})")
            .ok());
}

TEST_CASE("swiss schedule: the shipped daily Swiss, due within its lead; absurd rounds refused") {
    auto shipped =
        read_schedule(std::string(KIBITZ_SOURCE_DIR) + "/schema/tournament_schedule.json");
    REQUIRE(shipped.ok());
    REQUIRE(shipped.value().swiss.size() == 1);
    CHECK(shipped.value().swiss[0].every_ms == 24 * hour);
    auto s = parse_schedule(R"({"swiss": [{"game": "checkers", "name": "Daily", "every_minutes":
        1440, "lead_minutes": 60, "rounds": 5, "interval_s": 30,
        "tc": {"initial_s": 60, "increment_s": 1}}]})");
    REQUIRE(s.ok());
    const std::int64_t day = 24 * hour, t_day = t0 / day * day;
    CHECK(due_swiss(s.value(), t_day + day - 2 * hour, {}).empty());
    CHECK(due_arenas(s.value(), t_day + day - 30 * 60'000, {}).empty());  // not an arena
    auto due = due_swiss(s.value(), t_day + day - 30 * 60'000, {});
    REQUIRE(due.size() == 1);
    CHECK(due[0].kind == "swiss");
    CHECK(due[0].rounds == 5);
    CHECK(due[0].round_interval_ms == 30'000);
    CHECK(due[0].starts_ms == t_day + day);
    for (const char* rounds : {"0", "10000"}) {
        auto bad = parse_schedule(std::string(R"({"swiss": [{"game": "checkers", "name": "Bad",
            "every_minutes": 1440, "rounds": )") +
                                  rounds + R"(, "tc": {"initial_s": 60, "increment_s": 0}}]})");
        REQUIRE_FALSE(bad.ok());
        CHECK(bad.reason().find("rounds") != std::string::npos);
    }
}
