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
// Owns the events' states and subscriptions. Runs on its own strand of the
// io_context: every public entry point posts onto it; the store's answers
// come back to it the same way.
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
#include "tournament/swiss_event.hpp"
#include "tournament/tournament_audience.hpp"

namespace kibitz::server {
class hub;
}

namespace kibitz::server::tournament {

struct swiss_service_config {
    std::chrono::milliseconds tick{1000};  // rounds, starts and standings, at most this often
    wall_clock clock;
    arena_schedule schedule;  // the server's own Swiss events (its `swiss` list)
};

class swiss_service final : public tournament_desk,
                            public std::enable_shared_from_this<swiss_service> {
public:
    swiss_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                  swiss_service_config cfg);

    // With the hub made: the unfinished Swiss events back, then the tick.
    void start(hub& h, const std::vector<storage::tournament_record>& unfinished);
    void stop();  // cancels the tick so the io_context can run out

    using created = std::function<void(core::result<storage::tournament_row>)>;
    void create(storage::tournament_settings s, created done);  // `done` on the strand

    void message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                 const tournament_msg& m, std::optional<std::int64_t> ack,
                 const std::string& type) override;
    void connection_closed(std::uint64_t conn) override;
    void game_over(game_over_report r) override;

private:
    struct event {
        std::unique_ptr<swiss_event> state;
        tournament_audience audience;
        std::string code;  // a private event's entry code; empty: none
        int pending = 0;   // results being stored
        std::optional<std::int64_t> next_round_ms;
        bool dirty = true;
        bool finishing = false;
    };
    struct reply {
        peer_ref to;
        std::optional<std::int64_t> ack;
        std::string type;
    };

    template <class F>
    void on_strand(F&& f) {
        post_guarded(strand_, shared_from_this(), std::forward<F>(f),
                     [](const swiss_service&) { return "swiss"; });
    }
    event* find(const std::string& id);
    void add(storage::tournament_row row);
    void restore(const storage::tournament_record& r);
    void answer(const reply& r, std::optional<wire_error> e);

    // swiss_service.cpp: what players ask.
    void handle(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                const tournament_msg& m, const reply& r);
    void join(event& e, const player_ptr& who, const peer_ref& p, std::uint64_t conn,
              const tournament_msg& m, const reply& r);
    void leave(event& e, const player_ptr& who, const reply& r);
    void subscribe(event& e, const std::string& key, const peer_ref& p, std::uint64_t conn);
    void withdraw(event& e, const std::string& key);  // stored; no answer

    // swiss_service_run.cpp: the tick, rounds, results, the end, standings.
    void arm();
    void tick();
    void schedule(std::int64_t now);  // creates the scheduled events that are due
    void run_event(event& e, std::int64_t now);
    void start_round(event& e, std::int64_t now);
    void ended(const game_over_report& r);
    void store_result(event& e, const storage::pairing_result& pr);
    void recover(const std::string& id, const std::string& room);
    void finish_event(event& e, std::int64_t now);
    frame state_frame(const event& e, std::int64_t now) const;

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    storage::tournament_store& store_;
    swiss_service_config cfg_;
    hub* hub_ = nullptr;
    boost::asio::steady_timer timer_;
    bool stopped_ = false;
    std::map<std::string, event> events_;                   // by public id, unfinished
    std::map<std::string, std::string> rooms_;              // room -> event id
    std::map<std::uint64_t, std::set<std::string>> conns_;  // connection -> followed events
    std::set<std::pair<std::string, std::int64_t>> scheduling_;  // (game, start) being created
};

}  // namespace kibitz::server::tournament
