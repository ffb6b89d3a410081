// Unit tests of the pure pieces under the server (time is passed in, nothing
// runs on an executor): the Fischer clock, quick pairing's widening window,
// and the per-connection token bucket.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>

#include "net/token_bucket.hpp"
#include "play/lobby/matchmaker.hpp"
#include "play/room/clock.hpp"

using namespace kibitz::server;
using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

TEST_CASE("fischer clock: the running side loses time, a move stops it and adds the increment") {
    fischer_clock c(60s, 2s);
    auto t0 = steady::now();
    CHECK(c.running() == -1);
    CHECK(c.remaining(0, t0 + 10s) == 60s);  // nothing runs before the start
    c.start(0, t0);
    CHECK(c.remaining(0, t0 + 10s) == 50s);
    CHECK(c.remaining(1, t0 + 10s) == 60s);
    CHECK(c.flag_time() == t0 + 60s);
    REQUIRE(c.on_move(0, t0 + 10s));
    CHECK(c.running() == -1);
    CHECK(c.remaining(0, t0 + 30s) == 52s);  // 50 left, plus the increment
    c.start(1, t0 + 10s);
    c.stop(t0 + 15s);  // frozen: a pause costs nothing afterwards
    CHECK(c.remaining(1, t0 + 100s) == 55s);
}

TEST_CASE("fischer clock: a move after the flag fell changes nothing; never negative") {
    fischer_clock c(5s, 1s);
    auto t0 = steady::now();
    c.start(1, t0);
    CHECK(c.remaining(1, t0 + 9s) == 0s);
    CHECK_FALSE(c.on_move(1, t0 + 6s));
    CHECK(c.running() == 1);               // still running, still out of time
    CHECK(c.remaining(1, t0 + 6s) == 0s);
    // The first move gets the increment too, even when no clock ran.
    CHECK(c.on_move(0, t0));
    CHECK(c.remaining(0, t0) == 6s);
    c.set(0, 1234ms);                     // restored after a restart
    CHECK(c.remaining(0, t0) == 1234ms);
}

namespace {
matchmaker::entry waiting(std::string id, int rating, steady::time_point since) {
    auto p = std::make_shared<player>();
    p->id = std::move(id);
    p->name = p->id;
    return {p, 1, "g", time_control{180, 2}, since, false, rating};
}
}  // namespace

TEST_CASE("matchmaker: the accepted rating gap widens by a step every period waited") {
    matchmaker m(100, 50, 5s);
    auto t0 = steady::now();
    auto e = waiting("a", 1500, t0);
    CHECK(m.window_at(e, t0) == 100);
    CHECK(m.window_at(e, t0 + 4999ms) == 100);
    CHECK(m.window_at(e, t0 + 5s) == 150);
    CHECK(m.window_at(e, t0 + 12s) == 200);
    CHECK(matchmaker(100, 50, 0ms).window_at(e, t0 + 1h) == 100);  // never widens
}

TEST_CASE("matchmaker: a gap too wide for either waits until both windows cover it") {
    matchmaker m(100, 50, 5s);
    auto t0 = steady::now();
    m.join(waiting("a", 1500, t0));
    m.join(waiting("b", 1660, t0 + 5s));  // a gap of 160
    CHECK(m.pair_up(t0 + 5s).empty());
    CHECK(m.pair_up(t0 + 10s).empty());   // a accepts 200, b only 150
    auto pairs = m.pair_up(t0 + 15s);     // b accepts 200 now
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].a.who->id == "a");
    CHECK(m.pair_up(t0 + 60s).empty());  // both left the queue
}

TEST_CASE("matchmaker: the longest waiter takes the closest rating") {
    matchmaker m(300, 0, 5s);
    auto t0 = steady::now();
    m.join(waiting("a", 1500, t0));
    m.join(waiting("far", 1700, t0 + 1s));
    m.join(waiting("near", 1520, t0 + 2s));
    auto pairs = m.pair_up(t0 + 3s);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0].b.who->id == "near");
}

TEST_CASE("rate limiter: a burst at once, then the sustained rate") {
    auto t0 = steady::now() + 1s;  // after the bucket's own start
    token_bucket r(10, 3);
    CHECK(r.allow(t0));
    CHECK(r.allow(t0));
    CHECK(r.allow(t0));
    CHECK_FALSE(r.allow(t0));           // the burst is spent
    CHECK_FALSE(r.allow(t0 + 50ms));    // half a token back
    CHECK(r.allow(t0 + 150ms));         // one token per 1/rate seconds: 1.5 now
    CHECK_FALSE(r.allow(t0 + 150ms));
    // A long silence refills to the burst, never beyond it.
    CHECK(r.allow(t0 + 10s));
    CHECK(r.allow(t0 + 10s));
    CHECK(r.allow(t0 + 10s));
    CHECK_FALSE(r.allow(t0 + 10s));
}
