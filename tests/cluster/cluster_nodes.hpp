#pragma once
// Nodes of one cluster as real server processes on loopback, on the scratch
// Redis (KIBITZ_REDIS_URL_FILE) and PostgreSQL (KIBITZ_PG_URL_FILE, a schema
// of each test's own): what every cluster test starts from.
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <hiredis/hiredis.h>

#include "child_server.hpp"
#include "helpers.hpp"
#include "store/pg_store.hpp"
#include "temp_dir.hpp"

extern char** environ;

namespace kibitz::test::cluster {

using namespace kibitz::test;

inline std::string first_line(const char* env) {
    const char* file = std::getenv(env);
    REQUIRE_MESSAGE(file, env << " is not set (ctest's fixtures set it)");
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    REQUIRE_MESSAGE(!line.empty(), "nothing in " << file);
    return line;
}

// A node's --node-id from its name in Redis and the database: a node is
// named "<id>@<incarnation>", new at every start (docs/cluster.md).
inline std::string node_id_of(const std::string& name) { return name.substr(0, name.find('@')); }

// The server the nodes run: this build's, or $KIBITZ_CLUSTER_SERVER_BIN (to
// run the suite against another build, e.g. main's, and see a test fail there).
inline std::string server_bin() {
    const char* other = std::getenv("KIBITZ_CLUSTER_SERVER_BIN");
    return other && *other ? other : KIBITZ_SERVER_BIN;
}

inline std::string first_move(const json& board) {
    if (!board.contains("moves") || board["moves"].empty()) return "";
    return board["moves"][0]["text"];
}

// Subscribes `c` to the lobby until a snapshot comes: until its node knows a
// live leader (a leader of an earlier test may hold the lease a moment
// longer, and what is sent to it is lost).
inline json lobby_snapshot(ws_client& c) {
    for (int i = 0; i < 30; ++i) {
        c.send({{"t", "lobby.sub"}});
        if (c.sees("lobby.snapshot", 1000ms)) return c.expect("lobby.snapshot");
    }
    FAIL("no lobby.snapshot");
    return nullptr;
}

struct node_process : child_server {
    std::string name;

    // `extra`: more flags, after the usual ones (a flag given twice: the last counts).
    node_process(const std::string& name_, const std::string& db, const std::string& redis,
                 const std::string& web_root, const std::vector<std::string>& extra = {})
        : name(name_) {
        port = free_port();
        // Every test's guests come from 127.0.0.1 and, in a cluster, count
        // against one budget (docs/cluster.md): a cap the suite never reaches.
        std::vector<std::string> args = {server_bin(),
                                         "--address",
                                         "127.0.0.1",
                                         "--port",
                                         std::to_string(port),
                                         "--db",
                                         db,
                                         "--web-root",
                                         web_root,
                                         "--threads",
                                         "2",
                                         "--log-level",
                                         "warn",
                                         "--cluster",
                                         redis,
                                         "--lease-ms",
                                         "1500",
                                         "--node-id",
                                         name,
                                         "--guests-per-address",
                                         "100000"};
        args.insert(args.end(), extra.begin(), extra.end());
        spawn(std::move(args), "node " + name);
    }
};

// Plays `mover`'s first legal move as ply `ply`; acknowledged (hence
// committed), and seen by every watcher. Returns the move event.
inline json play_ply(ws_client& mover, const std::string& room, const json& board, int ply,
              std::initializer_list<ws_client*> watchers) {
    auto mv = first_move(board);
    REQUIRE(!mv.empty());
    mover.send(move_msg(room, mv, 100 + ply));
    REQUIRE(!mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == 100 + ply; }, 5000ms)
                 .is_null());
    json ev;
    for (auto* w : watchers) {
        ev = w->expect("move", [&](const json& j) { return j["d"]["ply"] == ply; }, 5000ms);
        REQUIRE(!ev.is_null());
        CHECK(ev["d"]["move"] == mv);
    }
    return ev;
}

// Joins `room` until a node has it (during a takeover no node may, for a
// moment): its room.state, or null after `within`.
inline json join_when_owned(ws_client& c, const std::string& room, std::chrono::milliseconds within) {
    json state;
    eventually(  // each join counts against the connection's rate limit: every 200 ms
        [&] {
            c.clear();
            c.send({{"t", "room.join"}, {"d", {{"room", room}}}});
            for (int i = 0; i < 10; ++i) {
                if (c.sees("room.state", 100ms)) {
                    state = c.expect("room.state");
                    return true;
                }
                if (c.sees("error", 0ms)) break;
            }
            return false;
        },
        within, 200ms);
    return state;
}

// Whether a list of rooms (ids, or objects with "room") holds `room`.
inline bool has_room(const json& rooms, const std::string& room) {
    for (const auto& r : rooms)
        if ((r.is_string() && r == room) || (r.is_object() && r["room"] == room)) return true;
    return false;
}

