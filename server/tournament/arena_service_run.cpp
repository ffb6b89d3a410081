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
    if (status == "started" && !a.ending) {
        pause_the_absent(a, now);
        pair_wave(a, now);
    }
    if (now >= st.ends_ms() && !a.ending) {
        a.ending = true;  // games in play still count; no new ones
        a.dirty = true;
    }
    if (a.dirty) publish(a, now);
    if (a.ending && !a.finishing && !st.games_in_play()) finish(a, now);
}

void arena_service::pair_wave(arena& a, std::int64_t now) {
    auto& st = *a.state;
    const auto t0 = std::chrono::steady_clock::now();
    const auto pairs = st.wave(now, cfg_.pair_delay_ms, ++waves_,
                               [&](const std::string& key) { return present(a, key); });
    if (pairs.empty()) return;
    arena_figures::add(figures_.pairing_ns, arena_figures::ns_since(t0));
    ++a.waves;
    for (const auto& p : pairs) {
        const auto* first = st.find(p.first);
        const auto* second = st.find(p.second);
        if (!first || !second) continue;
        const auto room = start_game(st.row(), first->who, second->who, a.waves, true, now);
        if (!room.empty()) st.playing(p, room, 0);
    }
    a.dirty = true;
    arena_figures::add(figures_.waves, 1);
    arena_figures::add(figures_.pairs, pairs.size());
    figures_.note_wave(arena_figures::ns_since(t0));
}

void arena_service::pause_the_absent(arena& a, std::int64_t now) {
    auto& st = *a.state;
    const auto& row = st.row();
    for (const auto& key : st.gone_away(now, cfg_.away_grace_ms,
                                        [&](const std::string& k) { return present(a, k); })) {
        const auto* e = st.find(key);
        st.pause(key);
        a.dirty = true;
        store_.set_entry_state(row.id, e->who->row, false, true, [key](core::result<bool> ok) {
            if (!ok) spdlog::warn("tournaments: pausing {}: {}", key, ok.reason());
        });
        // Told why, where they will look when they come back (the bell, a push).
        if (auto* out = hub_->deps().notifications)
            out->notify(e->who, "tournament_paused",
                        {{"id", row.public_id}, {"name", row.settings.name}, {"reason", "away"}});
    }
}

void arena_service::ended(arena& a, const game_over_report& r, int result) {
    auto pr = a.state->finish(r.room, result, r.plies, r.at_ms);
    if (!pr) return;
    a.dirty = true;
    arena_figures::add(figures_.results, 1);
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

// Scored with the result (arena_scoring); stored ahead of it, on the same
// writer queue.
void arena_service::berserked(arena& a, const std::string& room, int seat) {
    a.state->set_berserk(room, seat);
    a.dirty = true;
    store_.set_berserk(room, seat, [room](core::result<bool> ok) {
        if (!ok) spdlog::warn("tournaments: storing a berserk in {}: {}", room, ok.reason());
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
    const auto t0 = std::chrono::steady_clock::now();
    const auto f = state_frame(a, now);  // serialized once for every subscriber
    arena_figures::add(figures_.standings_ns, arena_figures::ns_since(t0));
    arena_figures::add(figures_.standings_built, 1);
    arena_figures::add(figures_.standings_sent, a.audience.size());
    arena_figures::add(figures_.standings_bytes, f->size() * a.audience.size());
    a.audience.send(f);
}

}  // namespace kibitz::server::tournament
