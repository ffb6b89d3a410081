#pragma once
// The Swiss events of this server (docs/tournament_service.md, "Swiss"):
// made once by the composition root (app.cpp) beside the arenas, reached by
// the play layer through the tournament router, started with the hub. At
// each round's time it pairs the entrants present (tourcore's
// pair_swiss_round over the standings), starts their games through the room
// directory, gives the bye, hears every game's end, applies each result
// once and stores it; a player not present when a round is paired, or who
// never moves in their game (it is aborted: a forfeit), is withdrawn. When
// every result of a round is stored the next is paired round_interval
// later; after the last round the event is stored finished with its
// standings (Buchholz, Sonneborn-Berger). start() rebuilds the events from
// the store.
// Owns the events' states; the strand, tick, creation, subscriptions and
// message dispatch are tournament_service's. Runs on its own strand of the
// io_context: every public entry point posts onto it; the store's answers
// come back to it the same way.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tournament/arena_schedule.hpp"
#include "tournament/swiss_event.hpp"
#include "tournament/swiss_settings.hpp"
#include "tournament/tournament_audience.hpp"
#include "tournament/tournament_service.hpp"

namespace kibitz::server::tournament {

struct swiss_service_config {
    std::chrono::milliseconds tick{1000};  // rounds, starts and standings, at most this often
    wall_clock clock;
    arena_schedule schedule;  // the server's own Swiss events (its `swiss` list)
};

// One open Swiss event.
struct open_swiss {
    std::unique_ptr<swiss_event> state;
    tournament_audience audience;
    std::string code;  // a private event's entry code; empty: none
    int pending = 0;   // results being stored
    std::optional<std::int64_t> next_round_ms;
    bool dirty = true;
    bool finishing = false;
};

class swiss_service final : public tournament_service<open_swiss> {
public:
    swiss_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                  swiss_service_config cfg);

private:
    using event = open_swiss;
    std::shared_ptr<swiss_service> self() {
        return std::static_pointer_cast<swiss_service>(shared_from_this());
    }

    // swiss_service.cpp: the kind's part of creation, entry and leaving.
    std::optional<std::string> check(storage::tournament_settings& s,
                                     std::int64_t now) const override;
    std::vector<storage::tournament_settings> due(std::int64_t now,
                                                  const schedule_keys& existing) const override;
    void add(storage::tournament_row row) override;
    void restore(const storage::tournament_record& r) override;
    bool closed(const event& e, std::int64_t now) const override;
    bool playing(const event& e, const std::string& key) const override;
    int capacity(const event&) const override { return max_swiss_players; }
    void leave(event& e, const player_ptr& who, tournament_action act, const reply& r) override;
    void withdraw(event& e, const std::string& key);  // stored; no answer

    // swiss_service_run.cpp: rounds, results, standings.
    void run_event(event& e, std::int64_t now) override;
    void start_round(event& e, std::int64_t now);
    void ended(event& e, const game_over_report& r, int result) override;
    void store_result(event& e, const storage::pairing_result& pr);
    frame state_frame(const event& e, std::int64_t now) const override;

    swiss_service_config cfg_;
};

}  // namespace kibitz::server::tournament