// A page of the player with `token` on node `n`, once its welcome lists
// `room`: the other nodes learn of a game over the bus, a few milliseconds
// after it starts (more on a loaded machine).
inline std::unique_ptr<ws_client> page_knowing(node_process& n, const std::string& token,
                                               const std::string& room) {
    json welcome;
    std::unique_ptr<ws_client> page;
    eventually(  // a new page each time, so no faster than every 100 ms
        [&] {
            page = std::make_unique<ws_client>(n.port);
            welcome = page->hello(token);
            return has_room(welcome["rooms"], room);
        },
        3s, 100ms);
    CHECK_MESSAGE(has_room(welcome["rooms"], room),
                  "welcome on " << n.name << ": " << welcome["rooms"]);
    return page;
}

// The scratch Redis and a schema of this test's own in the scratch PostgreSQL.
struct cluster_env {
    temp_dir dir;
    std::string web, redis, schema, db;
    std::unique_ptr<kibitz::server::storage::pg_db> admin;

    cluster_env(const std::string& name) {
        std::filesystem::create_directories(dir.path / "web");
        web = (dir.path / "web").string();
        redis = first_line("KIBITZ_REDIS_URL_FILE");
        auto base = first_line("KIBITZ_PG_URL_FILE");
        auto opened = kibitz::server::storage::pg_db::open(base);
        REQUIRE(opened.ok());
        admin = std::move(opened).value();
        schema = name + "_" + std::to_string(::getpid());
        admin->exec("CREATE SCHEMA " + schema);
        db = base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
    }
    ~cluster_env() {
        try {
            admin->exec("DROP SCHEMA " + schema + " CASCADE");
        } catch (const std::exception&) {
        }
    }
    std::int64_t stored_moves(const std::string& room) {
        return admin
            ->query("SELECT COUNT(*) FROM " + schema + ".moves WHERE game = (SELECT id FROM " +
                        schema + ".games WHERE public_id = $1)", room)
            .i64(0, 0);
    }
    std::pair<std::string, std::int64_t> owner_row(const std::string& room) {
        auto r = admin->query("SELECT node, epoch FROM " + schema + ".game_owner WHERE game = "
                              "(SELECT id FROM " + schema + ".games WHERE public_id = $1)", room);
        REQUIRE(r.size() == 1);
        return {node_id_of(r.text(0, 0)), r.i64(0, 1)};
    }
    // The --node-id of the room's lease holder in Redis ("" when none).
    std::string lease_holder(const std::string& room) {
        return node_id_of(redis_get("kibitz:room:" + room));
    }
    // The --node-id of the lobby's leader ("" when none).
    std::string lobby_leader() { return node_id_of(redis_get("kibitz:lobby")); }
    // A connection of the test's own to the scratch Redis (redisFree it).
    redisContext* redis_connect() {
        auto at = redis.rfind(':');
        redisContext* c = redisConnect(redis.substr(8, at - 8).c_str(), std::stoi(redis.substr(at + 1)));
        REQUIRE((c && !c->err));
        return c;
    }
    // A Redis string ("" when none).
    std::string redis_get(const std::string& key) { return redis_command("GET", key); }
    // One Redis command on one key: its string answer ("" when none).
    std::string redis_command(const std::string& cmd, const std::string& key) {
        redisContext* c = redis_connect();
        auto* r = static_cast<redisReply*>(redisCommand(c, "%s %s", cmd.c_str(), key.c_str()));
        std::string out = r && r->type == REDIS_REPLY_STRING ? std::string(r->str, r->len) : "";
        if (r) freeReplyObject(r);
        redisFree(c);
        return out;
    }
};

// Three nodes of one cluster, once the lobby has a live leader: `lead` holds
// the lobby's lease (it pairs, runs the tournaments and hosts the games the
// lobby starts); `x` and `y` are the other two, in the order they started.
// `probe`, on n1, stays connected for the whole test (a steady connection
// count for tests of the nodes' connection records).
struct three_nodes {
    node_process n1, n2, n3;
    ws_client probe;
    node_process* lead = nullptr;
    node_process* x = nullptr;
    node_process* y = nullptr;

    three_nodes(cluster_env& env, const std::string& prefix,
                const std::vector<std::string>& extra = {})
        : n1(prefix + "-1", env.db, env.redis, env.web, extra),
          n2(prefix + "-2", env.db, env.redis, env.web, extra),
          n3(prefix + "-3", env.db, env.redis, env.web, extra),
          probe(n1.port) {
        probe.hello();
        lobby_snapshot(probe);
        const std::string leader = env.lobby_leader();
        for (auto* n : {&n1, &n2, &n3}) (n->name == leader ? lead : x ? y : x) = n;
        REQUIRE(lead);
        REQUIRE(y);
    }
};

}  // namespace kibitz::test::cluster
