#pragma once
// The whole server in one object, and its composition root: the io_context and
// its threads, the listener, the metrics, the engine pool, (with a database)
// the store and the accounts, (with --cluster) this node of the cluster, and
// the play layer's services (play/hub.hpp), each made once and handed what it
// needs by constructor. main() and the tests both use it. start() opens the
// database, makes the rest in order, restores the unfinished games and binds;
// run() blocks on the I/O threads until stop() lets the work run out.
// Members are declared in the order they are made, so they go in reverse;
// the destructor first stops what still runs (the cluster's links, the
// engine's threads) and lets the store finish every queued write.
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "config.hpp"
#include "net/net_context.hpp"
#include "notify/notifications.hpp"
#include "play/game_recorder.hpp"
#include "play/hub.hpp"
#include "play/rating_cache.hpp"
#include "relation/blocks.hpp"
#include "report/reports.hpp"
#include "store/file_lock.hpp"

namespace kibitz::server {

namespace push {
class push_sender;
}  // namespace push
class listener;
class puzzles;
class readiness;
class engine_pool;
class store_recorder;
namespace storage {
class store;
class pg_store;
class tournament_store;
class token_store;
class notification_store;
class puzzle_store;
}  // namespace storage
namespace tournament {
class arena_service;
class swiss_service;
class tournament_router;
}  // namespace tournament
namespace auth {
class accounts;
class api_tokens;
}  // namespace auth
namespace cluster {
class node;
class redis_guests;
class redis_limits;
}  // namespace cluster

class app {
public:
    explicit app(server_config cfg, std::shared_ptr<game_recorder> recorder = nullptr);
    ~app();

    // Opens the database (refusing one newer than this build), restores
    // unfinished games, binds the port; returns the bound port (useful with
    // port 0) or an error for people.
    std::variant<std::uint16_t, std::string> start();
    void run();   // runs cfg.threads I/O threads (this one included) until stopped
    void stop();  // graceful: stop accepting, close WebSockets with 1001, let work finish
    net_context& context() { return *ctx_; }

private:
    server_config cfg_;
    // Declared before the io_context so they outlive it: destroying the
    // io_context destroys handlers still queued at shutdown, and the sessions
    // they own touch the metrics and the connection registry as they go.
    metrics metrics_;
    std::unique_ptr<net_context> ctx_;
    boost::asio::io_context ioc_;
    std::shared_ptr<listener> listener_;
    void poll_closed();
    // Every cfg_.session_sweep, the store forgets sessions unseen for cfg_.session_ttl
    // (the store itself never expires anything). On the io_context; the store's
    // handler only logs.
    void sweep_sessions();
    std::unique_ptr<boost::asio::steady_timer> deadline_, poll_, sweep_;
    std::variant<std::uint16_t, std::string> open_store();
    // The puzzle service, its set read from cfg_.puzzles_dir and the store;
    // the reason when the files or the store fail.
    std::optional<std::string> make_puzzles();
    void add_arena_gauges();    // app_gauges.cpp
    void add_cluster_gauges();  // app_gauges.cpp
    std::string db_name() const;  // cfg_.db as it may be shown: never a password
    // After the io_context: destroyed (its threads joined) before it.
    std::unique_ptr<engine_pool> engine_;
    // Held while a SQLite store is open: one server per database file.
    std::optional<storage::file_lock> db_lock_;
    std::unique_ptr<storage::store> store_;  // SQLite or PostgreSQL (cfg_.db)
    storage::tournament_store* tournament_store_ = nullptr;  // the same store's tournaments
    storage::token_store* token_store_ = nullptr;  // the same store's tokens and bots
    storage::notification_store* notification_store_ = nullptr;  // the same store's notifications
    storage::puzzle_store* puzzle_store_ = nullptr;  // the same store's puzzles
    storage::relation_store* relation_store_ = nullptr;  // the same store's blocks and reports
    // Who blocks whom, read by the play layer's checks; empty without a database.
    std::shared_ptr<relation::block_list> block_list_ = std::make_shared<relation::block_list>();
    // Blocks and reports over the store (with a database): their handlers
    // run while store_ drains, so they are destroyed after it.
    std::unique_ptr<relation::blocks> blocks_;
    std::unique_ptr<report::reports> reports_;
    std::unique_ptr<readiness> ready_;       // /readyz; probes store_
    std::unique_ptr<auth::accounts> accounts_;  // uses store_: destroyed first
    // Its handlers may run while store_ drains: destroyed after store_.
    std::unique_ptr<auth::api_tokens> tokens_;
    // The ratings the play layer shows; the store's recorder fills it.
    std::shared_ptr<rating_cache> ratings_ = std::make_shared<rating_cache>();
    std::shared_ptr<game_recorder> recorder_;  // the tests' own, or the store's
    // Every correspondence game's deadline, on cfg_.clock; the hub stops it.
    std::shared_ptr<correspondence_deadlines> deadlines_;
    std::vector<player_ptr> computers_;        // the stored computer players
    // Cluster mode (--cluster): this node; the PostgreSQL store it fences.
    std::shared_ptr<cluster::node> cluster_;
    // Cluster mode: the log-in and guest limits, shared by every node.
    std::shared_ptr<cluster::redis_limits> limits_;
    // Cluster mode: guests not stored yet, known to every node.
    std::unique_ptr<cluster::redis_guests> guests_;
    storage::pg_store* pg_ = nullptr;
    std::string node_name_;
    // Notifications (notify/notifications.hpp): made before the play layer,
    // whose rooms report to it; it pushes through the hub's connections.
    std::unique_ptr<notifications> notifications_;
    // Web Push (with a database; app_push.cpp): the VAPID key from the store,
    // the sender each stored notification is handed to, its own strand.
    std::shared_ptr<push::push_sender> push_;
    std::optional<std::string> start_push(notifications_config& nc);
    // Puzzles (puzzle/puzzles.hpp): made before the play layer, which hands it
    // clients' puzzle.* messages; the API asks it too. Its own strand.
    std::shared_ptr<puzzles> puzzles_;
    // The arenas (with a database): made before the play layer, which hands
    // them tournament messages and game ends; started with it.
    std::shared_ptr<tournament::arena_service> tournaments_;
    std::shared_ptr<tournament::swiss_service> swiss_;  // the Swiss events, beside them
    std::unique_ptr<tournament::tournament_router> tournament_desk_;  // the play layer's door
    // The live lists and TV: made before the play layer, which hands them
    // every public game's news (and, in a cluster, from cluster_).
    std::shared_ptr<live_games> live_;
    // The play layer, made last (at start) from everything above.
    std::shared_ptr<hub> play_;
};

}  // namespace kibitz::server
