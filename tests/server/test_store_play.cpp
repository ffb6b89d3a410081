// The server with a real SQLite file: moves acknowledged only once durable,
// rated games between accounts change ratings (casual and aborted ones do
// not), chat and names stored as data, many games at once with nothing lost.
#include <atomic>
#include <thread>

#include "store_helpers.hpp"

using namespace kibitz::test;

namespace {

const std::string game_of_room = "SELECT id FROM games WHERE public_id = ?";

// Plays `n` plies, each side playing the first legal move; checks each ack.
// Returns the last move event.
json play_plies(ws_client& a, ws_client& b, const table& t, int n, int first_ack = 100) {
    json board = t.state_a["d"]["board"];
    json ev;
    for (int i = 0; i < n; ++i) {
        int to_move = board["to_move"];
        ws_client& mover = to_move == t.seat_a ? a : b;
        ws_client& other = to_move == t.seat_a ? b : a;
        std::string mv = first_move(board);
        REQUIRE(!mv.empty());
        int ack = first_ack + i;
        mover.send(move_msg(t.room, mv, ack));
        auto got = mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == ack; });
        REQUIRE(!got.is_null());
        int ply = static_cast<int>(t.state_a["d"]["moves"].size()) + i + 1;
        ev = other.expect("move", [&](const json& j) { return j["d"]["ply"] == ply; });
        mover.expect("move", [&](const json& j) { return j["d"]["ply"] == ply; });
        REQUIRE(!ev.is_null());
        board = ev["d"]["board"];
    }
    return ev;
}

table pair_rated(ws_client& a, ws_client& b, bool rated) {
    a.send({{"t", "seek.create"},
            {"d", {{"game", "oware"}, {"tc", tc(300, 3)}, {"rated", rated}, {"color", "random"}}}});
    auto created = a.expect("seek.created");
    REQUIRE(!created.is_null());
    CHECK(created["d"]["seek"]["rated"] == rated);
    b.send({{"t", "seek.accept"}, {"d", {{"id", created["d"]["seek"]["id"]}}}});
    table t;
    auto fa = a.expect("game.found");
    b.expect("game.found");
    t.room = fa["d"]["room"];
    t.seat_a = fa["d"]["seat"];
    t.state_a = a.expect("room.state");
    t.state_b = b.expect("room.state");
    return t;
}

}  // namespace

TEST_CASE("store: a move is acknowledged only once it is in the database file") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port());
    auto wa = a.hello();
    b.hello();
    CHECK(wa["user"]["guest"] == true);
    CHECK(std::string(wa["user"]["id"]).rfind("g-", 0) == 0);
    auto t = pair_by_seek(a, b, "checkers", tc(300, 3));
    // The game and its room id are stored at the start (committed a moment
    // later: the start is not waited for, the first move's ack is).
    std::int64_t key = 0;
    REQUIRE(eventually([&] { return (key = db_scalar(db, game_of_room, t.room)) > 0; }));
    json board = t.state_a["d"]["board"];
    for (int ply = 1; ply <= 6; ++ply) {
        int to_move = board["to_move"];
        ws_client& mover = to_move == t.seat_a ? a : b;
        ws_client& other = to_move == t.seat_a ? b : a;
        mover.send(move_msg(t.room, first_move(board), ply));
        auto ack = mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == ply; });
        REQUIRE(!ack.is_null());
        // Read the file from outside the server right after the ack.
        CHECK(db_scalar(db, "SELECT COUNT(*) FROM moves WHERE game = " + std::to_string(key)) == ply);
        auto ev = other.expect("move", [&](const json& j) { return j["d"]["ply"] == ply; });
        board = ev["d"]["board"];
        auto stored_clock0 = db_scalar(db, "SELECT clock0_ms FROM moves WHERE game = " +
                                               std::to_string(key) + " AND ply = " +
                                               std::to_string(ply - 1));
        CHECK(stored_clock0 > 0);
    }
    CHECK(db_text(db, "SELECT notation FROM moves WHERE game = (" + game_of_room + ") AND ply = 0",
                  t.room) == t.state_a["d"]["board"]["moves"][0]["text"].get<std::string>());
    // The page caches holding those pages are on /metrics, so memory that grows
    // with the database can be told from a leak (BENCHMARKS.md, Soak).
    auto m = http_get(srv.port(), "/metrics").body;
    auto at = m.find("\nkibitz_sqlite_memory_bytes ");
    REQUIRE(at != std::string::npos);
    CHECK(std::stoll(m.substr(at + 28)) > 0);
}

