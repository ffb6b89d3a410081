#pragma once
// The arenas of this server: made once by the composition root (app.cpp)
// before the hub, handed to the play layer as its tournament_desk, then
// started with the hub (as cluster::node is). It enters players, pairs the
// free ones in waves near each other in the standings (arena_state, with
// tourcore's pair_arena_wave), starts their games through the room
// directory, hears every game's end, applies each result once (stored before
// the players are free again), sends the standings to subscribers at most
// once a tick, and ends each arena at its end time (games still in play then
// count, as lichess's do). Everything is stored as it happens; start()
// rebuilds the arenas from the store.
// Owns the arenas' states; the strand, tick, creation, subscriptions and
// message dispatch are tournament_service's. Runs on its own strand of the
// io_context: every public entry point posts onto it. The store's answers
// come back to it the same way.
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tournament/arena_figures.hpp"
#include "tournament/arena_schedule.hpp"
#include "tournament/arena_state.hpp"
#include "tournament/tournament_audience.hpp"
#include "tournament/tournament_service.hpp"

namespace kibitz::server::tournament {

struct arena_service_config {
    std::chrono::milliseconds tick{1000};  // waves, start, end and standings, at most this often
    std::int64_t pair_delay_ms = 3000;     // a player's rest after a game before the next wave
    // A free entrant with no connection at all this long is paused (their
    // page closed): told by a notification, back with "Join".
    std::int64_t away_grace_ms = 60'000;
    arena_rules default_rules{20, 14};     // a game without its own in rules_by_game
    std::map<std::string, arena_rules> rules_by_game;
    arena_schedule schedule;  // the server's own arenas (none: only accounts' events)
    int max_players = 1000;   // per arena, unless its settings say fewer
    wall_clock clock;
};

// One open arena.
struct open_arena {
    std::unique_ptr<arena_state> state;
    tournament_audience audience;  // who follows (and may be paired)
    std::string code;  // a private event's entry code; empty: none
    int max_players = 0;
    bool dirty = true;  // standings changed since last sent
    bool ending = false;  // past its end: no more waves
    bool finishing = false;  // its end is being stored
    int waves = 0;
};

class arena_service final : public tournament_service<open_arena> {
public:
    arena_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                  arena_service_config cfg);
    const arena_figures& figures() const { return figures_; }  // any thread

private:
    using arena = open_arena;
    std::shared_ptr<arena_service> self() {
        return std::static_pointer_cast<arena_service>(shared_from_this());
    }
    arena_rules rules_for(const std::string& game) const;

    // arena_service.cpp: the kind's part of creation, entry and leaving.
    std::optional<std::string> check(storage::tournament_settings& s,
                                     std::int64_t now) const override;
    std::vector<storage::tournament_settings> due(std::int64_t now,
                                                  const schedule_keys& existing) const override;
    void add(storage::tournament_row row) override;
    void restore(const storage::tournament_record& r) override;
    bool closed(const arena& a, std::int64_t now) const override;
    bool playing(const arena& a, const std::string& key) const override;
    int capacity(const arena& a) const override { return a.max_players; }
    void leave(arena& a, const player_ptr& who, tournament_action act, const reply& r) override;

    // arena_service_run.cpp: waves, results, the end, standings.
    void run_event(arena& a, std::int64_t now) override;
    void pair_wave(arena& a, std::int64_t now);
    void pause_the_absent(arena& a, std::int64_t now);
    void ended(arena& a, const game_over_report& r, int result) override;
    void berserked(arena& a, const std::string& room, int seat) override;
    frame state_frame(const arena& a, std::int64_t now) const override;
    void publish(arena& a, std::int64_t now);

    arena_service_config cfg_;
    std::uint64_t waves_ = 0;  // seeds the waves
    arena_figures figures_;
};

}  // namespace kibitz::server::tournament
