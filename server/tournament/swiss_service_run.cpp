// swiss_service (swiss_service.hpp): each tick's start of an event and its
// rounds; results as games end; the standings to subscribers.
#include <spdlog/spdlog.h>

#include "play/hub.hpp"
#include "play/notification_desk.hpp"
#include "tournament/arena_state.hpp"
#include "tournament/swiss_service.hpp"

namespace kibitz::server::tournament {

void swiss_service::run_event(event& e, std::int64_t now) {
    auto& st = *e.state;
    const auto& s = st.row().settings;
    if (e.finishing || now < s.starts_ms) {
        if (e.dirty) e.dirty = false, e.audience.send(state_frame(e, now));
        return;
    }
    if (st.row().status == "created") {
        st.set_status("started");
        store_status(st.row(), "started", now);
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
        if (st.round() >= s.rounds) return finish(e, now);
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
    // Who has no connection at all as the round is paired (present(): on
    // any page) misses it and is withdrawn (they may join again for the next
    // rounds).
    std::set<std::string> here;
    for (const auto& key : st.active()) {
        if (present(e, key)) {
            here.insert(key);
            continue;
        }
        withdraw(e, key);
        // Told why, where they will look next (the bell, a push).
        if (auto* out = hub_->deps().notifications; out && st.find(key))
            out->notify(st.find(key)->who, "tournament_withdrawn",
                        {{"id", row.public_id},
                         {"name", row.settings.name},
                         {"round", st.round() + 1},
                         {"reason", "absent"}});
    }
    auto pairing = st.pair_next(here);
    if (!pairing) return finish(e, now);  // fewer than two, or everyone has met
    const int round = st.round() + 1;
    for (const auto& p : pairing->pairs) {
        const auto* first = st.find(p.first);
        const auto* second = st.find(p.second);
        if (!first || !second) continue;
        const auto room = start_game(row, first->who, second->who, round, false, now);
        if (!room.empty()) st.add_board(round, room, p.first, p.second);
    }
    if (!pairing->bye.empty()) {
        const auto room = bye_room(row.public_id, round);
        st.add_board(round, room, pairing->bye, pairing->bye);
        const auto bye = st.find(pairing->bye)->who->row;
        store_pairing(row, round, room, bye, bye, now);
        if (auto pr = st.finish(room, 0, 0, now)) store_result(e, *pr);  // a bye is a win
    }
    e.next_round_ms.reset();
    e.dirty = true;
    spdlog::info("swiss {} round {}: {} games{}", row.public_id, round, pairing->pairs.size(),
                 pairing->bye.empty() ? "" : ", a bye");
}

void swiss_service::ended(event& e, const game_over_report& r, int result) {
    auto pr = e.state->finish(r.room, result, r.plies, r.at_ms);
    if (!pr) return;
    // Never moved: a forfeit, and out of the next rounds.
    if (auto gone = e.state->forfeited_by(r.room); !gone.empty()) withdraw(e, gone);
    store_result(e, *pr);
}

void swiss_service::store_result(event& e, const storage::pairing_result& pr) {
    ++e.pending;
    e.dirty = true;
    const auto id = e.state->row().public_id;
    store_.record_result(
        pr, [self = self(), id, room = pr.room](core::result<bool> ok) {
            if (!ok) spdlog::error("swiss: storing a result of {}: {}", room, ok.reason());
            self->on_strand([self, id] {
                if (auto* e = self->find(id)) --e->pending;
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
