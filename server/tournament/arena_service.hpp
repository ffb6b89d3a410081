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
// Owns the arenas' states and the subscriptions. Runs on its own strand of
// the io_context: every public entry point posts onto it. The store's
// answers come back to it the same way.
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "domain/wall_clock.hpp"
#include "play/post_guarded.hpp"
#include "play/tournament_desk.hpp"
#include "store/tournament_store.hpp"
#include "tournament/arena_schedule.hpp"
#include "tournament/arena_state.hpp"
#include "tournament/tournament_audience.hpp"

namespace kibitz::server {
class hub;
}

namespace kibitz::server::tournament {

struct arena_service_config {
    std::chrono::milliseconds tick{1000};  // waves, start, end and standings, at most this often
    std::int64_t pair_delay_ms = 3000;     // a player's rest after a game before the next wave
    arena_rules default_rules{20, 14};     // a game without its own in rules_by_game
    std::map<std::string, arena_rules> rules_by_game;
    arena_schedule schedule;  // the server's own arenas (none: only accounts' events)
    int max_players = 1000;   // per arena, unless its settings say fewer
    wall_clock clock;
};

class arena_service final : public tournament_desk,
                            public std::enable_shared_from_this<arena_service> {
public:
    arena_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                  arena_service_config cfg);

    // With the hub made: the unfinished arenas back (start-up), then the tick.
    void start(hub& h, std::vector<storage::tournament_record> unfinished);
    void stop();  // cancels the tick so the io_context can run out

    // A new arena (the schedule, an account's request); `done` on the strand.
    using created = std::function<void(core::result<storage::tournament_row>)>;
    void create(storage::tournament_settings s, created done);

    void message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                 const tournament_msg& m, std::optional<std::int64_t> ack,
                 const std::string& type) override;
    void connection_closed(std::uint64_t conn) override;
    void game_over(game_over_report r) override;

private:
    struct arena {
        std::unique_ptr<arena_state> state;
        tournament_audience audience;  // who follows (and may be paired)
        std::string code;                    // a private event's entry code; empty: none
        int max_players = 0;
        bool dirty = true;                   // standings changed since last sent
        bool ending = false;                 // past its end: no more waves
        bool finishing = false;              // its end is being stored
        int waves = 0;
    };
    struct reply {  // where a message's answer goes
        peer_ref to;
        std::optional<std::int64_t> ack;
        std::string type;
    };

    // Runs `f` on the strand, the service kept alive until it has run.
    template <class F>
    void on_strand(F&& f) {
        post_guarded(strand_, shared_from_this(), std::forward<F>(f),
                     [](const arena_service&) { return "tournaments"; });
    }
    arena* find(const std::string& id);
    void restore(const storage::tournament_record& r);
    void add(storage::tournament_row row);
    arena_rules rules_for(const std::string& game) const;

    // arena_service.cpp: what players ask.
    void handle(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                const tournament_msg& m, const reply& r);
    void join(const std::string& id, const player_ptr& who, const peer_ref& p, std::uint64_t conn,
              const tournament_msg& m, const reply& r);
    void leave(const std::string& id, const player_ptr& who, bool withdraw, const reply& r);
    void subscribe(arena& a, const std::string& key, const peer_ref& p, std::uint64_t conn);
    void unsubscribe(arena& a, std::uint64_t conn);
    void answer(const reply& r, std::optional<wire_error> e);

    // arena_service_run.cpp: the tick, waves, results, the end, standings.
    void arm();
    void tick();
    void schedule(std::int64_t now);  // creates the scheduled arenas that are due
    void run_arena(arena& a, std::int64_t now);
    void pair_wave(arena& a, std::int64_t now);
    void ended(const game_over_report& r);
    void recover(const std::string& id, const std::string& room);
    void finish_arena(arena& a, std::int64_t now);
    frame state_frame(const arena& a, std::int64_t now) const;
    void publish(arena& a, std::int64_t now);

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    storage::tournament_store& store_;
    arena_service_config cfg_;
    hub* hub_ = nullptr;  // set by start()
    boost::asio::steady_timer timer_;
    bool stopped_ = false;
    std::uint64_t waves_ = 0;  // seeds the waves
    std::map<std::string, arena> arenas_;                  // by public id, unfinished
    std::map<std::string, std::string> rooms_;             // room -> arena id
    std::map<std::uint64_t, std::set<std::string>> conns_;  // connection -> subscribed arenas
    std::set<std::pair<std::string, std::int64_t>> scheduling_;  // (game, start) being created
};

}  // namespace kibitz::server::tournament
