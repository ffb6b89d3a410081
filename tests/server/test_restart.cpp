// Restart-resume over real processes: the server (build/bin/kibitz-server) runs
// as a subprocess on a real SQLite file, is killed with SIGKILL mid-game, and
// restarted on the same file; both players come back with their tokens to the
// same seats, moves and clocks, and the game goes on. The same after SIGTERM,
// which must tell the clients (1001) and exit cleanly.
//
// With KIBITZ_STORE=postgresql (ctest: test_server_restart_postgresql) the
// same scenarios run with `--db postgresql://...` on the scratch server of
// tests/support/pg_scratch.sh, each in a fresh schema of its own.
#include <csignal>
#include <fstream>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child_server.hpp"
#include "store/pg_store.hpp"
#include "store_helpers.hpp"

extern char** environ;

using namespace kibitz::test;

namespace {

// Where one test's server keeps its data: a SQLite file in `dir`, or (with
// KIBITZ_STORE=postgresql) a fresh schema in the scratch PostgreSQL database,
// dropped afterwards.
struct test_database {
    std::string db;  // the server's --db
    std::unique_ptr<kibitz::server::storage::pg_db> admin;
    std::string schema;

    explicit test_database(const temp_dir& dir) {
        const char* backend = std::getenv("KIBITZ_STORE");
        if (!backend || std::string(backend) != "postgresql") {
            db = dir.file("kibitz.db");
            return;
        }
        const char* url_file = std::getenv("KIBITZ_PG_URL_FILE");
        REQUIRE_MESSAGE(url_file, "KIBITZ_STORE=postgresql needs KIBITZ_PG_URL_FILE");
        std::ifstream in(url_file);
        std::string base;
        std::getline(in, base);
        auto opened = kibitz::server::storage::pg_db::open(base);
        REQUIRE_MESSAGE(opened.ok(), (opened ? std::string() : opened.reason()));
        admin = std::move(opened).value();
        schema = "restart_" + std::to_string(::getpid()) + "_" + std::to_string(counter()++);
        admin->exec("CREATE SCHEMA " + schema);
        db = base + (base.find('?') == std::string::npos ? "?" : "&") +
             "options=-csearch_path%3D" + schema;
    }
    ~test_database() {
        if (admin) try {
                admin->exec("DROP SCHEMA " + schema + " CASCADE");
            } catch (const std::exception&) {
            }
    }
    bool sqlite() const { return !admin; }
    // How many moves the game with this public id has stored.
    std::int64_t stored_moves(const std::string& room) const {
        if (sqlite())
            return db_scalar(db, "SELECT COUNT(*) FROM moves WHERE game = (SELECT id FROM games "
                                 "WHERE public_id = ?)", room);
        auto r = admin->query("SELECT COUNT(*) FROM " + schema + ".moves WHERE game = (SELECT id FROM " +
                                  schema + ".games WHERE public_id = $1)", room);
        return r.i64(0, 0);
    }
    static int& counter() {
        static int n = 0;
        return n;
    }
};

struct server_process : child_server {
    server_process(const std::string& db, const std::string& web_root,
                   const std::vector<std::string>& extra = {}) {
        port = free_port();
        std::vector<std::string> args = {KIBITZ_SERVER_BIN, "--address", "127.0.0.1",
                                         "--port", std::to_string(port), "--db", db,
                                         "--web-root", web_root, "--threads", "2",
                                         "--log-level", "warn"};
        args.insert(args.end(), extra.begin(), extra.end());
        spawn(std::move(args), "the server");
    }
};

// Plays the first legal move for `plies` plies from `board`, each one
// acknowledged (hence durable); what the waiting side saw of each.
struct played {
    std::vector<std::string> moves;
    json last_event;  // the last "move" event
};
played play_plies(ws_client& a, ws_client& b, const std::string& room, int seat_a, json board,
                  int plies) {
    played out;
    for (int ply = 1; ply <= plies; ++ply) {
        int to_move = board["to_move"];
        ws_client& mover = to_move == seat_a ? a : b;
        ws_client& other = to_move == seat_a ? b : a;
        mover.send(move_msg(room, first_move(board), ply));
        REQUIRE(!mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == ply; }).is_null());
        out.last_event = other.expect("move", [&](const json& j) { return j["d"]["ply"] == ply; });
        out.moves.push_back(out.last_event["d"]["move"]);
        board = out.last_event["d"]["board"];
    }
    return out;
}

}  // namespace

