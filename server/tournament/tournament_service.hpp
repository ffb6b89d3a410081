#pragma once
// What the arenas and the Swiss events share (docs/tournament_service.md):
// the strand and its tick (logged, rearmed), creation (checked, stored, then
// served), the unfinished events by public id with their followers, the
// message dispatch (subscribe, join, withdraw, chat) and its answers, each game
// started and its end routed back to its event, a result recovered from the
// store after a restart, and an event's end. What differs (pairing, rounds,
// scoring, the state sent) is the kind's own: arena_service, swiss_service.
// `Event` is the kind's record of one open event: it holds `state` (a
// unique_ptr to its arena_state or swiss_event), `audience`, `code`, `dirty`
// and `finishing`.
// Owns the events and the subscriptions. Runs on its own strand of the
// io_context: every public entry point posts onto it; the store's answers
// come back to it the same way. Definitions: tournament_service_impl.hpp,
// instantiated once per kind in that kind's .cpp.
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
#include "protocol/server_msg.hpp"
#include "store/tournament_store.hpp"
#include "tournament/code_tries.hpp"
#include "tournament/tournament_chat.hpp"

namespace kibitz::server {
class hub;
}

namespace kibitz::server::tournament {

// How long before its start an event's entrants are told it starts soon.
inline constexpr std::int64_t starting_soon_ms = 5 * 60 * 1000;

template <class Event>
class tournament_service : public tournament_desk,
                           public std::enable_shared_from_this<tournament_service<Event>> {
public:
    // With the hub made: the unfinished events of this kind back, then the
    // tick. `cluster`: nothing runs until lead() says this node leads.
    void start(hub& h, const std::vector<storage::tournament_record>& unfinished,
               bool cluster = false);
    void stop();  // cancels the tick so the io_context can run out

    // A new event (the schedule, an account's request); `done` on the strand.
    using created = std::function<void(core::result<storage::tournament_row>)>;
    void create(storage::tournament_settings s, created done);

    void message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                 const tournament_msg& m, std::optional<std::int64_t> ack,
                 const std::string& type) override;
    void connection_closed(std::uint64_t conn) override;
    void game_over(game_over_report r) override;
    void berserk(const std::string& room, int seat) override;
    // A cluster (tournament_service_lead.hpp): the events run here only
    // while this node leads, loaded from the store when it starts to.
    void lead(bool on, std::chrono::steady_clock::time_point until) override;
    void load(const std::string& id) override;

protected:
    struct reply {  // where a message's answer goes
        peer_ref to;
        std::optional<std::int64_t> ack;
        std::string type;
    };
    using schedule_keys = std::set<std::pair<std::string, std::int64_t>>;  // (game, start)

