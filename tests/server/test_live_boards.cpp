// The lobby's live list as mini boards: live.snapshot carries the board's
// shape once per game and each room's position (pieces, last move, clocks
// counted down to the moment of sending); live.update carries the position
// again only after it changed (a move, a takeback), at most once per count
// batch however many moves were played. Over real sockets.
#include <algorithm>
#include <thread>

#include "helpers.hpp"

using namespace kibitz::test;

namespace {

// "cell:owner:kind" of every piece, sorted: two boards compare as strings.
std::string pieces_of(const json& board) {
    std::vector<std::string> out;
    for (const auto& p : board["pieces"])
        out.push_back(p["at"].get<std::string>() + ':' + std::to_string(p["owner"].get<int>()) +
                      ':' + p["kind"].get<std::string>());
    std::sort(out.begin(), out.end());
    std::string s;
    for (const auto& x : out) s += x + ' ';
    return s;
}

json subscribe(ws_client& w) {
    w.send({{"t", "live.sub"}, {"d", {{"game", "checkers"}}}});
    return w.expect("live.snapshot");
}

}  // namespace

TEST_CASE(
    "live boards: the snapshot has the shape once and each game's position; a move sends the new "
    "one") {
    two_players g("checkers", tc(300, 3));
    ws_client w(g.srv.port());
    w.hello();
    auto snap = subscribe(w)["d"];
    // The shape: what never changes in a game of this id.
    CHECK(snap["board"]["layout"] == "dark_squares8");
    CHECK(snap["board"]["cells"].size() == 32);
    CHECK_FALSE(snap["board"].contains("pieces"));
    REQUIRE(snap["rooms"].size() == 1);
    const json& r = snap["rooms"][0];
    CHECK(r["room"] == g.t.room);
    CHECK(pieces_of(r["board"]) == pieces_of(g.board));
    CHECK(r["board"]["pieces"].size() == 24);
    CHECK(r["board"]["to_move"] == 0);
    CHECK_FALSE(r["board"].contains("moves"));  // no legal moves: nobody plays from here
    CHECK(r["last"].is_null());
    CHECK(r["clocks"]["ms"][0] == 300000);
    CHECK(r["clocks"]["running"] == -1);

    json path = g.board["moves"][0]["path"];  // of the move step() plays
    auto ev = g.step();
    auto up = w.expect("live.update", [](const json& j) { return j["d"]["plies"] == 1; })["d"];
    REQUIRE(up.contains("board"));
    CHECK(pieces_of(up["board"]) == pieces_of(g.board));
    CHECK(up["board"]["to_move"] == 1);
    CHECK(up["last"]["path"] == path);
    CHECK(up["clocks"]["ms"] == ev["d"]["clocks"]["ms"]);

    // A watcher arrives: the count is sent, not the unchanged board.
    ws_client s(g.srv.port());
    s.hello();
    s.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    REQUIRE(!s.expect("room.state").is_null());
    auto seen =
        w.expect("live.update", [](const json& j) { return j["d"]["spectators"] == 1; })["d"];
    CHECK(seen["plies"] == 1);
    CHECK_FALSE(seen.contains("board"));
    CHECK_FALSE(seen.contains("clocks"));
}

TEST_CASE("live boards: the running clock is counted down to the moment of sending") {
    two_players g("checkers", tc(300, 3));
    g.step();
    auto ev = g.step();  // both have moved: the clock of the side to move runs
    int running = ev["d"]["clocks"]["running"];
    REQUIRE(running == 0);
    std::int64_t at_move = ev["d"]["clocks"]["ms"][running];
    // Time passing on the running clock is the behaviour under test.
    std::this_thread::sleep_for(400ms);
    ws_client w(g.srv.port());
    w.hello();
    auto r = subscribe(w)["d"]["rooms"][0];
    CHECK(r["clocks"]["running"] == running);
    CHECK(r["clocks"]["ms"][running].get<std::int64_t>() <= at_move - 350);
    CHECK(r["clocks"]["ms"][1 - running] == ev["d"]["clocks"]["ms"][1 - running]);  // stopped
}

TEST_CASE("live boards: many moves within one batch send one board, the last") {
    two_players g("checkers", untimed(),
                  [](kibitz::server::server_config& c) { c.play.count_batch = 1500ms; });
    ws_client w(g.srv.port());
    w.hello();
    subscribe(w);
    // Wait for the batch that follows the subscription to pass, then play
    // four plies at once: they fall into at most two batches. The batch timer
    // is the behaviour under test, and a batch with nothing new sends nothing
    // to wait on: its period is waited out.
    std::this_thread::sleep_for(1600ms);
    for (int i = 0; i < 4; ++i) g.step();
    int updates = 0;
    json last;
    auto until = std::chrono::steady_clock::now() + 3500ms;
    while (std::chrono::steady_clock::now() < until)
        if (w.sees("live.update", 100ms)) {
            last = w.expect("live.update")["d"];
            ++updates;
        }
    CHECK(updates >= 1);
    CHECK(updates <= 2);
    CHECK(last["plies"] == 4);
    CHECK(pieces_of(last["board"]) == pieces_of(g.board));
}