TEST_CASE("restart: SIGKILL mid-game, restart on the same file, both players resume") {
    temp_dir dir;
    test_database data(dir);
    auto db = data.db;
    std::filesystem::create_directories(dir.path / "web");
    auto web = (dir.path / "web").string();

    std::string room, token_a, token_b;
    int seat_a = -1;
    std::vector<std::string> moves;
    json last_clocks;
    {
        server_process srv(db, web);
        ws_client a(srv.port), b(srv.port);
        a.hello();
        b.hello();
        token_a = a.token;
        token_b = b.token;
        auto t = pair_by_seek(a, b, "checkers", tc(300, 3));
        room = t.room;
        seat_a = t.seat_a;
        // Chat goes to the store's writer ahead of the moves below: once they
        // are acknowledged, it is on disk too.
        a.send({{"t", "chat"}, {"d", {{"room", room}, {"text", "gl hf"}}}});
        REQUIRE(!b.expect("chat").is_null());
        auto p = play_plies(a, b, room, seat_a, t.state_a["d"]["board"], 4);
        moves = p.moves;
        last_clocks = p.last_event["d"]["clocks"];
        // Every move was acknowledged, hence durable: kill without any warning.
        srv.kill9();
        CHECK(a.wait_closed());
        CHECK(b.wait_closed());
    }
    REQUIRE(moves.size() == 4);
    CHECK(last_clocks["running"] == 0);  // checkers: seat 0 to move after 4 plies

    server_process srv(db, web);
    ws_client a(srv.port), b(srv.port);
    auto wa = a.hello(token_a);
    auto wb = b.hello(token_b);
    CHECK(wa["resumed"] == true);
    CHECK(wb["resumed"] == true);
    CHECK(wa["rooms"] == json::array({room}));
    CHECK(wb["rooms"] == json::array({room}));

    a.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto st = a.expect("room.state");
    REQUIRE(!st.is_null());
    CHECK(st["d"]["you"]["seat"] == seat_a);
    CHECK(st["d"]["moves"] == json(moves));
    CHECK(st["d"]["status"]["state"] == "playing");
    // The last move, for its highlight, replayed from the store.
    CHECK(st["d"]["last"]["move"] == moves.back());
    CHECK(st["d"]["last"]["ply"] == moves.size());
    CHECK(!st["d"]["last"]["path"].empty());
    // The players' chat is back too.
    REQUIRE(st["d"]["chat"].size() == 1);
    CHECK(st["d"]["chat"][0]["text"] == "gl hf");
    CHECK(st["d"]["chat"][0]["seat"] == seat_a);
    CHECK(st["d"]["chat"][0]["from"] == wa["user"]["name"]);
    // Clocks paused while the server was down: seat 1 (not running) has exactly
    // what it had after its move; seat 0 runs again from what it had then.
    auto ms0 = st["d"]["clocks"]["ms"][0].get<std::int64_t>();
    auto ms1 = st["d"]["clocks"]["ms"][1].get<std::int64_t>();
    auto was0 = last_clocks["ms"][0].get<std::int64_t>();
    auto was1 = last_clocks["ms"][1].get<std::int64_t>();
    CHECK(ms1 == was1);
    CHECK(ms0 <= was0 + 5);
    CHECK(ms0 > was0 - 10000);
    CHECK(st["d"]["clocks"]["running"] == 0);

    b.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto stb = b.expect("room.state");
    CHECK(stb["d"]["you"]["seat"] == 1 - seat_a);
    CHECK(stb["d"]["moves"] == json(moves));

    // The next move works and is stored as ply 5.
    ws_client& mover = seat_a == 0 ? a : b;
    ws_client& other = seat_a == 0 ? b : a;
    std::string mv = first_move(st["d"]["board"]);
    mover.send(move_msg(room, mv, 77));
    CHECK(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 77; }).is_null());
    auto ev = other.expect("move", [](const json& j) { return j["d"]["ply"] == 5; });
    CHECK(ev["d"]["move"] == mv);
    CHECK(data.stored_moves(room) == 5);
}

