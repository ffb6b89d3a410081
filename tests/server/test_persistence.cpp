// Persistence that never silently diverges (issue 14): a move that cannot be
// stored pauses its game until it is stored, and one server per database file.
#include <doctest/doctest.h>

#include <thread>

#include "app.hpp"
#include "store_helpers.hpp"

using namespace kibitz::test;
namespace server = kibitz::server;

TEST_CASE("a move that cannot be stored pauses the game; it resumes from the stored state") {
    temp_dir dir;
    auto db = (dir.path / "k.db").string();
    constexpr std::int64_t cap = 1500;  // pages: the database may not grow past ~6 MB
    std::vector<std::string> played;
    std::string room;
    {
        test_server srv([&](server::server_config& c) {
            with_db(db)(c);
            c.db_max_pages = cap;
            c.play.store_retry = 100ms;
        });
        ws_client a(srv.port()), b(srv.port());
        a.hello();
        b.hello();
        auto t = pair_by_seek(a, b, "oware", tc(300, 0));
        room = t.room;
        ws_client* by_seat[2];
        by_seat[t.seat_a] = &a;
        by_seat[1 - t.seat_a] = &b;
        json board = t.state_a["d"]["board"];
        int ack = 0;
        auto move = [&](int seat) {
            std::string mv = first_move(board);
            played.push_back(mv);
            by_seat[seat]->send(move_msg(room, mv, ++ack));
            auto ev = by_seat[1 - seat]->expect("move", [&](const json& j) { return j["d"]["move"] == mv; });
            board = ev["d"]["board"];
            return ack;
        };
        // Two plies stored as usual.
        for (int i = 0; i < 2; ++i) {
            int s = board["to_move"];
            int my = move(s);
            CHECK(!by_seat[s]->expect("ack", [&](const json& j) { return j["d"]["ack"] == my; }).is_null());
        }
        // The disk fills up: other data takes every page up to the cap, and
        // the moves table's pages are packed full, so the next moves need a
        // page the database cannot have (SQLITE_FULL, as on a full disk).
        REQUIRE(db_exec(db, "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n "
                            "WHERE i < 3000) INSERT INTO moves(game, ply, seat, notation, "
                            "clock0_ms, clock1_ms, at_ms) SELECT 999999, i, 0, 'x', 0, 0, 0 FROM n"));
        // VACUUM rebuilds every b-tree with its pages packed full.
        REQUIRE(db_exec(db, "VACUUM"));
        REQUIRE(db_exec(db, "CREATE TABLE filler(b BLOB)"));
        for (int i = 0; i < 2 * cap && db_scalar(db, "PRAGMA page_count") < cap; ++i)
            REQUIRE(db_exec(db, "INSERT INTO filler VALUES (zeroblob(3000))"));
        REQUIRE(db_scalar(db, "PRAGMA page_count") >= cap);

        // Play on until a move is refused by the store (the moves' page may
        // have a little room left at first).
        auto answer_of = [](ws_client& c) -> std::string {  // "ack", or the error's code
            for (int i = 0; i < 300; ++i) {
                if (c.sees("ack", 10ms)) return c.expect("ack")["t"];
                if (c.sees("error", 10ms)) return c.expect("error")["d"]["code"];
            }
            return "";
        };
        json paused;
        for (int i = 0; i < 40 && paused.is_null(); ++i) {
            int s = board["to_move"];
            move(s);
            auto answer = answer_of(*by_seat[s]);
            if (answer == "ack") continue;
            CHECK(answer == "not_stored");
            paused = by_seat[1 - s]->expect("paused");
            CHECK(!by_seat[s]->expect("paused").is_null());
        }
        REQUIRE(!paused.is_null());
        CHECK(paused["d"]["reason"] == "storage");
        CHECK(paused["d"]["clocks"]["running"] == -1);  // both clocks stopped
        int s = board["to_move"];
        // Nothing is played while paused: moves and resignations are refused.
        by_seat[s]->send(move_msg(room, first_move(board), 900));
        CHECK(by_seat[s]->expect("error", [](const json& j) { return j["d"]["ack"] == 900; })["d"]["code"] == "paused");
        by_seat[s]->send({{"t", "resign"}, {"d", {{"room", room}, {"ack", 901}}}});
        CHECK(by_seat[s]->expect("error", [](const json& j) { return j["d"]["ack"] == 901; })["d"]["code"] == "paused");
        // A late joiner sees the pause in the state.
        ws_client spy(srv.port());
        spy.hello();
        spy.send({{"t", "room.join"}, {"d", {{"room", room}}}});
        CHECK(spy.expect("room.state")["d"]["status"]["paused"] == "storage");

        // Space comes back: the room stores what it could not, and resumes.
        REQUIRE(db_exec(db, "DROP TABLE filler"));
        auto resumed = a.expect("resumed", {}, 5000ms);
        REQUIRE(!resumed.is_null());
        CHECK(resumed["d"]["clocks"]["running"] == s);
        // And play goes on from there.
        int my = move(s);
        CHECK(!by_seat[s]->expect("ack", [&](const json& j) { return j["d"]["ack"] == my; }).is_null());
    }
    // The database holds every move played, in order: it never diverged.
    auto stored = db_scalar(db, "SELECT COUNT(*) FROM moves WHERE game = "
                                "(SELECT id FROM games WHERE public_id = ?)", room);
    CHECK(stored == static_cast<std::int64_t>(played.size()));
    for (std::size_t i = 0; i < played.size(); ++i)
        CHECK(db_text(db, "SELECT notation FROM moves WHERE ply = " + std::to_string(i) +
                              " AND game = (SELECT id FROM games WHERE public_id = ?)", room) ==
              played[i]);
}

TEST_CASE("a second server on the same database file is refused; after the first, it starts") {
    temp_dir dir;
    auto db = (dir.path / "k.db").string();
    std::string refusal;
    {
        test_server first(with_db(db));
        server::server_config cfg;
        cfg.address = "127.0.0.1";
        cfg.port = 0;
        cfg.db = db;
        server::app second(cfg);
        auto started = second.start();
        REQUIRE(std::holds_alternative<std::string>(started));
        refusal = std::get<std::string>(started);
        // The first is untouched by the attempt.
        ws_client c(first.port());
        CHECK(!c.hello().is_null());
    }
    CHECK(refusal.find("in use by another server") != std::string::npos);
    CHECK(refusal.find(db) != std::string::npos);
    // Once the first has stopped, the file is free.
    test_server again(with_db(db));
    ws_client c(again.port());
    CHECK(!c.hello().is_null());
}
