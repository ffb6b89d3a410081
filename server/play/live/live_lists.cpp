// live_games' lists: the summary and mini board of every public game in
// play per game id, its subscribers' live.snapshot, live.add and
// live.remove as games come and go, and live.update batched per count
// period. Runs on live_games' strand.
#include <algorithm>

#include "observe/metrics.hpp"
#include "play/live/live_games.hpp"

namespace kibitz::server {

namespace {

using steady = std::chrono::steady_clock;

json room_json(const json& summary, const live_position* pos) {
    json r = summary;
    if (pos) put_live_position(r, *pos, steady::now());
    return r;
}

}  // namespace

std::vector<std::string> live_games::window(const std::string& game) const {
    std::vector<std::string> out;
    auto it = order_.find(game);
    if (it == order_.end()) return out;
    for (auto r = it->second.rbegin(); r != it->second.rend() && out.size() < cfg_.live_boards; ++r)
        out.push_back(r->second);
    std::reverse(out.begin(), out.end());
    return out;
}

bool live_games::in_window(const std::string& game, const std::string& room) const {
    auto seq = seq_.find(room);
    auto order = order_.find(game);
    if (seq == seq_.end() || order == order_.end()) return false;
    // Newer rooms than this one: fewer than the window holds.
    std::size_t newer = 0;
    for (auto r = order->second.rbegin(); r != order->second.rend() && r->first > seq->second; ++r)
        if (++newer >= cfg_.live_boards) return false;
    return true;
}

frame live_games::snapshot(const std::string& game) {
    auto now = steady::now();
    auto& cached = snapshots_[game];
    if (cached.fresh(now, cfg_.count_batch)) return cached.f;
    json rooms = json::array();
    bool ticking = false;
    const auto& boards = boards_[game];
    for (const auto& id : window(game)) {
        auto b = boards.find(id);
        const live_position* pos = b == boards.end() ? nullptr : &b->second;
        if (pos && pos->clocks && (pos->clocks->running == 0 || pos->clocks->running == 1))
            ticking = true;
        rooms.push_back(room_json(live_[game][id], pos));
    }
    cached = {encode(live_snapshot_msg{game, live_board_shape(game), std::move(rooms),
                                       live_[game].size()}),
              now, ticking};
    ++metrics_.live_snapshots_built_total;
    return cached.f;
}

void live_games::room_started(std::string game, std::string room, json summary, live_position pos) {
    on_strand([this, game = std::move(game), room = std::move(room), summary = std::move(summary),
               pos = std::move(pos)]() mutable {
        local_.insert(room);
        feed_listed(game, room, summary, pos);
        list_started(game, room, std::move(summary), std::move(pos));
    });
}

void live_games::list_started(const std::string& game, const std::string& room, json summary,
                              live_position pos) {
    auto seq = next_seq_++;
    summary["order"] = seq;  // the client sorts by it: a game back in the window keeps its place
    auto& slot = live_[game][room];
    if (!slot.is_null()) {
        unrank(game, room, slot);
        count_pool(game, slot, -1);
    }
    slot = summary;
    rank(game, room, slot);
    count_pool(game, slot, +1);
    boards_[game][room] = pos;
    // Listed again (a cluster's node sent it again): its old place goes.
    if (auto old = seq_.find(room); old != seq_.end()) order_[game].erase(old->second);
    order_[game][seq] = room;
    seq_[room] = seq;
    snapshots_.erase(game);
    std::size_t total = live_[game].size();
    auto& subs = subscribers_[game];
    // The newest game joins the window; the oldest of it, if full, leaves
    // it (still in play: it counts among the rest).
    auto shown = window(game);
    if (total > shown.size()) {
        auto& order = order_[game];
        auto out = std::prev(order.end(), static_cast<std::ptrdiff_t>(shown.size()) + 1);
        auto f = encode(live_remove_msg{game, out->second, total});
        for (auto& [conn, p] : subs) send_to(p, f);
    }
    auto f = encode(live_add_msg{room_json(summary, &pos), total});
    for (auto& [conn, p] : subs) send_to(p, f);
    featured_check();
}

void live_games::room_changed(std::string game, std::string room, std::size_t plies,
                              std::size_t spectators, std::optional<live_position> pos) {
    on_strand([this, game = std::move(game), room = std::move(room), plies, spectators,
               pos = std::move(pos)]() mutable {
        list_changed(game, room, plies, spectators, std::move(pos));
    });
}

void live_games::list_changed(const std::string& game, const std::string& room, std::size_t plies,
                              std::size_t spectators, std::optional<live_position> pos) {
    auto it = live_[game].find(room);
    if (it == live_[game].end()) return;  // ended, or private
    auto& watching = it->second["spectators"];
    bool reranked = watching != spectators;  // the only input of its rank that changes
    if (reranked) unrank(game, room, it->second);
    watching = spectators;
    it->second["plies"] = plies;
    if (reranked) rank(game, room, it->second);
    changed_[game].insert(room);
    if (room == featured_) featured_built_ = {};
    if (in_window(game, room)) snapshots_.erase(game);
    if (!pos) return;
    // Only the latest position is kept: it goes out with the next batch.
    boards_[game][room] = std::move(*pos);
    moved_[game].insert(room);
}

void live_games::send_updates() {
    for (auto& [game, rooms] : changed_) {
        auto& subs = subscribers_[game];
        for (const auto& room : rooms) {
            auto it = live_[game].find(room);
            if (it == live_[game].end() || subs.empty()) continue;
            if (!in_window(game, room)) continue;  // counted, not shown
            live_update_msg m{game,
                              room,
                              it->second["plies"].get<std::int64_t>(),
                              it->second["spectators"].get<std::int64_t>(),
                              {}};
            // The board only when it changed (a move), not for a new watcher.
            auto b = boards_[game].find(room);
            if (moved_[game].count(room) && b != boards_[game].end())
                m.position = live_board_of(b->second, steady::now());
            auto f = encode(m);
            for (auto& [conn, p] : subs) send_to(p, f);
        }
    }
    changed_.clear();
    moved_.clear();
}

void live_games::room_ended(std::string game, std::string room) {
    on_strand([this, game = std::move(game), room = std::move(room)] {
        local_.erase(room);
        list_ended(game, room);
    });
}

void live_games::list_ended(const std::string& game, const std::string& room) {
    bool shown = in_window(game, room);
    if (auto it = live_[game].find(room); it != live_[game].end()) {
        unrank(game, room, it->second);
        count_pool(game, it->second, -1);
    }
    live_[game].erase(room);
    changed_[game].erase(room);
    boards_[game].erase(room);
    moved_[game].erase(room);
    if (auto seq = seq_.find(room); seq != seq_.end()) {
        order_[game].erase(seq->second);
        seq_.erase(seq);
    }
    snapshots_.erase(game);
    std::size_t total = live_[game].size();
    auto& subs = subscribers_[game];
    auto f = encode(live_remove_msg{game, room, total});
    for (auto& [conn, p] : subs) send_to(p, f);
    // A place in the window came free: the newest game not shown takes it
    // (there was one if the window is still full).
    auto now_shown = window(game);
    if (shown && now_shown.size() == cfg_.live_boards) {
        const auto& id = now_shown.front();
        auto b = boards_[game].find(id);
        auto add = encode(live_add_msg{
            room_json(live_[game][id], b == boards_[game].end() ? nullptr : &b->second), total});
        for (auto& [conn, p] : subs) send_to(p, add);
    }
    featured_check();
}

}  // namespace kibitz::server