TEST_CASE("store: rated games between accounts change both ratings; casual and aborted do not") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "correct horse battery");
    auto bob = register_account(db, "Bob_1", "another long password");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port()), g(srv.port());
    auto wa = a.hello(ada.token);
    auto wb = b.hello(bob.token);
    g.hello();
    CHECK(wa["resumed"] == true);
    CHECK(wa["user"]["name"] == "ada");
    CHECK(wa["user"]["guest"] == false);
    CHECK(wb["user"]["name"] == "Bob_1");
    const std::string ratings_of = "SELECT COUNT(*) FROM ratings";

    SUBCASE("guests stay casual-only") {
        g.send({{"t", "seek.create"},
                {"d", {{"game", "oware"}, {"tc", tc(300, 3)}, {"rated", true}, {"ack", 5}}}});
        auto e = g.expect("error");
        CHECK(e["d"]["code"] == "rated_requires_account");
        // and a guest cannot take an account's rated seek
        a.send({{"t", "seek.create"},
                {"d", {{"game", "oware"}, {"tc", tc(300, 3)}, {"rated", true}}}});
        auto s = a.expect("seek.created");
        CHECK(s["d"]["seek"]["by"]["rating"] == 1500);
        CHECK(s["d"]["seek"]["by"]["provisional"] == true);
        g.send({{"t", "seek.accept"}, {"d", {{"id", s["d"]["seek"]["id"]}, {"ack", 6}}}});
        CHECK(g.expect("error")["d"]["code"] == "rated_requires_account");
    }
    SUBCASE("rated: resigned game rates both") {
        auto t = pair_rated(a, b, true);
        CHECK(t.state_a["d"]["rated"] == true);
        CHECK(t.state_a["d"]["players"][0]["rating"] == 1500);
        play_plies(a, b, t, 4);  // two moves each: a shorter game is not rated
        a.send({{"t", "resign"}, {"d", {{"room", t.room}, {"ack", 50}}}});
        a.expect("ack", [](const json& j) { return j["d"]["ack"] == 50; });
        auto end = b.expect("end");
        CHECK(end["d"]["status"]["winner"] == 1 - t.seat_a);
        // The end and its ratings commit together, a moment after the event.
        CHECK(eventually([&] { return db_scalar(db, ratings_of) >= 2; }));
        CHECK(db_scalar(db, ratings_of) == 2);
        auto ada_r = db_scalar(db, "SELECT CAST(ROUND(rating) AS INTEGER) FROM ratings WHERE player_id = " +
                                       std::to_string(ada.row));
        auto bob_r = db_scalar(db, "SELECT CAST(ROUND(rating) AS INTEGER) FROM ratings WHERE player_id = " +
                                       std::to_string(bob.row));
        CHECK(ada_r < 1500);  // ada resigned
        CHECK(bob_r > 1500);
        CHECK(db_scalar(db, "SELECT COUNT(*) FROM rating_history") == 2);
        CHECK(db_text(db, "SELECT status FROM games WHERE public_id = ?", t.room) == "finished");
        // A new seek shows the new rating (the cache is updated right after
        // the commit, on the store's thread: a seek made before that shows the
        // old one and is withdrawn).
        CHECK(eventually([&] {
            a.send({{"t", "seek.create"},
                    {"d", {{"game", "oware"}, {"tc", tc(300, 3)}, {"rated", true}}}});
            auto s = a.expect("seek.created");
            if (s["d"]["seek"]["by"]["rating"] == ada_r) return true;
            a.send({{"t", "seek.cancel"}, {"d", {{"id", s["d"]["seek"]["id"]}, {"ack", 70}}}});
            a.expect("ack", [](const json& j) { return j["d"]["ack"] == 70; });
            return false;
        }));
        // and a reconnect's welcome carries the ratings per game
        ws_client a2(srv.port());
        auto w2 = a2.hello(ada.token);
        CHECK(w2["user"]["ratings"]["oware"]["games"] == 1);
    }
    SUBCASE("casual: no rating changes") {
        auto t = pair_rated(a, b, false);
        play_plies(a, b, t, 2);
        a.send({{"t", "resign"}, {"d", {{"room", t.room}, {"ack", 50}}}});
        a.expect("ack", [](const json& j) { return j["d"]["ack"] == 50; });
        b.expect("end");
        CHECK(eventually([&] {
            return db_text(db, "SELECT status FROM games WHERE public_id = ?", t.room) ==
                   "finished";
        }));
        CHECK(db_scalar(db, ratings_of) == 0);
    }
    SUBCASE("rated but too short (one move each, then a resignation): no rating changes") {
        auto t = pair_rated(a, b, true);
        play_plies(a, b, t, 2);
        a.send({{"t", "resign"}, {"d", {{"room", t.room}, {"ack", 50}}}});
        a.expect("ack", [](const json& j) { return j["d"]["ack"] == 50; });
        b.expect("end");
        CHECK(eventually([&] {
            return db_text(db, "SELECT status FROM games WHERE public_id = ?", t.room) ==
                   "finished";
        }));
        CHECK(db_scalar(db, ratings_of) == 0);
    }
    SUBCASE("rated but aborted: no rating changes") {
        auto t = pair_rated(a, b, true);
        play_plies(a, b, t, 1);
        a.send({{"t", "abort"}, {"d", {{"room", t.room}, {"ack", 50}}}});
        a.expect("ack", [](const json& j) { return j["d"]["ack"] == 50; });
        b.expect("end");
        CHECK(eventually([&] {
            return db_text(db, "SELECT status FROM games WHERE public_id = ?", t.room) == "aborted";
        }));
        CHECK(db_scalar(db, ratings_of) == 0);
    }
    SUBCASE("rated quick pairing between two accounts") {
        a.send({{"t", "quick.join"}, {"d", {{"game", "ouril"}, {"tc", tc(180, 2)}, {"rated", true}}}});
        a.expect("quick.queued");
        b.send({{"t", "quick.join"}, {"d", {{"game", "ouril"}, {"tc", tc(180, 2)}, {"rated", true}}}});
        auto f = a.expect("game.found");
        b.expect("game.found");
        auto st = a.expect("room.state");
        CHECK(st["d"]["rated"] == true);
        std::string room = f["d"]["room"];
        std::int64_t rated = -1;
        eventually([&] {  // the start commits a moment later
            return (rated = db_scalar(db, "SELECT rated FROM games WHERE public_id = ?", room)) >=
                   0;
        });
        CHECK(rated == 1);
        g.send({{"t", "quick.join"}, {"d", {{"game", "ouril"}, {"tc", tc(180, 2)}, {"rated", true}, {"ack", 9}}}});
        CHECK(g.expect("error")["d"]["code"] == "rated_requires_account");
    }
}

