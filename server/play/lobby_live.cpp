// The lobby's live games lists: who watches which game's list, the summary
// and mini board of every public game in play, and live.update batched per
// count period. Runs on the lobby's strand, like everything in lobby.
#include <algorithm>
#include <mutex>

#include "observe/metrics.hpp"
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

}  // namespace

json live_board_shape(const std::string& game) { return board_shape(*core::find_game(game)); }

namespace {

json room_json(const json& summary, const live_position* pos) {
    json r = summary;
    if (pos) put_live_position(r, *pos, steady::now());
    return r;
}

}  // namespace

void put_live_position(json& out, const live_position& p, steady::time_point now) {
    auto b = live_board_of(p, now);
    out["board"] = std::move(b.board);
    out["last"] = std::move(b.last);
    out["clocks"] = std::move(b.clocks);
}

live_board live_board_of(const live_position& p, steady::time_point now) {
    core::board_view v;
    v.pieces = p.pieces;
    v.to_move = p.to_move;
    live_board out;
    out.board = to_json(v, false);
    out.board.erase("moves");
    out.last = p.last_path.empty() ? json(nullptr)
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
    out.clocks = to_json(c);
    return out;
}

std::vector<std::string> lobby::live_window(const std::string& game) const {
    std::vector<std::string> out;
    auto it = live_order_.find(game);
    if (it == live_order_.end()) return out;
    for (auto r = it->second.rbegin(); r != it->second.rend() && out.size() < hub_.config().live_boards;
         ++r)
        out.push_back(r->second);
    std::reverse(out.begin(), out.end());
    return out;
}

bool lobby::in_live_window(const std::string& game, const std::string& room) const {
    auto seq = live_seq_.find(room);
    auto order = live_order_.find(game);
    if (seq == live_seq_.end() || order == live_order_.end()) return false;
    // Newer rooms than this one: fewer than the window holds.
    std::size_t newer = 0;
    for (auto r = order->second.rbegin(); r != order->second.rend() && r->first > seq->second; ++r)
        if (++newer >= hub_.config().live_boards) return false;
    return true;
}

frame lobby::live_snapshot(const std::string& game) {
    auto now = steady::now();
    auto& cached = live_snapshots_[game];
    if (cached.fresh(now, hub_.config().count_batch)) return cached.f;
    json rooms = json::array();
    bool ticking = false;
    const auto& boards = live_boards_[game];
    for (const auto& id : live_window(game)) {
        auto b = boards.find(id);
        const live_position* pos = b == boards.end() ? nullptr : &b->second;
        if (pos && pos->clocks && (pos->clocks->running == 0 || pos->clocks->running == 1))
            ticking = true;
        rooms.push_back(room_json(live_[game][id], pos));
    }
    cached = {encode(live_snapshot_msg{game, live_board_shape(game), std::move(rooms),
                                       live_[game].size()}),
              now, ticking};
    ++hub_.stats().live_snapshots_built_total;
    return cached.f;
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
        send_to(p, live_snapshot(game));
    });
}

void lobby::room_started(std::string game, std::string room, json summary, live_position pos) {
    on_strand([this, game = std::move(game), room = std::move(room), summary = std::move(summary),
               pos = std::move(pos)]() mutable {
        local_live_.insert(room);
        feed_listed(game, room, summary, pos);
        list_started(game, room, std::move(summary), std::move(pos));
    });
}

void lobby::list_started(const std::string& game, const std::string& room, json summary,
                         live_position pos) {
    auto seq = next_live_seq_++;
    summary["order"] = seq;  // the client sorts by it: a game back in the window keeps its place
    auto& slot = live_[game][room];
    if (!slot.is_null()) unrank(game, room, slot);
    slot = summary;
    rank(game, room, slot);
    live_boards_[game][room] = pos;
    // Listed again (a cluster's node sent it again): its old place goes.
    if (auto old = live_seq_.find(room); old != live_seq_.end())
        live_order_[game].erase(old->second);
    live_order_[game][seq] = room;
    live_seq_[room] = seq;
    live_snapshots_.erase(game);
    std::size_t total = live_[game].size();
    auto& subs = live_subscribers_[game];
    // The newest game joins the window; the oldest of it, if full, leaves
    // it (still in play: it counts among the rest).
    auto window = live_window(game);
    if (total > window.size()) {
        auto& order = live_order_[game];
        auto out = std::prev(order.end(), static_cast<std::ptrdiff_t>(window.size()) + 1);
        auto f = encode(live_remove_msg{game, out->second, total});
        for (auto& [conn, p] : subs) send_to(p, f);
    }
    auto f = encode(live_add_msg{room_json(summary, &pos), total});
    for (auto& [conn, p] : subs) send_to(p, f);
    featured_check();
}