    // `kind`: the stored kind ("arena", "swiss"); `log`: the logs' prefix;
    // `prefix`: the public ids' first letter (the router reads it).
    tournament_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                       const char* kind, const char* log, const char* prefix,
                       std::chrono::milliseconds tick, wall_clock clock);

    // Runs `f` on the strand, the service kept alive until it has run.
    template <class F>
    void on_strand(F&& f) {
        post_guarded(strand_, this->shared_from_this(), std::forward<F>(f),
                     [log = log_](const tournament_service&) { return log; });
    }
    Event* find(const std::string& id);
    void answer(const reply& r, std::optional<wire_error> e);
    void subscribe(Event& e, const std::string& key, const peer_ref& p, std::uint64_t conn);
    // Starts a game of `row` between `first` and `second` (seat 0, seat 1)
    // where each may go berserk if `berserk`, stores its pairing in `round`
    // and routes its end back here; the room id (empty: the game is unknown).
    std::string start_game(const storage::tournament_row& row, const player_ptr& first,
                           const player_ptr& second, int round, bool berserk, std::int64_t now);
    void store_pairing(const storage::tournament_row& row, int round, const std::string& room,
                       storage::player_id first, storage::player_id second, std::int64_t now);
    void store_status(const storage::tournament_row& row, const char* status, std::int64_t now);
    void recover(const std::string& id, const std::string& room);
    // Whether entrant `key` may be paired now: in the event until they
    // withdraw or pause, wherever their page is. Present with any connection
    // open on this node (their game's page, the lobby, another tab) or a
    // page of the event open on any node (its page or the page of one of its
    // games subscribes; in a cluster that is what reaches the leader).
    bool present(const Event& e, const std::string& key) const;
    void finish(Event& e, std::int64_t now);  // stored finished, told, then forgotten

    // The kind's own.
    virtual std::optional<std::string> check(storage::tournament_settings& s,
                                             std::int64_t now) const = 0;
    virtual std::vector<storage::tournament_settings> due(std::int64_t now,
                                                          const schedule_keys& existing) const = 0;
    virtual void add(storage::tournament_row row) = 0;
    virtual void restore(const storage::tournament_record& r) = 0;
    virtual void run_event(Event& e, std::int64_t now) = 0;
    virtual bool closed(const Event& e, std::int64_t now) const = 0;  // no more entries
    virtual bool playing(const Event& e, const std::string& key) const = 0;  // in, not away
    virtual int capacity(const Event& e) const = 0;
    virtual void leave(Event& e, const player_ptr& who, tournament_action a, const reply& r) = 0;
    virtual frame state_frame(const Event& e, std::int64_t now) const = 0;
    // A game of `e` ended with `result` (storage's encoding).
    virtual void ended(Event& e, const game_over_report& r, int result) = 0;
    // `seat` went berserk in the game of `e` in `room` (only where start_game allowed it).
    virtual void berserked(Event&, const std::string& /*room*/, int /*seat*/) {}

    storage::tournament_store& store_;
    wall_clock clock_;
    hub* hub_ = nullptr;  // set by start()
    const char* log_;     // the logs' prefix
    std::map<std::string, Event> events_;  // by public id, unfinished

private:
    void arm();
    void tick();
    void schedule(std::int64_t now);  // creates the scheduled events that are due
    // Tells each entrant once, starting_soon_ms before the start (notifications);
    // `who`, who joined after that, at once (`late`).
    void announce(Event& e, std::int64_t now);
    void tell_late(Event& e, const player_ptr& who, std::int64_t now);
    void handle(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                const tournament_msg& m, const reply& r);
    void join(Event& e, const player_ptr& who, const peer_ref& p, std::uint64_t conn,
              const tournament_msg& m, const reply& r);
    void unsubscribe(Event& e, std::uint64_t conn);
    // A line for the event's chat from one of its players, to every subscriber.
    void chat(Event& e, const player_ptr& who, const std::string& text, const reply& r);
    void route_end(const game_over_report& r);
    void restore_all(const std::vector<storage::tournament_record>& unfinished);
    void take_lead();  // claims the store's fence, loads the unfinished events, runs them
    void load_events(int epoch);  // take_lead's second step
    void drop_lead();  // forgets them: the node that leads runs them
    // Runs `f` now, or once the events are loaded (taking the lead).
    bool held(std::function<void()> f);
    void adopt(storage::tournament_row row);  // made here: served, or sent to the leader

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    boost::asio::steady_timer timer_;
    std::chrono::milliseconds tick_;
    const char* kind_;
    const char* prefix_;
    bool stopped_ = false;
    std::map<std::string, std::string> rooms_;              // room -> event id
    std::map<std::uint64_t, std::set<std::string>> conns_;  // connection -> followed events
    schedule_keys scheduling_;                              // being created
    // Events whose entrants were told it starts soon -> the players told.
    std::map<std::string, std::set<std::string>> told_;
    std::map<std::string, tournament_chat> chats_;  // by event id (none: nobody wrote yet)
    code_tries code_tries_;  // private events' wrong codes
    // A cluster's: whether this node runs the events, until when it was told
    // so, and when it may pair (a lease after taking the lead, so that every
    // node has sent its players' subscriptions again).
    bool cluster_ = false, leading_ = true, loading_ = false;
    int lead_epoch_ = 0;
    std::chrono::steady_clock::time_point lead_until_, quiet_until_;
    std::vector<std::function<void()>> held_;  // while loading
};

}  // namespace kibitz::server::tournament
