// arena_service (arena_service.hpp): the tick that starts, pairs and ends
// arenas; results as games end; the standings to subscribers.
#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "play/hub.hpp"
#include "play/room.hpp"
#include "store/store.hpp"
#include "tournament/arena_service.hpp"

namespace kibitz::server::tournament {

void arena_service::arm() {
    if (stopped_) return;
    timer_.expires_after(cfg_.tick);
    timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (ec || self->stopped_) return;
        try {
            self->tick();
        } catch (const std::exception& e) {
            spdlog::error("tournaments: tick: {}", e.what());
        }
        self->arm();
    });
}

void arena_service::tick() {
    const auto now = cfg_.clock.now_ms();
    if (!cfg_.schedule.arenas.empty()) schedule(now);
    for (auto& [id, a] : arenas_) run_arena(a, now);
}

void arena_service::schedule(std::int64_t now) {
    auto existing = scheduling_;
    for (const auto& [id, a] : arenas_) {
        const auto& s = a.state->row().settings;
        if (!s.created_by) existing.insert({s.game_id, s.starts_ms});
    }
    for (auto& s : due_arenas(cfg_.schedule, now, existing)) {
        const std::pair<std::string, std::int64_t> key{s.game_id, s.starts_ms};
        scheduling_.insert(key);
        create(std::move(s), [this, key](core::result<storage::tournament_row> r) {
            scheduling_.erase(key);
            if (!r) spdlog::warn("tournaments: scheduling {}: {}", key.first, r.reason());
        });
    }
}

void arena_service::run_arena(arena& a, std::int64_t now) {
    auto& st = *a.state;
    const auto status = st.status_at(now);
    if (st.row().status == "created" && status != "created") {
        st.set_status("started");
        store_.set_tournament_status(st.row().id, "started", now, [](core::result<bool> r) {
            if (!r) spdlog::warn("tournaments: storing a start: {}", r.reason());
        });
        a.dirty = true;
    }
    if (status == "started" && !a.ending) pair_wave(a, now);
    if (now >= st.ends_ms() && !a.ending) {
        a.ending = true;  // games in play still count; no new ones
        a.dirty = true;
    }
    if (a.dirty) publish(a, now);
    if (a.ending && !a.finishing && !st.games_in_play()) finish_arena(a, now);
}

void arena_service::pair_wave(arena& a, std::int64_t now) {
    auto& st = *a.state;
    const auto pairs = st.wave(now, cfg_.pair_delay_ms, ++waves_, a.audience.present_players());
    if (pairs.empty()) return;
    const auto& row = st.row();
    room_settings rs;
    rs.game = core::find_game(row.settings.game_id);
    if (!rs.game) return;
    rs.tc = view_of(row, "", 0).tc;
    rs.rated = row.settings.rated;
    rs.tournament = row.public_id;
    ++a.waves;
    for (const auto& p : pairs) {
        const auto* first = st.find(p.first);
        const auto* second = st.find(p.second);
        if (!first || !second) continue;
        auto r = hub_->rooms().start_room(rs, first->who, second->who, "tournament");
        st.playing(p, r->id(), 0);
        rooms_[r->id()] = row.public_id;
        storage::tournament_pairing tp;
        tp.round = a.waves;
        tp.room = r->id();
        tp.seats = {first->who->row, second->who->row};
        tp.created_ms = now;
        // Same writer queue as the result that follows it, so it lands first.
        store_.add_pairing(row.id, std::move(tp), [](core::result<std::int64_t> r) {
            if (!r) spdlog::warn("tournaments: storing a pairing: {}", r.reason());
        });
    }
    a.dirty = true;
}

void arena_service::ended(const game_over_report& r) {
    auto it = rooms_.find(r.room);
    if (it == rooms_.end()) return;  // not a tournament game
    auto* a = find(it->second);
    rooms_.erase(it);
    if (!a) return;
    const int result = r.aborted                                 ? storage::result_void
                       : r.result.kind == core::status_kind::win ? r.result.winner
                                                                 : storage::result_draw;
    auto pr = a->state->finish(r.room, result, r.plies, r.at_ms);
    if (!pr) return;
    a->dirty = true;
    const auto id = a->state->row().public_id;
    // The players are free for the next wave once the result is durable.
    store_.record_result(*pr, [self = shared_from_this(), id, pr = *pr](core::result<bool> ok) {
        if (!ok) spdlog::error("tournaments: storing a result of {}: {}", pr.room, ok.reason());
        self->on_strand([self, id, pr] {
            if (auto* a = self->find(id)) {
                a->state->stored(pr, self->cfg_.clock.now_ms());
                a->dirty = true;
            }
        });
    });
}

void arena_service::recover(const std::string& id, const std::string& room) {
    auto* games = hub_->deps().store;
    if (!games) return;
    games->game_by_public_id(room, [self = shared_from_this(), id,
                                    room](core::result<std::optional<storage::game_record>> g) {
        if (!g) return spdlog::warn("tournaments: looking up {}: {}", room, g.reason());
        self->on_strand([self, room, g = std::move(g).value()] {
            game_over_report r{room, {}, true, 0, self->cfg_.clock.now_ms()};
            if (g) {
                const auto& s = g->summary;
                if (s.status == storage::game_status::playing) return;  // its room reports
                r.aborted = s.status == storage::game_status::aborted;
                r.result.kind = s.winner >= 0 ? core::status_kind::win : core::status_kind::draw;
                r.result.winner = s.winner;
                r.plies = static_cast<int>(g->moves.size());
                r.at_ms = s.ended_ms;
            }
            self->ended(r);  // never stored: no game, counts for no one
        });
    });
}

void arena_service::finish_arena(arena& a, std::int64_t now) {
    a.finishing = true;
    const auto id = a.state->row().public_id;
    store_.set_tournament_status(
        a.state->row().id, "finished", now, [self = shared_from_this(), id](core::result<bool> r) {
            if (!r) spdlog::warn("tournaments: storing the end of {}: {}", id, r.reason());
            self->on_strand([self, id] {
                auto* a = self->find(id);
                if (!a) return;
                const auto now = self->cfg_.clock.now_ms();
                a->state->set_status("finished");
                auto standings = a->state->standings(3);
                const auto last = self->state_frame(*a, now);
                const auto done = encode(tournament_finished_msg{id, std::move(standings)});
                a->audience.send(last);
                a->audience.send(done);
                a->audience.each_connection([&](std::uint64_t conn) {
                    if (auto c = self->conns_.find(conn); c != self->conns_.end()) {
                        c->second.erase(id);
                        if (c->second.empty()) self->conns_.erase(c);
                    }
                });
                spdlog::info("tournament {} finished ({} players)", id, a->state->players());
                self->arenas_.erase(id);  // the HTTP API reads it from the store from now on
            });
        });
}

frame arena_service::state_frame(const arena& a, std::int64_t now) const {
    const auto& st = *a.state;
    auto status = st.row().status == "finished" ? "finished" : st.status_at(now);
    tournament_state_msg m{view_of(st.row(), status, st.players()), st.standings(100),
                           st.top_room(), now};
    return encode(m);
}

void arena_service::publish(arena& a, std::int64_t now) {
    a.dirty = false;
    if (a.audience.empty()) return;
    a.audience.send(state_frame(a, now));  // serialized once for every subscriber
}

}  // namespace kibitz::server::tournament