TEST_CASE("store: chat and names with quotes, SQL and Unicode are stored and returned as data") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto odd = register_account(db, "Robert_-DROP", "pass'); DROP TABLE players;--");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port());
    a.hello(odd.token);
    b.hello();
    auto t = pair_by_seek(a, b, "opprimo", tc(600, 5));
    int seat_a = t.seat_a;
    CHECK(t.state_b["d"]["players"][seat_a]["name"] == "Robert_-DROP");
    const std::vector<std::string> texts = {
        "it's \"quoted\" \\ back\\slash",
        "'); DROP TABLE games; --",
        "1' OR '1'='1",
        "Oferhlýp · Ouril — 日本語 😀 \u00e9\u0301",
        "%s %d {{json}} <b>html</b>",
    };
    int ack = 1;
    for (const auto& text : texts) {
        a.send({{"t", "chat"}, {"d", {{"room", t.room}, {"text", text}, {"ack", ack}}}});
        a.expect("ack", [&](const json& j) { return j["d"]["ack"] == ack; });
        auto got = b.expect("chat", [&](const json& j) { return j["d"]["text"] == text; });
        CHECK(got["d"]["text"] == text);
        CHECK(got["d"]["from"] == "Robert_-DROP");
        ++ack;
    }
    auto count = [&] {
        return db_scalar(db, "SELECT COUNT(*) FROM chat WHERE game = (" + game_of_room + ")", t.room);
    };
    REQUIRE(eventually([&] { return count() >= static_cast<std::int64_t>(texts.size()); }));
    REQUIRE(count() == static_cast<std::int64_t>(texts.size()));
    for (std::size_t i = 0; i < texts.size(); ++i) {
        auto stored = db_text(db,
                              "SELECT text FROM chat WHERE game = (" + game_of_room +
                                  ") ORDER BY id LIMIT 1 OFFSET " + std::to_string(i),
                              t.room);
        CHECK(stored == texts[i]);
    }
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM players") >= 2);  // nothing was dropped
    CHECK(db_text(db, "SELECT name FROM players WHERE id = " + std::to_string(odd.row)) ==
          "Robert_-DROP");
}