TEST_CASE("restart: a game against the computer survives SIGKILL; the computer moves on") {
    temp_dir dir;
    test_database data(dir);
    auto db = data.db;
    std::filesystem::create_directories(dir.path / "web");
    auto web = (dir.path / "web").string();
    std::string room, token;
    std::vector<std::string> moves;
    {
        server_process srv(db, web, {"--engine-nice", "0"});
        ws_client a(srv.port);
        a.hello();
        token = a.token;
        a.send({{"t", "computer.play"},
                {"d", {{"game", "oware"}, {"level", 8}, {"tc", nullptr}, {"color", "south"},
                       {"ack", 1}}}});
        room = a.expect("game.found")["d"]["room"];
        json board = a.expect("room.state")["d"]["board"];
        // Person and computer, five plies; killed while the computer thinks
        // (level 8, untimed: two seconds a move), past its opening book's
        // three plies, where it answers at once.
        for (int ply = 1; ply <= 5; ++ply) {
            if (ply % 2) {
                a.send(move_msg(room, first_move(board), 10 + ply));
                REQUIRE(!a.expect("ack", [&](const json& j) { return j["d"]["ack"] == 10 + ply; })
                             .is_null());
            }
            auto ev = a.expect("move", [&](const json& j) { return j["d"]["ply"] == ply; }, 5000ms);
            REQUIRE(!ev.is_null());
            moves.push_back(ev["d"]["move"]);
            board = ev["d"]["board"];
        }
        srv.kill9();
    }
    server_process srv(db, web, {"--engine-nice", "0"});
    ws_client a(srv.port);
    auto w = a.hello(token);
    CHECK(w["rooms"] == json::array({room}));
    a.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto st = a.expect("room.state");
    CHECK(st["d"]["moves"] == json(moves));
    CHECK(st["d"]["players"][1]["computer"] == 8);
    // The computer was to move: it thinks again and plays ply 6, stored.
    auto ev = a.expect(
        "move", [](const json& j) { return j["d"]["ply"] == 6; }, 6000ms);
    REQUIRE(!ev.is_null());
    CHECK(ev["d"]["seat"] == 1);
    a.send(move_msg(room, first_move(ev["d"]["board"]), 99));
    CHECK(!a.expect("ack", [](const json& j) { return j["d"]["ack"] == 99; }).is_null());
    CHECK(data.stored_moves(room) >= 7);
}

TEST_CASE("restart: a database newer than the server is refused with a clear message") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    register_account(db, "ada", "correct horse battery");  // creates and migrates the file
    REQUIRE(db_exec(db, "INSERT INTO schema_version(version, name, applied_ms) "
                        "VALUES (9999, '9999_future', 0)"));
    std::string out = (dir.path / "out.txt").string();
    std::string cmd = std::string(KIBITZ_SERVER_BIN) + " --port 0 --db '" + db + "' > '" + out +
                      "' 2>&1";
    int rc = std::system(cmd.c_str());
    CHECK(rc != 0);
    std::ifstream in(out);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("newer") != std::string::npos);
}

TEST_CASE("restart: SIGTERM tells clients (1001), exits cleanly, and the game goes on after") {
    temp_dir dir;
    test_database data(dir);
    auto db = data.db;
    std::filesystem::create_directories(dir.path / "web");
    auto web = (dir.path / "web").string();

    std::string room, token_a, token_b;
    int seat_a = -1;
    std::vector<std::string> moves;
    {
        server_process srv(db, web);
        ws_client a(srv.port), b(srv.port);
        a.hello();
        b.hello();
        token_a = a.token;
        token_b = b.token;
        auto t = pair_by_seek(a, b, "oware", tc(300, 3));
        room = t.room;
        seat_a = t.seat_a;
        moves = play_plies(a, b, room, seat_a, t.state_a["d"]["board"], 3).moves;
        CHECK(srv.terminate() == 0);
        // A clean stop checkpoints the WAL: the database is one self-contained file.
        if (data.sqlite()) {
            CHECK_FALSE(std::filesystem::exists(db + "-wal"));
            CHECK_FALSE(std::filesystem::exists(db + "-shm"));
        }
        CHECK(a.wait_closed());
        CHECK(b.wait_closed());
        CHECK(a.close_code() == 1001);
        CHECK(b.close_code() == 1001);
    }

    server_process srv(db, web);
    ws_client a(srv.port), b(srv.port);
    CHECK(a.hello(token_a)["rooms"] == json::array({room}));
    CHECK(b.hello(token_b)["rooms"] == json::array({room}));
    a.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto st = a.expect("room.state");
    REQUIRE(!st.is_null());
    CHECK(st["d"]["you"]["seat"] == seat_a);
    CHECK(st["d"]["moves"] == json(moves));
    CHECK(st["d"]["status"]["state"] == "playing");
    // The last move, for its highlight, replayed from the store.
    CHECK(st["d"]["last"]["move"] == moves.back());
    CHECK(st["d"]["last"]["ply"] == moves.size());
    CHECK(!st["d"]["last"]["path"].empty());
    b.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    REQUIRE(!b.expect("room.state").is_null());
    int to_move = st["d"]["board"]["to_move"];
    ws_client& mover = to_move == seat_a ? a : b;
    ws_client& other = to_move == seat_a ? b : a;
    std::string mv = first_move(st["d"]["board"]);
    mover.send(move_msg(room, mv, 40));
    CHECK(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 40; }).is_null());
    CHECK(other.expect("move", [](const json& j) { return j["d"]["ply"] == 4; })["d"]["move"] == mv);
}