TEST_CASE("live boards: a takeback sends the position before it") {
    two_players g("checkers");
    ws_client w(g.srv.port());
    w.hello();
    subscribe(w);
    g.step();
    json after_one = g.board;
    g.step();
    w.expect("live.update", [](const json& j) { return j["d"]["plies"] == 2; });
    // The last mover (seat 1) asks; seat 0 accepts: one ply undone.
    g.seat[1]->send({{"t", "takeback.offer"}, {"d", {{"room", g.t.room}, {"ack", 50}}}});
    g.seat[0]->expect("offer", [](const json& j) { return j["d"]["kind"] == "takeback"; });
    g.seat[0]->send({{"t", "takeback.accept"}, {"d", {{"room", g.t.room}, {"ack", 51}}}});
    auto up = w.expect("live.update", [](const json& j) { return j["d"]["plies"] == 1; })["d"];
    REQUIRE(up.contains("board"));
    CHECK(pieces_of(up["board"]) == pieces_of(after_one));
}

namespace {

long long live_snapshots_built(std::uint16_t port) {
    const std::string name = "kibitz_live_snapshots_built_total";
    auto r = http_get(port, "/metrics");
    auto at = r.body.find("\n" + name + " ");
    REQUIRE(at != std::string::npos);
    return std::stoll(r.body.substr(at + name.size() + 2));
}

}  // namespace

TEST_CASE(
    "live boards: the list shows the newest games and counts the rest; one snapshot serves every "
    "subscriber until it changes") {
    // Two boards at most, four games: the two newest are shown, all four counted.
    two_players g("checkers", untimed(),
                  [](kibitz::server::server_config& c) { c.play.live_boards = 2; });
    std::vector<std::string> rooms{g.t.room};
    for (int i = 0; i < 3; ++i) rooms.push_back(pair_by_seek(g.a, g.b, "checkers", untimed()).room);

    auto before = live_snapshots_built(g.srv.port());
    ws_client w1(g.srv.port()), w2(g.srv.port());
    w1.hello();
    w2.hello();
    auto s1 = subscribe(w1)["d"];
    auto s2 = subscribe(w2)["d"];
    CHECK(s1 == s2);
    CHECK(s1["total"] == 4);
    REQUIRE(s1["rooms"].size() == 2);
    CHECK(s1["rooms"][0]["room"] == rooms[2]);
    CHECK(s1["rooms"][1]["room"] == rooms[3]);
    CHECK(s1["rooms"][0]["board"]["pieces"].size() == 24);
    // Nothing changed between the two: one serialization, shared.
    CHECK(live_snapshots_built(g.srv.port()) == before + 1);

    // A fifth game: it is shown, the oldest shown one leaves the window.
    auto fifth = pair_by_seek(g.a, g.b, "checkers", untimed()).room;
    auto out = w1.expect("live.remove")["d"];
    CHECK(out["room"] == rooms[2]);
    CHECK(out["total"] == 5);
    auto in = w1.expect("live.add")["d"];
    CHECK(in["room"]["room"] == fifth);
    CHECK(in["total"] == 5);
    // A shown game ends: the newest one not shown comes back into the window.
    g.b.send({{"t", "abort"}, {"d", {{"room", fifth}}}});
    auto gone = w1.expect("live.remove", [&](const json& j) { return j["d"]["room"] == fifth; });
    CHECK(gone["d"]["total"] == 4);
    auto back = w1.expect("live.add")["d"];
    CHECK(back["room"]["room"] == rooms[2]);
    CHECK(back["room"]["board"]["pieces"].size() == 24);
    // And a third subscriber gets the changed list, built anew.
    ws_client w3(g.srv.port());
    w3.hello();
    auto s3 = subscribe(w3)["d"];
    REQUIRE(s3["rooms"].size() == 2);
    CHECK(s3["rooms"][0]["room"] == rooms[2]);
    CHECK(s3["rooms"][1]["room"] == rooms[3]);
    CHECK(live_snapshots_built(g.srv.port()) == before + 2);
}

TEST_CASE(
    "live boards: the featured game comes with its position and follows its moves, without "
    "joining it") {
    two_players g("checkers", tc(300, 3));
    ws_client w(g.srv.port());
    w.hello();
    // The room tells live_games of its start on live_games' own strand, so a
    // snapshot taken before that has no featured game yet (a `tv` message
    // follows then): subscribe again until the snapshot has it (a TSan run
    // was slow enough to see the empty one).
    json tv;
    REQUIRE(eventually([&] {
        w.send({{"t", "lobby.sub"}});
        tv = w.expect("lobby.snapshot")["d"]["tv"];
        if (tv.is_object()) return true;
        w.send({{"t", "lobby.unsub"}});
        return false;
    }));
    CHECK(tv["room"] == g.t.room);
    CHECK(tv["shape"]["layout"] == "dark_squares8");
    CHECK(pieces_of(tv["board"]) == pieces_of(g.board));
    CHECK(tv["last"].is_null());
    CHECK(tv["clocks"]["ms"][0] == 300000);
    json path = g.board["moves"][0]["path"];
    g.step();
    auto up = w.expect("tv.update", [](const json& j) { return j["d"]["plies"] == 1; })["d"];
    CHECK(up["room"] == g.t.room);
    CHECK(pieces_of(up["board"]) == pieces_of(g.board));
    CHECK(up["last"]["path"] == path);
    CHECK(up["spectators"] == 0);  // being featured is not watching
}
