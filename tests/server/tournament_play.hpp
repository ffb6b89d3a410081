#pragma once
// What the tournament socket tests (test_arena, test_swiss) share: an
// event created over the API, a field of entrants joining it (or coming back
// after a restart), the server as a process to kill, the standings, and
// playing a tournament game's moves.
#include <algorithm>
#include <array>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "child_server.hpp"
#include "domain/wall_clock.hpp"
#include "helpers.hpp"
#include "store_helpers.hpp"

namespace kibitz::test {

inline json tmsg(const std::string& type, const std::string& id) {
    return {{"t", type}, {"d", {{"id", id}}}};
}

// A seat's berserk in the arena game `room`.
inline json berserk_msg(const std::string& room, int ack) {
    return {{"t", "berserk"}, {"d", {{"room", room}, {"ack", ack}}}};
}

// A guest on the event's page: joined and following the standings.
struct entrant {
    std::unique_ptr<ws_client> ws;
    std::string id;  // the player's public id (g-<row> once stored)
};

// Creates the event `body` describes as the account `token`; the event as
// the API answers (its "id", settings and status).
inline json create_event(std::uint16_t port, const json& body, const std::string& token) {
    auto made = http_post(port, "/api/tournaments", body, token);
    REQUIRE(made.status == 201);
    return json::parse(made.body)["tournament"];
}

// `n` guests join event `id` (each stored first: an entry names a stored
// player), every join acknowledged.
inline std::vector<entrant> join_field(std::uint16_t port, const std::string& id, int n) {
    std::vector<entrant> es(static_cast<std::size_t>(n));
    for (auto& e : es) {
        e.ws = std::make_unique<ws_client>(port);
        e.ws->hello();
        auto j = tmsg("tournament.join", id);
        j["d"]["ack"] = 1;
        e.ws->send(j);
        e.id = e.ws->expect("identity")["d"]["user"]["id"];
        e.ws->expect("ack");
    }
    return es;
}

// The players of `tokens` back after a restart, following event `id`.
inline std::vector<entrant> rejoin_field(std::uint16_t port, const std::string& id,
                                         const std::vector<std::string>& tokens) {
    std::vector<entrant> es(tokens.size());
    for (std::size_t i = 0; i < es.size(); ++i) {
        es[i].ws = std::make_unique<ws_client>(port);
        es[i].id = es[i].ws->hello(tokens[i])["user"]["id"];
        es[i].ws->send(tmsg("tournament.sub", id));
        es[i].ws->expect("tournament.state");
    }
    return es;
}

// Each entrant by player id.
inline std::map<std::string, entrant*> by_id(std::vector<entrant>& es) {
    std::map<std::string, entrant*> out;
    for (auto& e : es) out[e.id] = &e;
    return out;
}

// What a tournament test starts from: a database with an organizer's
// account, an empty web root (for tournament_process), a settable time of
// day (for event_server).
struct event_ground {
    temp_dir dir;
    std::string db = dir.file("events.db");
    std::string web = make_web(dir);
    registered org = register_account(db, "organizer", "long enough password");
    server::manual_clock wall;

    static std::string make_web(const temp_dir& d) {
        std::filesystem::create_directories(d.path / "web");
        return (d.path / "web").string();
    }
};

// The in-process server's settings on `g`: its database and time of day,
// tournaments ticking every 20 ms and pairing at once; `more` for the rest.
inline std::function<void(server::server_config&)> event_server(
    event_ground& g, std::function<void(server::server_config&)> more = {}) {
    return [&g, more](server::server_config& c) {
        with_db(g.db)(c);
        c.clock = g.wall.clock();
        c.tournament_tick = 20ms;
        c.tournament_pair_delay = 0ms;
        if (more) more(c);
    };
}

// The server binary on `db`, ticking tournaments fast and pairing at once
// (a real process: kill -9).
struct tournament_process : child_server {
    tournament_process(const std::string& db, const std::string& web) {
        port = free_port();
        spawn({KIBITZ_SERVER_BIN, "--address", "127.0.0.1", "--port", std::to_string(port), "--db",
               db, "--web-root", web, "--threads", "2", "--log-level", "warn",
               "--tournament-tick-ms", "20", "--tournament-pair-delay-ms", "0"},
              "the server");
    }
};

// Rank, player, score and sheet of every entry, as the API gives them.
inline json standings(std::uint16_t port, const std::string& id) {
    auto r = http_get(port, "/api/tournament/" + id);
    REQUIRE(r.status == 200);
    return json::parse(r.body)["standings"];
}

// How many games (one JSON object per line) the API lists for event `id`.
inline long games_listed(std::uint16_t port, const std::string& id) {
    auto lines = http_get(port, "/api/tournament/" + id + "/games").body;
    return std::count(lines.begin(), lines.end(), '\n');
}

// The error code that answers `e`'s request to join event `id`.
inline std::string join_refusal(entrant& e, const std::string& id) {
    e.ws->send(tmsg("tournament.join", id));
    return e.ws->expect("error")["d"]["code"];
}

// The tournament game the entrants were paired into: its room, and who holds
// each seat (from the game.found each of them is sent).
struct pairing {
    std::string room;
    entrant* seat[2] = {};
};
inline pairing tournament_pairing(std::vector<entrant>& es) {
    pairing p;
    for (auto& e : es) {
        auto f = e.ws->expect(
            "game.found", [](const json& m) { return m["d"]["via"] == "tournament"; }, 5000ms);
        REQUIRE(f.is_object());
        p.room = f["d"]["room"];
        p.seat[f["d"]["seat"].get<int>()] = &e;
    }
    REQUIRE(p.seat[0]);
    REQUIRE(p.seat[1]);
    return p;
}

// Plays `plies` moves in `room` (the first legal one each time, every one
// acknowledged, hence stored) from the room.state both seats are sent.
// Returns the plies played in the game so far.
inline int play_moves(const std::string& room, entrant& s0, entrant& s1, int plies) {
    entrant* seat[2] = {&s0, &s1};
    auto in_room = [&](const json& m) { return m["d"]["room"] == room; };
    auto state = s0.ws->expect("room.state", in_room);
    s1.ws->expect("room.state", in_room);
    json board = state["d"]["board"];
    const int from = static_cast<int>(state["d"]["moves"].size());
    int played = 0;
    for (int i = 0; i < plies; ++i) {
        auto mv = first_move(board);
        if (mv.empty()) break;
        const int to_move = board["to_move"];
        seat[to_move]->ws->send(move_msg(room, mv, 100 + i));
        seat[to_move]->ws->expect("ack", [&](const json& m) { return m["d"]["ack"] == 100 + i; });
        auto ev = seat[1 - to_move]->ws->expect(
            "move", [&](const json& m) { return in_room(m) && m["d"]["ply"] == from + i + 1; });
        REQUIRE(ev.is_object());
        board = ev["d"]["board"];
        ++played;
    }
    return from + played;
}

}  // namespace kibitz::test
