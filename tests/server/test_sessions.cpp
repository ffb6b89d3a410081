// The app forgets sessions nobody has used for the configured time: at start,
// then every session_sweep (the store's expire_sessions had no caller before).
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <thread>

#include "app.hpp"
#include "store/store.hpp"
#include "store_helpers.hpp"
#include "temp_dir.hpp"

using namespace std::chrono_literals;
namespace server = kibitz::server;
namespace storage = kibitz::server::storage;

namespace {
template <class T, class F>
T wait_for(F&& start) {
    std::promise<kibitz::core::result<T>> p;
    start([&p](kibitz::core::result<T> r) { p.set_value(std::move(r)); });
    auto r = p.get_future().get();
    REQUIRE(r.ok());
    return std::move(r).value();
}

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

bool known(storage::store& s, const std::string& hash) {
    // Looking a session up marks it seen: only ask once per session.
    return wait_for<std::optional<storage::player>>(
               [&](auto h) { s.find_session(hash, now_ms(), h); })
        .has_value();
}
}  // namespace

TEST_CASE("app: sessions unseen for the TTL are expired at start and then periodically") {
    kibitz::test::temp_dir dir;
    server::server_config cfg;
    cfg.address = "127.0.0.1";
    cfg.port = 0;
    cfg.threads = 1;
    cfg.db = (dir.path / "k.db").string();
    cfg.db_sync_full = false;
    cfg.session_ttl = std::chrono::hours(24);
    cfg.session_sweep = 100ms;
    server::app app(cfg);
    REQUIRE(std::holds_alternative<std::uint16_t>(app.start()));
    std::thread io([&] { app.run(); });
    auto& s = *app.context().api.store;
    auto who = wait_for<storage::player>([&](auto h) { s.create_guest("G", now_ms(), h); });
    auto two_days_ago = now_ms() - 48 * 3600 * 1000LL;
    wait_for<bool>([&](auto h) { s.create_session("stale", who.id, two_days_ago, h); });
    wait_for<bool>([&](auto h) { s.create_session("fresh", who.id, now_ms(), h); });
    // Both exist until the next sweep (created after the one at start); the
    // file is read from outside, since a lookup through the store marks the
    // session seen.
    const std::string sessions = "SELECT COUNT(*) FROM sessions";
    CHECK(kibitz::test::eventually([&] { return kibitz::test::db_scalar(cfg.db, sessions) == 1; }));
    CHECK_FALSE(known(s, "stale"));
    CHECK(known(s, "fresh"));
    app.stop();
    io.join();
}
