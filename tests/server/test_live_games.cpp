// Unit tests of live_games (play/live/live_games.hpp), the live lists and TV, on
// an io_context run by the test's own thread: no sockets, no other threads.
// A peer records the frames it is sent; the cluster is a remote_live that
// records what it is told.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <vector>

#include "observe/metrics.hpp"
#include "play/live/live_games.hpp"

using namespace kibitz::server;

namespace {

struct recording_peer : peer {
    std::uint64_t id;
    std::vector<json> got;
    explicit recording_peer(std::uint64_t i) : id(i) {}
    void send(std::shared_ptr<const std::string> f) override { got.push_back(json::parse(*f)); }
    std::uint64_t conn_id() const override { return id; }
    void end_connection(const std::string&) override {}
    std::vector<json> of(const std::string& type) const {
        std::vector<json> out;
        for (const auto& j : got)
            if (j["t"] == type) out.push_back(j["d"]);
        return out;
    }
};

struct recording_cluster : remote_live {
    std::vector<std::string> listed;
    std::vector<std::pair<std::string, std::size_t>> changed;  // room, plies
    void live_listed(const std::string&, const std::string& room, const json&,
                     const live_position&) override {
        listed.push_back(room);
    }
    void live_changed(const std::string&, const std::string& room, std::size_t plies, std::size_t,
                      const std::optional<live_position>&) override {
        changed.emplace_back(room, plies);
    }
};

// Runs the io_context's handlers until `done` holds (false after 5 s).
template <class Pred>
bool run_until(boost::asio::io_context& ioc, Pred done) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!done()) {
        if (std::chrono::steady_clock::now() >= until) return false;
        if (ioc.stopped()) ioc.restart();
        ioc.run_one_for(std::chrono::milliseconds(10));
    }
    return true;
}

void run_ready(boost::asio::io_context& ioc) {
    if (ioc.stopped()) ioc.restart();
    ioc.poll();
}

json summary(const std::string& room, int rating = 1500) {
    return {{"room", room},
            {"game", "oware"},
            {"tc", {{"base_ms", 180000}, {"inc_ms", 2000}}},
            {"rated", false},
            {"players", json::array({{{"name", "a"}, {"rating", rating}}, {{"name", "b"}}})},
            {"plies", 0},
            {"spectators", 0}};
}

struct fixture {
    boost::asio::io_context ioc;
    metrics stats;
    play_config cfg = [] {
        play_config c;
        c.count_batch = std::chrono::milliseconds(20);
        c.live_boards = 2;
        return c;
    }();
    recording_cluster cluster;
    std::shared_ptr<live_games> live = std::make_shared<live_games>(ioc, cfg, stats, &cluster);
    ~fixture() {
        live->stop();
        run_ready(ioc);
    }
};

}  // namespace

TEST_CASE("live_games: a list's snapshot, then its games as they start, move and end") {
    fixture f;
    auto watcher = std::make_shared<recording_peer>(1);
    f.live->start();
    f.live->subscribe(watcher, 1, "oware", true, std::nullopt, "live.sub");
    REQUIRE(run_until(f.ioc, [&] { return !watcher->of("live.snapshot").empty(); }));
    CHECK(watcher->of("live.snapshot")[0]["total"] == 0);

    f.live->room_started("oware", "r1", summary("r1"), {});
    REQUIRE(run_until(f.ioc, [&] { return watcher->of("live.add").size() == 1; }));
    CHECK(watcher->of("live.add")[0]["room"]["room"] == "r1");
    CHECK(f.cluster.listed == std::vector<std::string>{"r1"});  // fed to the other nodes

    // Two changes within a batch: one live.update, with the latest counts.
    f.live->room_changed("oware", "r1", 1, 0, live_position{});
    f.live->room_changed("oware", "r1", 2, 3, live_position{});
    REQUIRE(run_until(f.ioc, [&] { return !watcher->of("live.update").empty(); }));
    run_ready(f.ioc);
    REQUIRE(watcher->of("live.update").size() == 1);
    CHECK(watcher->of("live.update")[0]["plies"] == 2);
    CHECK(watcher->of("live.update")[0]["spectators"] == 3);
    CHECK(f.cluster.changed.back() == std::pair<std::string, std::size_t>{"r1", 2});

    // The window holds two: a third game pushes the oldest out (still counted).
    f.live->room_started("oware", "r2", summary("r2"), {});
    f.live->room_started("oware", "r3", summary("r3"), {});
    REQUIRE(run_until(f.ioc, [&] { return watcher->of("live.add").size() == 3; }));
    auto removed = watcher->of("live.remove");
    REQUIRE(removed.size() == 1);
    CHECK(removed[0]["room"] == "r1");
    CHECK(removed[0]["total"] == 3);

    // r3 ends: r1, the newest not shown, comes back into the window.
    f.live->room_ended("oware", "r3");
    REQUIRE(run_until(f.ioc, [&] { return watcher->of("live.add").size() == 4; }));
    CHECK(watcher->of("live.add")[3]["room"]["room"] == "r1");
    CHECK(watcher->of("live.add")[3]["total"] == 2);

    // Unsubscribed (acknowledged): nothing more. Another watcher's connection
    // closes: nothing more for it either.
    auto other = std::make_shared<recording_peer>(2);
    f.live->subscribe(other, 2, "oware", true, std::nullopt, "live.sub");
    f.live->subscribe(watcher, 1, "oware", false, 7, "live.unsub");
    REQUIRE(run_until(f.ioc, [&] { return !watcher->of("ack").empty(); }));
    f.live->connection_closed(2);
    auto before = watcher->got.size(), other_before = other->got.size();
    f.live->room_ended("oware", "r2");
    f.live->room_started("oware", "r4", summary("r4"), {});
    REQUIRE(run_until(f.ioc, [&] { return f.cluster.listed.size() == 4; }));
    CHECK(watcher->got.size() == before);
    CHECK(other->got.size() == other_before);

    // A game id no one knows is refused.
    f.live->subscribe(watcher, 1, "no-such-game", true, 8, "live.sub");
    REQUIRE(run_until(f.ioc, [&] { return !watcher->of("error").empty(); }));
    CHECK(watcher->of("error")[0]["code"] == "unknown_game");
}

