// The lobby's live games lists: who watches which game's list, the summary
// and mini board of every public game in play, and live.update batched per
// count period. Runs on the lobby's strand, like everything in lobby.
#include <algorithm>
#include <mutex>

#include "play/lobby.hpp"

namespace kibitz::server {

namespace {

using steady = std::chrono::steady_clock;

// The board's shape (layout, extent, cells) of a game id: the same in every
// game of that id, so a live.snapshot carries it once for all its rooms.
// Built once per id for the process (several servers may share it in tests).
json board_shape(const core::game_info& info) {
    static std::mutex mu;
    static std::map<std::string, json, std::less<>> shapes;
    std::lock_guard lock(mu);
    auto it = shapes.find(info.id);
    if (it == shapes.end()) {
        json b = to_json(info.new_game()->view(), true);
        for (const char* k : {"pieces", "moves", "to_move"}) b.erase(k);
        it = shapes.emplace(std::string(info.id), std::move(b)).first;
    }
    return it->second;
}

json room_json(const json& summary, const live_position* pos) {
    json r = summary;
    if (pos) put_live_position(r, *pos, steady::now());
    return r;
}

}  // namespace

void put_live_position(json& out, const live_position& p, steady::time_point now) {
    core::board_view v;
    v.pieces = p.pieces;
    v.to_move = p.to_move;
    json board = to_json(v, false);
    board.erase("moves");
    out["board"] = std::move(board);
    out["last"] = p.last_path.empty() ? json(nullptr)
                                      : json{{"path", p.last_path}, {"affected", p.last_affected}};
    auto c = p.clocks;
    if (c) {
        // Read when the move was played; sent up to a batch period later.
        auto gone = std::chrono::duration_cast<std::chrono::milliseconds>(now - p.read_at).count();
        gone = std::max<std::int64_t>(0, gone);
        if (c->running == 0 || c->running == 1)
            c->ms[c->running] = std::max<std::int64_t>(0, c->ms[c->running] - gone);
        if (c->first_move_ms)
            c->first_move_ms = std::max<std::int64_t>(0, *c->first_move_ms - gone);
    }
    out["clocks"] = to_json(c);
}

void lobby::live_subscribe(peer_ref p, std::uint64_t conn, std::string game, bool on, ack_id ack,
                           std::string type) {
    on_strand([this, p = std::move(p), conn, game = std::move(game), on, ack, type] {
        if (!core::find_game(game))
            return reply(p, wire_error{"unknown_game", "no game '" + game + "'"}, ack, type);
        if (!on) {
            live_subscribers_[game].erase(conn);
            return reply(p, std::nullopt, ack, type);
        }
        live_subscribers_[game][conn] = p;
        json rooms = json::array();
        const auto& boards = live_boards_[game];
        for (auto& [id, summary] : live_[game]) {
            auto b = boards.find(id);
            rooms.push_back(room_json(summary, b == boards.end() ? nullptr : &b->second));
        }
        send_to(p, make_frame("live.snapshot", {{"game", game},
                                                {"board", board_shape(*core::find_game(game))},
                                                {"rooms", rooms}}));
    });
}

void lobby::room_started(std::string game, std::string room, json summary, live_position pos) {
    on_strand([this, game = std::move(game), room = std::move(room), summary = std::move(summary),
               pos = std::move(pos)] {
        live_[game][room] = summary;
        live_boards_[game][room] = pos;
        auto f = make_frame("live.add", {{"room", room_json(summary, &pos)}});
        for (auto& [conn, p] : live_subscribers_[game]) send_to(p, f);
        featured_check();
    });
}

void lobby::room_changed(std::string game, std::string room, std::size_t plies,
                         std::size_t spectators, std::optional<live_position> pos) {
    on_strand([this, game = std::move(game), room = std::move(room), plies, spectators,
               pos = std::move(pos)]() mutable {
        auto it = live_[game].find(room);
        if (it == live_[game].end()) return;  // ended, or private
        it->second["plies"] = plies;
        it->second["spectators"] = spectators;
        live_changed_[game].insert(room);
        if (!pos) return;
        // Only the latest position is kept: it goes out with the next batch.
        live_boards_[game][room] = std::move(*pos);
        live_moved_[game].insert(room);
    });
}

void lobby::send_live_updates() {
    for (auto& [game, rooms] : live_changed_) {
        auto& subs = live_subscribers_[game];
        for (const auto& room : rooms) {
            auto it = live_[game].find(room);
            if (it == live_[game].end() || subs.empty()) continue;
            json d = {{"game", game},
                      {"room", room},
                      {"plies", it->second["plies"]},
                      {"spectators", it->second["spectators"]}};
            // The board only when it changed (a move), not for a new watcher.
            auto b = live_boards_[game].find(room);
            if (live_moved_[game].count(room) && b != live_boards_[game].end())
                put_live_position(d, b->second, steady::now());
            auto f = make_frame("live.update", d);
            for (auto& [conn, p] : subs) send_to(p, f);
        }
    }
    live_changed_.clear();
    live_moved_.clear();
}

void lobby::room_ended(std::string game, std::string room) {
    on_strand([this, game = std::move(game), room = std::move(room)] {
        live_[game].erase(room);
        live_changed_[game].erase(room);
        live_boards_[game].erase(room);
        live_moved_[game].erase(room);
        auto f = make_frame("live.remove", {{"game", game}, {"room", room}});
        for (auto& [conn, p] : live_subscribers_[game]) send_to(p, f);
        featured_check();
    });
}

}  // namespace kibitz::server