TEST_CASE("restart: a takeback survives SIGKILL exactly (moves and clocks)") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    std::filesystem::create_directories(dir.path / "web");
    auto web = (dir.path / "web").string();
    std::string room, token_a, token_b;
    int seat_a = -1;
    json taken_back;  // the takeback event
    {
        server_process srv(db, web);
        ws_client a(srv.port), b(srv.port);
        a.hello();
        b.hello();
        token_a = a.token;
        token_b = b.token;
        auto t = pair_by_seek(a, b, "checkers", tc(300, 2));
        room = t.room;
        seat_a = t.seat_a;
        play_plies(a, b, room, seat_a, t.state_a["d"]["board"], 4);
        // Seat 0 to move asks: plies 3 and 4 are undone.
        ws_client& asker = seat_a == 0 ? a : b;
        ws_client& other = seat_a == 0 ? b : a;
        asker.send({{"t", "takeback.offer"}, {"d", {{"room", room}}}});
        other.expect("offer", [](const json& j) { return j["d"]["state"] == "open"; });
        other.send({{"t", "takeback.accept"}, {"d", {{"room", room}, {"ack", 9}}}});
        taken_back = asker.expect("takeback");
        REQUIRE(taken_back["d"]["ply"] == 2);
        // A chat line behind the truncation on the store's one writer: once it
        // is on disk, so is the takeback.
        asker.send({{"t", "chat"}, {"d", {{"room", room}, {"text", "thanks"}}}});
        other.expect("chat");
        REQUIRE(eventually([&] { return db_scalar(db, "SELECT COUNT(*) FROM chat") >= 1; }));
        srv.kill9();
    }
    server_process srv(db, web);
    ws_client a(srv.port), b(srv.port);
    a.hello(token_a);
    b.hello(token_b);
    a.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto st = a.expect("room.state");
    REQUIRE(!st.is_null());
    CHECK(st["d"]["moves"] == taken_back["d"]["moves"]);
    CHECK(st["d"]["board"]["pieces"] == taken_back["d"]["board"]["pieces"]);
    CHECK(st["d"]["board"]["to_move"] == 0);
    // The clocks are those the takeback restored: seat 1's exactly, seat 0's
    // runs again from the same reading.
    CHECK(st["d"]["clocks"]["ms"][1] == taken_back["d"]["clocks"]["ms"][1]);
    auto ms0 = st["d"]["clocks"]["ms"][0].get<std::int64_t>();
    auto was0 = taken_back["d"]["clocks"]["ms"][0].get<std::int64_t>();
    CHECK(ms0 <= was0);
    CHECK(ms0 > was0 - 10000);
    // And the game goes on from ply 3.
    b.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    b.expect("room.state");
    ws_client& mover = seat_a == 0 ? a : b;
    mover.send(move_msg(room, first_move(st["d"]["board"]), 77));
    CHECK(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 77; }).is_null());
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM moves WHERE game = (SELECT id FROM games WHERE "
                        "public_id = ?)",
                    room) == 3);
}