TEST_CASE("store: 50 games played at once are all stored with every move") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    constexpr int games = 50, plies = 6;
    std::vector<std::string> rooms(games);
    {
        test_server srv([&](kibitz::server::server_config& c) {
            with_db(db)(c);
            c.threads = 2;
        });
        std::vector<std::thread> threads;
        std::atomic<int> done{0};
        for (int i = 0; i < games; ++i)
            threads.emplace_back([&, i] {
                ws_client a(srv.port()), b(srv.port());
                a.hello();
                b.hello();
                auto t = pair_by_seek(a, b, i % 2 ? "checkers" : "oware", tc(300, 0));
                rooms[i] = t.room;
                play_plies(a, b, t, plies);
                a.send({{"t", "resign"}, {"d", {{"room", t.room}, {"ack", 999}}}});
                if (!a.expect("ack", [](const json& j) { return j["d"]["ack"] == 999; }, 10000ms)
                         .is_null())
                    ++done;
            });
        for (auto& th : threads) th.join();
        CHECK(done == games);
    }  // the server stops: the store finishes its queue before closing
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM games") == games);
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM games WHERE status = 'finished'") == games);
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM moves") == games * plies);
    for (const auto& room : rooms)
        CHECK(db_scalar(db, "SELECT COUNT(*) FROM moves WHERE game = (" + game_of_room + ")", room) ==
              plies);
}

TEST_CASE("store: a finished game's record names its rematch, after its room has closed") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    std::string first, next;
    {
        two_players g("checkers", untimed(), with_db(db));
        g.step();
        g.step();
        g.a.send(room_msg("resign", g.t.room));
        g.b.expect("end");
        g.a.send(room_msg("rematch.offer", g.t.room));
        g.b.expect("offer");
        g.b.send(room_msg("rematch.accept", g.t.room));
        next = g.a.expect("rematch")["d"]["next"];
        first = g.t.room;
    }  // the server stops: every room is gone from memory
    test_server srv(with_db(db));
    ws_client c(srv.port());
    c.hello();
    c.send({{"t", "room.join"}, {"d", {{"room", first}, {"ack", 1}}}});
    CHECK(c.expect("error")["d"]["code"] == "unknown_room");
    auto r = http_get(srv.port(), "/api/games/" + first);
    REQUIRE(r.status == 200);
    auto j = json::parse(r.body);
    CHECK(j["status"]["state"] == "over");
    CHECK(j["rematch"] == next);
    // The rematch itself has none yet.
    auto n = json::parse(http_get(srv.port(), "/api/games/" + next).body);
    CHECK(n["rematch"].is_null());
}
