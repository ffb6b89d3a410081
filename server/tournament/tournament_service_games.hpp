#pragma once
// tournament_service (tournament_service.hpp): games started and their ends
// routed back, results recovered after a restart, an event's end. Included
// (with tournament_service_impl.hpp) by each kind's .cpp only.
#include <spdlog/spdlog.h>

#include "play/hub.hpp"
#include "play/room/room.hpp"
#include "store/store.hpp"
#include "tournament/arena_state.hpp"
#include "tournament/tournament_service.hpp"

namespace kibitz::server::tournament {

template <class Event>
std::string tournament_service<Event>::start_game(const storage::tournament_row& row,
                                                  const player_ptr& first, const player_ptr& second,
                                                  int round, bool berserk, std::int64_t now) {
    room_settings rs;
    rs.game = core::find_game(row.settings.game_id);
    if (!rs.game) return {};
    rs.tc = view_of(row, "", 0).tc;
    rs.rated = row.settings.rated;
    rs.tournament = row.public_id;
    rs.berserk = berserk;
    auto room = hub_->rooms().start_room(rs, first, second, "tournament")->id();
    rooms_[room] = row.public_id;
    store_pairing(row, round, room, first->row, second->row, now);
    return room;
}

template <class Event>
bool tournament_service<Event>::present(const Event& e, const std::string& key) const {
    return e.audience.present(key) || (hub_ && hub_->peers().connected(key));
}

template <class Event>
void tournament_service<Event>::store_pairing(const storage::tournament_row& row, int round,
                                              const std::string& room, storage::player_id first,
                                              storage::player_id second, std::int64_t now) {
    storage::tournament_pairing tp;
    tp.round = round;
    tp.room = room;
    tp.seats = {first, second};
    tp.created_ms = now;
    // Same writer queue as the result that follows it, so it lands first.
    store_.add_pairing(row.id, std::move(tp), [log = log_](core::result<std::int64_t> r) {
        if (!r) spdlog::warn("{}: storing a pairing: {}", log, r.reason());
    });
}

template <class Event>
void tournament_service<Event>::store_status(const storage::tournament_row& row, const char* status,
                                             std::int64_t now) {
    store_.set_tournament_status(row.id, status, now, [log = log_, status](core::result<bool> r) {
        if (!r) spdlog::warn("{}: storing {}: {}", log, status, r.reason());
    });
}

template <class Event>
void tournament_service<Event>::game_over(game_over_report r) {
    on_strand([this, r = std::move(r)] {
        if (!held([this, r] { route_end(r); })) route_end(r);
    });
}

template <class Event>
void tournament_service<Event>::berserk(const std::string& room, int seat) {
    on_strand([this, room, seat] {
        auto mark = [this, room, seat] {  // before the game's end, which follows it
            auto it = rooms_.find(room);
            if (it == rooms_.end()) return;  // not a game of this kind's events
            if (auto* e = find(it->second)) berserked(*e, room, seat);
        };
        if (!held(mark)) mark();
    });
}

template <class Event>
void tournament_service<Event>::route_end(const game_over_report& r) {
    auto it = rooms_.find(r.room);
    if (it == rooms_.end()) return;  // not a game of this kind's events
    auto* e = find(it->second);
    rooms_.erase(it);
    if (!e) return;
    const int result = r.aborted                                 ? storage::result_void
                       : r.result.kind == core::status_kind::win ? r.result.winner
                                                                 : storage::result_draw;
    ended(*e, r, result);
}

template <class Event>
void tournament_service<Event>::recover(const std::string& id, const std::string& room) {
    rooms_[room] = id;
    auto* games = hub_->deps().store;
    if (!games) return;
    games->game_by_public_id(room, [self = this->shared_from_this(),
                                    room](core::result<std::optional<storage::game_record>> g) {
        if (!g) return spdlog::warn("{}: looking up {}: {}", self->log_, room, g.reason());
        self->on_strand([self, room, g = std::move(g).value()] {
            game_over_report r{room, {}, true, 0, self->clock_.now_ms()};
            if (g) {
                const auto& s = g->summary;
                if (s.status == storage::game_status::playing) return;  // its room reports
                r.aborted = s.status == storage::game_status::aborted;
                r.result.kind = s.winner >= 0 ? core::status_kind::win : core::status_kind::draw;
                r.result.winner = s.winner;
                r.plies = static_cast<int>(g->moves.size());
                r.at_ms = s.ended_ms;
            }
            self->route_end(r);  // never stored: no game, aborted
        });
    });
}

template <class Event>
void tournament_service<Event>::finish(Event& e, std::int64_t now) {
    e.finishing = true;
    const auto id = e.state->row().public_id;
    store_.set_tournament_status(
        e.state->row().id, "finished", now,
        [self = this->shared_from_this(), id](core::result<bool> r) {
            if (!r) spdlog::warn("{}: storing the end of {}: {}", self->log_, id, r.reason());
            self->on_strand([self, id] {
                auto* e = self->find(id);
                if (!e) return;
                e->state->set_status("finished");
                e->audience.send(self->state_frame(*e, self->clock_.now_ms()));
                e->audience.send(encode(tournament_finished_msg{id, e->state->standings(3)}));
                e->audience.each_connection([&](std::uint64_t conn) {
                    if (auto c = self->conns_.find(conn); c != self->conns_.end()) {
                        c->second.erase(id);
                        if (c->second.empty()) self->conns_.erase(c);
                    }
                });
                spdlog::info("{}: {} finished ({} players)", self->log_, id, e->state->players());
                self->told_.erase(id);
                self->chats_.erase(id);
                self->events_.erase(id);  // the HTTP API reads it from the store from now on
            });
        });
}

}  // namespace kibitz::server::tournament
