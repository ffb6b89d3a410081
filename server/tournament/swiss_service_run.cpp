// swiss_service (swiss_service.hpp): the tick that starts events and pairs
// rounds; results as games end; the end; the standings to subscribers.
#include <spdlog/spdlog.h>

#include "play/hub.hpp"
#include "play/room.hpp"
#include "store/store.hpp"
#include "tournament/arena_state.hpp"
#include "tournament/swiss_service.hpp"

namespace kibitz::server::tournament {

void swiss_service::arm() {
    if (stopped_) return;
    timer_.expires_after(cfg_.tick);
    timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (ec || self->stopped_) return;
        try {
            self->tick();
        } catch (const std::exception& e) {
            spdlog::error("swiss: tick: {}", e.what());
        }
        self->arm();
    });
}

void swiss_service::tick() {
    const auto now = cfg_.clock.now_ms();
    if (!cfg_.schedule.swiss.empty()) schedule(now);
    std::vector<std::string> ids;
    for (const auto& [id, e] : events_) ids.push_back(id);
    for (const auto& id : ids)  // finish_event may erase
        if (auto* e = find(id)) run_event(*e, now);
}

void swiss_service::schedule(std::int64_t now) {
    auto existing = scheduling_;
    for (const auto& [id, e] : events_) {
        const auto& s = e.state->row().settings;
        if (!s.created_by) existing.insert({s.game_id, s.starts_ms});
    }
    for (auto& s : due_swiss(cfg_.schedule, now, existing)) {
        const std::pair<std::string, std::int64_t> key{s.game_id, s.starts_ms};
        scheduling_.insert(key);
        create(std::move(s), [this, key](core::result<storage::tournament_row> r) {
            scheduling_.erase(key);
            if (!r) spdlog::warn("swiss: scheduling {}: {}", key.first, r.reason());
        });
    }
}

void swiss_service::run_event(event& e, std::int64_t now) {
    auto& st = *e.state;
    const auto& s = st.row().settings;
    if (e.finishing || now < s.starts_ms) {
        if (e.dirty) e.dirty = false, e.audience.send(state_frame(e, now));
        return;
    }
    if (st.row().status == "created") {
        st.set_status("started");
        store_.set_tournament_status(st.row().id, "started", now, [](core::result<bool> r) {
            if (!r) spdlog::warn("swiss: storing a start: {}", r.reason());
        });
        e.dirty = true;
    }
    // A round is over once each of its results is stored; the next is due
    // round_interval after that.
    const bool round_over = st.round_finished() && e.pending == 0;
    if (st.round() > 0 && round_over && !e.next_round_ms) {
        e.next_round_ms = now + s.round_interval_ms;
        e.dirty = true;
    }
    const bool due = st.round() == 0 || (round_over && e.next_round_ms && now >= *e.next_round_ms);
    if (due) {
        if (st.round() >= s.rounds) return finish_event(e, now);
        start_round(e, now);
    }
    if (e.dirty) {
        e.dirty = false;
        e.audience.send(state_frame(e, now));  // serialized once for every subscriber
    }
}

void swiss_service::start_round(event& e, std::int64_t now) {
    auto& st = *e.state;
    const auto& row = st.row();
    // Who is not on the event's page as the round is paired misses it and
    // is withdrawn (they may join again for the next rounds).
    std::set<std::string> present;
    for (const auto& key : st.active()) {
        if (e.audience.present(key)) present.insert(key);
        else withdraw(e, key);
    }
    auto pairing = st.pair_next(present);
    if (!pairing) return finish_event(e, now);  // fewer than two, or everyone has met
    const int round = st.round() + 1;
    room_settings rs;
    rs.game = core::find_game(row.settings.game_id);
    if (!rs.game) return;
    rs.tc = view_of(row, "", 0).tc;
    rs.rated = row.settings.rated;
    rs.tournament = row.public_id;
    auto store_pairing = [&](const std::string& room, storage::player_id a, storage::player_id b) {
        storage::tournament_pairing tp;
        tp.round = round;
        tp.room = room;
        tp.seats = {a, b};
        tp.created_ms = now;
        // Same writer queue as the result that follows it, so it lands first.
        store_.add_pairing(row.id, std::move(tp), [](core::result<std::int64_t> r) {
            if (!r) spdlog::warn("swiss: storing a pairing: {}", r.reason());
        });
    };
    for (const auto& p : pairing->pairs) {
        const auto* first = st.find(p.first);
        const auto* second = st.find(p.second);
        if (!first || !second) continue;
        auto r = hub_->rooms().start_room(rs, first->who, second->who, "tournament");
        st.add_board(round, r->id(), p.first, p.second);
        rooms_[r->id()] = row.public_id;
        store_pairing(r->id(), first->who->row, second->who->row);
    }
    if (!pairing->bye.empty()) {
        const auto room = bye_room(row.public_id, round);
        st.add_board(round, room, pairing->bye, pairing->bye);
        store_pairing(room, st.find(pairing->bye)->who->row, st.find(pairing->bye)->who->row);
        if (auto pr = st.finish(room, 0, 0, now)) store_result(e, *pr);  // a bye is a win
    }
    e.next_round_ms.reset();
    e.dirty = true;
    spdlog::info("swiss {} round {}: {} games{}", row.public_id, round, pairing->pairs.size(),
                 pairing->bye.empty() ? "" : ", a bye");
}