void lobby::room_changed(std::string game, std::string room, std::size_t plies,
                         std::size_t spectators, std::optional<live_position> pos) {
    on_strand([this, game = std::move(game), room = std::move(room), plies, spectators,
               pos = std::move(pos)]() mutable {
        list_changed(game, room, plies, spectators, std::move(pos));
    });
}

void lobby::list_changed(const std::string& game, const std::string& room, std::size_t plies,
                         std::size_t spectators, std::optional<live_position> pos) {
    auto it = live_[game].find(room);
    if (it == live_[game].end()) return;  // ended, or private
    auto& watching = it->second["spectators"];
    bool reranked = watching != spectators;  // the only input of its rank that changes
    if (reranked) unrank(game, room, it->second);
    watching = spectators;
    it->second["plies"] = plies;
    if (reranked) rank(game, room, it->second);
    live_changed_[game].insert(room);
    if (room == featured_) featured_built_ = {};
    if (in_live_window(game, room)) live_snapshots_.erase(game);
    if (!pos) return;
    // Only the latest position is kept: it goes out with the next batch.
    live_boards_[game][room] = std::move(*pos);
    live_moved_[game].insert(room);
}

void lobby::send_live_updates() {
    send_tv_update();
    feed_changes();
    for (auto& [game, rooms] : live_changed_) {
        auto& subs = live_subscribers_[game];
        for (const auto& room : rooms) {
            auto it = live_[game].find(room);
            if (it == live_[game].end() || subs.empty()) continue;
            if (!in_live_window(game, room)) continue;  // counted, not shown
            live_update_msg m{game,
                              room,
                              it->second["plies"].get<std::int64_t>(),
                              it->second["spectators"].get<std::int64_t>(),
                              {}};
            // The board only when it changed (a move), not for a new watcher.
            auto b = live_boards_[game].find(room);
            if (live_moved_[game].count(room) && b != live_boards_[game].end())
                m.position = live_board_of(b->second, steady::now());
            auto f = encode(m);
            for (auto& [conn, p] : subs) send_to(p, f);
        }
    }
    live_changed_.clear();
    live_moved_.clear();
}

void lobby::room_ended(std::string game, std::string room) {
    on_strand([this, game = std::move(game), room = std::move(room)] {
        local_live_.erase(room);
        list_ended(game, room);
    });
}

void lobby::list_ended(const std::string& game, const std::string& room) {
    bool shown = in_live_window(game, room);
    if (auto it = live_[game].find(room); it != live_[game].end()) unrank(game, room, it->second);
    live_[game].erase(room);
    live_changed_[game].erase(room);
    live_boards_[game].erase(room);
    live_moved_[game].erase(room);
    if (auto seq = live_seq_.find(room); seq != live_seq_.end()) {
        live_order_[game].erase(seq->second);
        live_seq_.erase(seq);
    }
    live_snapshots_.erase(game);
    std::size_t total = live_[game].size();
    auto& subs = live_subscribers_[game];
    auto f = encode(live_remove_msg{game, room, total});
    for (auto& [conn, p] : subs) send_to(p, f);
    // A place in the window came free: the newest game not shown takes it
    // (there was one if the window is still full).
    auto window = live_window(game);
    if (shown && window.size() == hub_.config().live_boards) {
        const auto& id = window.front();
        auto b = live_boards_[game].find(id);
        auto add = encode(live_add_msg{
            room_json(live_[game][id], b == live_boards_[game].end() ? nullptr : &b->second),
            total});
        for (auto& [conn, p] : subs) send_to(p, add);
    }
    featured_check();
}

}  // namespace kibitz::server