TEST_CASE(
    "live_games: TV follows the most interesting game; a late watcher is brought up to date") {
    fixture f;
    auto early = std::make_shared<recording_peer>(1), late = std::make_shared<recording_peer>(2);
    f.live->start();
    CHECK(*f.live->featured().text == "null");
    auto shown = f.live->featured().version;
    f.live->watch_tv(early, 1, true, shown);

    f.live->room_started("oware", "r1", summary("r1"), {});
    REQUIRE(run_until(f.ioc, [&] { return early->of("tv").size() == 1; }));
    CHECK(early->of("tv")[0]["room"]["room"] == "r1");
    // A clearly better game takes over; a tie would not.
    f.live->room_started("oware", "r2", summary("r2"), {});
    f.live->room_started("oware", "r3", summary("r3", 1900), {});
    REQUIRE(run_until(f.ioc, [&] { return early->of("tv").size() == 2; }));
    CHECK(early->of("tv")[1]["room"]["room"] == "r3");
    CHECK(json::parse(*f.live->featured().text)["room"] == "r3");

    // A watcher whose lobby.snapshot showed an older TV gets the current one.
    f.live->watch_tv(late, 2, true, shown);
    REQUIRE(run_until(f.ioc, [&] { return late->of("tv").size() == 1; }));
    CHECK(late->of("tv")[0]["room"]["room"] == "r3");

    // The featured game moves: tv.update, once per batch.
    f.live->room_changed("oware", "r3", 1, 0, live_position{});
    REQUIRE(run_until(f.ioc, [&] { return !early->of("tv.update").empty(); }));
    CHECK(early->of("tv.update")[0]["plies"] == 1);

    // It ends: TV takes the next. The lobby let the late one go: nothing more for it.
    f.live->watch_tv({}, 2, false, 0);
    f.live->room_ended("oware", "r3");
    REQUIRE(run_until(f.ioc, [&] { return early->of("tv").size() == 3; }));
    CHECK(early->of("tv")[2]["room"]["room"] == "r1");
    CHECK(late->of("tv").size() == 1);
}

TEST_CASE("live_games: games in play per pool, for the lobby's counts") {
    fixture f;
    CHECK(f.live->playing()->empty());
    f.live->room_started("oware", "r1", summary("r1"), {});
    f.live->room_started("oware", "r2", summary("r2"), {});
    REQUIRE(run_until(f.ioc, [&] {
        auto p = f.live->playing();
        return p->size() == 1 && (*p)[0].playing == 2;  // one pool, both games
    }));
    auto pools = f.live->playing();
    CHECK((*pools)[0].game == "oware");
    CHECK((*pools)[0].tc == summary("r1")["tc"]);
    f.live->room_ended("oware", "r1");
    f.live->room_ended("oware", "r2");
    REQUIRE(run_until(f.ioc, [&] { return f.live->playing()->empty(); }));
}

TEST_CASE("live_games: other nodes' games are listed; a game taken over here counts its own") {
    fixture f;
    auto watcher = std::make_shared<recording_peer>(1);
    f.live->start();
    f.live->subscribe(watcher, 1, "oware", true, std::nullopt, "live.sub");
    f.live->remote_started("oware", "r9", summary("r9"), {});
    REQUIRE(run_until(f.ioc, [&] { return watcher->of("live.add").size() == 1; }));
    CHECK(f.cluster.listed.empty());  // not ours to feed
    f.live->remote_changed("oware", "r9", 4, 1, std::nullopt);
    REQUIRE(run_until(f.ioc, [&] { return !watcher->of("live.update").empty(); }));
    CHECK(watcher->of("live.update")[0]["plies"] == 4);
    CHECK(f.cluster.changed.empty());

    // Taken over here: the old node's news no longer counts, ours does.
    f.live->room_started("oware", "r9", summary("r9"), {});
    f.live->remote_changed("oware", "r9", 9, 1, std::nullopt);
    f.live->room_changed("oware", "r9", 5, 1, std::nullopt);
    REQUIRE(run_until(f.ioc, [&] { return watcher->of("live.update").size() == 2; }));
    CHECK(watcher->of("live.update")[1]["plies"] == 5);
    f.live->remote_ended("oware", "r9");  // the old node's: ignored
    f.live->room_changed("oware", "r9", 6, 1, std::nullopt);
    REQUIRE(run_until(f.ioc, [&] { return watcher->of("live.update").size() == 3; }));
    CHECK(watcher->of("live.remove").empty());
}
