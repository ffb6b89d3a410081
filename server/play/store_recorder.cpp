#include "play/store_recorder.hpp"

#include <spdlog/spdlog.h>

namespace kibitz::server {

store_recorder::store_recorder(storage::store& s, rating_sink on_rating)
    : store_(s), rated_(s), on_rating_(std::move(on_rating)) {}

void store_recorder::on_restore(const std::string& room, std::int64_t key,
                                const std::string& game_id) {
    std::lock_guard lock(mu_);
    games_[room] = {key, game_id};
}

std::optional<store_recorder::entry> store_recorder::find(const std::string& room, bool end) {
    std::lock_guard lock(mu_);
    auto it = games_.find(room);
    if (it == games_.end()) return std::nullopt;
    if (end) {
        if (it->second.ended) return std::nullopt;  // reported once
        it->second.ended = true;
    }
    return it->second;
}

std::optional<std::int64_t> store_recorder::key_of(const std::string& room) {
    auto e = find(room);
    return e ? std::optional<std::int64_t>(e->key) : std::nullopt;
}

void store_recorder::on_forget(const std::string& room) {
    std::lock_guard lock(mu_);
    games_.erase(room);
}

void store_recorder::on_start(const game_started& g) {
    storage::new_game n;
    n.settings.game_id = g.game;
    if (g.tc && g.tc->days) {
        n.settings.days_per_move = g.tc->days;
        n.deadline_ms = g.deadline_ms;
    } else if (g.tc) {
        n.settings.initial_ms = std::int64_t{g.tc->initial_s} * 1000;
        n.settings.increment_ms = std::int64_t{g.tc->increment_s} * 1000;
    }
    n.settings.rated = g.rated;
    n.settings.is_private = g.is_private;
    // The standard start is recorded as empty: replay then goes through
    // new_game(), keeping the history that repetition rules need.
    n.settings.start_position = g.start_position;
    n.seats = {g.seats[0]->row, g.seats[1]->row};
    n.created_ms = g.started_ms;
    n.public_id = g.room;
    // The key comes back at once; moves queued after this land after the insert.
    auto key = rated_.start_game(std::move(n), [room = g.room](core::result<storage::game_key> r) {
        if (!r) spdlog::error("store: game of room {} not stored: {}", room, r.reason());
    });
    std::lock_guard lock(mu_);
    games_[g.room] = {key, rating_pool(g.game, is_correspondence(g.tc))};
}

void store_recorder::on_move(const move_played& m, move_done done) {
    auto e = find(m.room);
    if (!e || e->ended) {
        spdlog::error("store: move in room {} of no stored game", m.room);
        if (done) done(false);
        return;
    }
    storage::move_record r{m.ply - 1, m.seat,       m.move, {m.clock_ms[0], m.clock_ms[1]},
                           m.at_ms,   m.deadline_ms};
    store_.append_move(e->key, std::move(r),
                       [done = std::move(done), room = m.room, ply = m.ply](core::result<bool> r) {
                           if (!r) spdlog::error("store: room {} ply {}: {}", room, ply, r.reason());
                           if (done) done(r.ok());
                       });
}

void store_recorder::on_takeback(const std::string& room, int plies_left) {
    auto e = find(room);
    if (!e || e->ended) return;
    store_.truncate_moves(e->key, plies_left, [room, plies_left](core::result<int> r) {
        if (!r) spdlog::error("store: takeback in room {} to ply {}: {}", room, plies_left, r.reason());
    });
}

void store_recorder::on_end(const game_ended& e, ratings_done done) {
    auto found = find(e.room, true);
    if (!found) return;
    storage::game_end end;
    end.game = found->key;
    end.status = e.aborted ? storage::game_status::aborted : storage::game_status::finished;
    end.winner = e.aborted || e.result.kind != core::status_kind::win ? -1 : e.result.winner;
    end.reason = e.result.reason;
    end.ended_ms = e.at_ms;
    rated_.end_game(end, [this, room = e.room, game = found->game_id, done = std::move(done)](
                             core::result<storage::end_summary> r) {
        if (!r) {
            spdlog::error("store: end of room {}: {}", room, r.reason());
            return;
        }
        if (on_rating_)
            for (const auto& c : r.value().changes) on_rating_(c.who, game, c.after);
        if (done && !r.value().changes.empty()) done(r.value().changes);
    });
}

void store_recorder::on_rematch(const std::string& room, const std::string& next) {
    auto e = find(room);
    if (!e) return;
    store_.set_rematch(e->key, next, [room](core::result<bool> r) {
        if (!r) spdlog::warn("store: rematch of room {}: {}", room, r.reason());
    });
}

void store_recorder::on_premove(const std::string& room, int seat,
                                const std::vector<std::string>& line) {
    auto e = find(room);
    if (!e) return;
    store_.set_premove(e->key, seat, line, [room](core::result<bool> r) {
        if (!r) spdlog::warn("store: premove line of room {}: {}", room, r.reason());
    });
}

void store_recorder::on_chat(const chat_said& c) {
    auto e = find(c.room);
    if (!e) return;  // chat after the end stays in memory only
    std::optional<storage::player_id> who;
    if (c.who && c.who->row) who = c.who->row;
    store_.add_chat(e->key, who, c.players ? "players" : "spectators", c.text, c.at_ms,
                    [room = c.room](core::result<bool> r) {
                        if (!r) spdlog::warn("store: chat in room {}: {}", room, r.reason());
                    });
}

}  // namespace kibitz::server
