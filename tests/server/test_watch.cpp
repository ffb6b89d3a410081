// What the lobby shows everyone: counts per quick-pairing pool (waiting and
// playing) and the featured live game (TV), which follows the highest-rated
// public game and moves on when it ends. Also the spectator's side of TV:
// joining the featured room gives its live moves.
#include "store_helpers.hpp"

using namespace kibitz::test;

namespace {

json find_pool(const json& pools, const std::string& game, const json& time) {
    for (const auto& p : pools)
        if (p["game"] == game && p["tc"] == time && p["rated"] == false) return p;
    return nullptr;
}

}  // namespace

TEST_CASE("lobby: counts per quick-pairing pool, for everyone in the lobby") {
    test_server srv;
    ws_client watcher(srv.port()), a(srv.port()), b(srv.port());
    watcher.hello();
    a.hello();
    b.hello();
    watcher.send({{"t", "lobby.sub"}});
    auto snap = watcher.expect("lobby.snapshot");
    CHECK(snap["d"]["counts"]["pools"] == json::array());
    CHECK(snap["d"]["tv"].is_null());

    a.send({{"t", "quick.join"}, {"d", {{"game", "oware"}, {"tc", tc(180, 2)}}}});
    a.expect("quick.queued");
    auto c1 = watcher.expect("counts", [](const json& j) { return j["d"]["pools"].size() == 1; });
    auto p1 = find_pool(c1["d"]["pools"], "oware", tc(180, 2));
    REQUIRE(!p1.is_null());
    CHECK(p1["waiting"] == 1);
    CHECK(p1["playing"] == 0);

    b.send({{"t", "quick.join"}, {"d", {{"game", "oware"}, {"tc", tc(180, 2)}}}});
    a.expect("game.found");
    auto c2 = watcher.expect("counts", [](const json& j) {
        auto p = find_pool(j["d"]["pools"], "oware", tc(180, 2));
        return !p.is_null() && p["waiting"] == 0 && p["playing"] == 1;
    });
    CHECK(!c2.is_null());
    // A newcomer gets the same in its snapshot.
    ws_client late(srv.port());
    late.hello();
    late.send({{"t", "lobby.sub"}});
    auto p2 = find_pool(late.expect("lobby.snapshot")["d"]["counts"]["pools"], "oware", tc(180, 2));
    REQUIRE(!p2.is_null());
    CHECK(p2["playing"] == 1);
}

TEST_CASE("lobby: the featured game (TV) is the highest-rated live game, and moves on") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "correct horse battery");
    auto bob = register_account(db, "bob", "another long password");
    // bob is rated above 1500 in checkers: the game he plays is the one to watch.
    REQUIRE(db_exec(db, "INSERT INTO ratings(player_id, game_id, rating, rd, volatility, games, "
                        "updated_ms) VALUES (" + std::to_string(bob.row) +
                            ", 'checkers', 1900, 60, 0.06, 40, 0)"));
    test_server srv(with_db(db));
    ws_client watcher(srv.port()), g1(srv.port()), g2(srv.port()), a(srv.port()), b(srv.port());
    watcher.hello();
    g1.hello();
    g2.hello();
    a.hello(ada.token);
    b.hello(bob.token);
    watcher.send({{"t", "lobby.sub"}});
    watcher.expect("lobby.snapshot");

    auto guests = pair_by_seek(g1, g2, "oware", nullptr);
    auto tv1 = watcher.expect("tv");
    CHECK(tv1["d"]["room"]["room"] == guests.room);
    auto accounts = pair_by_seek(a, b, "checkers", tc(300, 2));
    auto tv2 = watcher.expect("tv");
    CHECK(tv2["d"]["room"]["room"] == accounts.room);
    CHECK(tv2["d"]["room"]["game"] == "checkers");
    CHECK(tv2["d"]["room"]["players"].size() == 2);

    // Watching it: a spectator of that room gets its moves live.
    watcher.send({{"t", "room.join"}, {"d", {{"room", accounts.room}}}});
    auto st = watcher.expect("room.state");
    CHECK(st["d"]["you"]["seat"].is_null());
    ws_client& first = accounts.seat_a == 0 ? a : b;
    first.send(move_msg(accounts.room, first_move(accounts.state_a["d"]["board"]), 1));
    CHECK(watcher.expect("move")["d"]["ply"] == 1);

    // It ends: TV goes back to the guests' game; that ends too: nothing.
    first.send({{"t", "abort"}, {"d", {{"room", accounts.room}}}});
    CHECK(watcher.expect("tv")["d"]["room"]["room"] == guests.room);
    g1.send({{"t", "abort"}, {"d", {{"room", guests.room}}}});
    CHECK(watcher.expect("tv")["d"]["room"].is_null());
}

TEST_CASE("lobby: when the featured game ends, TV takes the live game with the most spectators") {
    // Three guests' games, equal in rating: the first featured stays (no clearly
    // better one starts). One spectator joins the later of the other two (in
    // room order, which a tie would otherwise prefer the earlier of): when the
    // featured game ends, TV takes the watched one.
    test_server srv;
    ws_client watcher(srv.port()), fan(srv.port());
    std::vector<std::unique_ptr<ws_client>> p;
    for (int i = 0; i < 6; ++i) p.push_back(std::make_unique<ws_client>(srv.port())), p.back()->hello();
    watcher.hello();
    fan.hello();
    watcher.send({{"t", "lobby.sub"}});
    watcher.expect("lobby.snapshot");
    auto first = pair_by_seek(*p[0], *p[1], "oware", nullptr);
    CHECK(watcher.expect("tv")["d"]["room"]["room"] == first.room);
    auto b = pair_by_seek(*p[2], *p[3], "oware", nullptr);
    auto c = pair_by_seek(*p[4], *p[5], "oware", nullptr);
    const std::string watched = std::max(b.room, c.room);
    fan.send({{"t", "room.join"}, {"d", {{"room", watched}}}});
    fan.expect("room.state");
    // The count reaches the lobby with the room's batched `spectators` frame.
    (watched == b.room ? *p[2] : *p[4]).expect("spectators");
    p[0]->send({{"t", "abort"}, {"d", {{"room", first.room}}}});
    CHECK(watcher.expect("tv")["d"]["room"]["room"] == watched);
}
