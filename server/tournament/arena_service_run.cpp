// arena_service (arena_service.hpp): each tick's start, waves and end of an
// arena; results as games end; the standings to subscribers.
#include <spdlog/spdlog.h>

#include "play/hub.hpp"
#include "tournament/arena_service.hpp"

namespace kibitz::server::tournament {

void arena_service::run_event(arena& a, std::int64_t now) {
    auto& st = *a.state;
    const auto status = st.status_at(now);
    if (st.row().status == "created" && status != "created") {
        st.set_status("started");
        store_status(st.row(), "started", now);
        a.dirty = true;
    }
    if (status == "started" && !a.ending) pair_wave(a, now);
    if (now >= st.ends_ms() && !a.ending) {
        a.ending = true;  // games in play still count; no new ones
        a.dirty = true;
    }
    if (a.dirty) publish(a, now);
    if (a.ending && !a.finishing && !st.games_in_play()) finish(a, now);
}

void arena_service::pair_wave(arena& a, std::int64_t now) {
    auto& st = *a.state;
    const auto pairs = st.wave(now, cfg_.pair_delay_ms, ++waves_, a.audience.present_players());
    if (pairs.empty()) return;
    ++a.waves;
    for (const auto& p : pairs) {
        const auto* first = st.find(p.first);
        const auto* second = st.find(p.second);
        if (!first || !second) continue;
        const auto room = start_game(st.row(), first->who, second->who, a.waves, now);
        if (!room.empty()) st.playing(p, room, 0);
    }
    a.dirty = true;
}

void arena_service::ended(arena& a, const game_over_report& r, int result) {
    auto pr = a.state->finish(r.room, result, r.plies, r.at_ms);
    if (!pr) return;
    a.dirty = true;
    const auto id = a.state->row().public_id;
    // The players are free for the next wave once the result is durable.
    store_.record_result(*pr, [self = self(), id, pr = *pr](core::result<bool> ok) {
        if (!ok) spdlog::error("tournaments: storing a result of {}: {}", pr.room, ok.reason());
        self->on_strand([self, id, pr] {
            if (auto* a = self->find(id)) {
                a->state->stored(pr, self->clock_.now_ms());
                a->dirty = true;
            }
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