void swiss_service::ended(const game_over_report& r) {
    auto it = rooms_.find(r.room);
    if (it == rooms_.end()) return;  // not a Swiss game
    auto* e = find(it->second);
    rooms_.erase(it);
    if (!e) return;
    const int result = r.aborted                                 ? storage::result_void
                       : r.result.kind == core::status_kind::win ? r.result.winner
                                                                 : storage::result_draw;
    auto pr = e->state->finish(r.room, result, r.plies, r.at_ms);
    if (!pr) return;
    // Never moved: a forfeit, and out of the next rounds.
    if (auto gone = e->state->forfeited_by(r.room); !gone.empty()) withdraw(*e, gone);
    store_result(*e, *pr);
}

void swiss_service::store_result(event& e, const storage::pairing_result& pr) {
    ++e.pending;
    e.dirty = true;
    const auto id = e.state->row().public_id;
    store_.record_result(
        pr, [self = shared_from_this(), id, room = pr.room](core::result<bool> ok) {
            if (!ok) spdlog::error("swiss: storing a result of {}: {}", room, ok.reason());
            self->on_strand([self, id] {
                if (auto* e = self->find(id)) --e->pending;
            });
        });
}

void swiss_service::recover(const std::string& id, const std::string& room) {
    auto* games = hub_->deps().store;
    if (!games) return;
    games->game_by_public_id(room, [self = shared_from_this(), id,
                                    room](core::result<std::optional<storage::game_record>> g) {
        if (!g) return spdlog::warn("swiss: looking up {}: {}", room, g.reason());
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
            self->ended(r);  // never stored: no game, a forfeit of seat 0
        });
    });
}

void swiss_service::finish_event(event& e, std::int64_t now) {
    e.finishing = true;
    const auto id = e.state->row().public_id;
    store_.set_tournament_status(
        e.state->row().id, "finished", now, [self = shared_from_this(), id](core::result<bool> r) {
            if (!r) spdlog::warn("swiss: storing the end of {}: {}", id, r.reason());
            self->on_strand([self, id] {
                auto* e = self->find(id);
                if (!e) return;
                const auto now = self->cfg_.clock.now_ms();
                e->state->set_status("finished");
                e->audience.send(self->state_frame(*e, now));
                e->audience.send(encode(tournament_finished_msg{id, e->state->standings(3)}));
                e->audience.each_connection([&](std::uint64_t conn) {
                    if (auto c = self->conns_.find(conn); c != self->conns_.end()) {
                        c->second.erase(id);
                        if (c->second.empty()) self->conns_.erase(c);
                    }
                });
                spdlog::info("swiss {} finished ({} players)", id, e->state->players());
                self->events_.erase(id);  // the HTTP API reads it from the store from now on
            });
        });
}

frame swiss_service::state_frame(const event& e, std::int64_t now) const {
    const auto& st = *e.state;
    const auto& row = st.row();
    const auto status = row.status == "finished"        ? "finished"
                        : now >= row.settings.starts_ms ? "started"
                                                        : "created";
    tournament_state_msg m{view_of(row, status, st.players()), st.standings(100), st.top_room(),
                           now};
    m.about.round = st.round();
    m.about.next_round_ms = e.next_round_ms;
    if (st.round() == 0) m.about.next_round_ms = row.settings.starts_ms;
    m.boards = st.boards_of(st.round());
    return encode(m);
}

}  // namespace kibitz::server::tournament
