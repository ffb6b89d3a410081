#pragma once
// The play layer's services, made once by the composition root (app) and
// handed to every room, the lobby and each connection's handler, as lila-ws's
// `Services`: each member has one job (the rooms, the players' connections,
// the rating cache, the counts, the guests, the sessions, the lobby, the
// reviewer, the live games), and what the hub is given (`play_deps`: the
// store, the engine, the recorder, the other nodes of a cluster; the live
// games) is fixed at construction and outlives it. Nothing is attached
// later; members go in the reverse order of their construction.
// Thread-safe: each service guards itself; the lobby, the live games and the
// rooms run on their own strands of the io_context.
#include <atomic>
#include <memory>

#include <boost/asio/io_context.hpp>

#include "auth/shared_limits.hpp"
#include "play/computer_players.hpp"
#include "play/correspondence_deadlines.hpp"
#include "play/directory/room_directory.hpp"
#include "play/game_recorder.hpp"
#include "play/play_config.hpp"
#include "play/play_counts.hpp"
#include "play/rating_cache.hpp"
#include "play/remote_lobby.hpp"
#include "play/session/guest_desk.hpp"
#include "play/session/player_peers.hpp"
#include "play/session/session_registry.hpp"
#include "play/single_node.hpp"
#include "relation/block_list.hpp"

namespace kibitz::server {

namespace storage { class store; }
class engine_pool;
namespace auth { class accounts; }

class lobby;
class live_games;
class reviewer;
class tournament_desk;
class notification_desk;
class puzzle_desk;
struct metrics;

// What the composition root hands the play layer: each made before the hub
// and outliving it. Null pointers: not there (no database, no engine, a
// single node).
struct play_deps {
    storage::store* store = nullptr;
    auth::accounts* accounts = nullptr;  // with the store
    engine_pool* engine = nullptr;       // none: computer games are refused
    std::shared_ptr<game_recorder> recorder;  // null: one that records nothing
    std::shared_ptr<rating_cache> ratings;    // null: a cache of the hub's own
    // The correspondence games' deadlines; null: the hub's own.
    std::shared_ptr<correspondence_deadlines> deadlines;
    computer_players computers;
    // Cluster mode: the rooms and the one lobby of the other nodes, the
    // guests they made, and the limits every node shares.
    remote_rooms* cluster_rooms = nullptr;     // null: a single node (play/single_node.hpp)
    remote_lobby* cluster_lobby = nullptr;
    remote_guests* cluster_guests = nullptr;
    auth::shared_limits* cluster_limits = nullptr;
    // The tournaments (with a database): client messages and every game's end.
    tournament_desk* tournaments = nullptr;  // null: none (refused as unavailable)
    // Notifications: what rooms report, and clients' notify.* messages.
    notification_desk* notifications = nullptr;  // null: none (refused as unavailable)
    // Puzzles: clients' puzzle.* messages.
    puzzle_desk* puzzles = nullptr;  // null: none (refused as unavailable)
    // Who blocks whom (issue 43): checked where an action between two
    // players starts. Null: an empty list of the hub's own (nobody blocks),
    // so that deps().blocks is never null.
    std::shared_ptr<const relation::block_list> blocks;
};

class hub : public std::enable_shared_from_this<hub> {
public:
    // `ioc`: where the lobby's and the rooms' strands run.
    hub(boost::asio::io_context& ioc, play_config cfg, metrics& m, live_games& live,
        play_deps deps);
    ~hub();

    void start();
    void stop();  // cancels every timer so the io_context can run out
    bool stopping() const { return stopping_; }

    const play_config& config() const { return cfg_; }
    metrics& stats() { return metrics_; }
    const play_deps& deps() const { return deps_; }

    room_directory& rooms() { return rooms_; }
    player_peers& peers() { return peers_; }  // every live connection of each player
    rating_cache& ratings() const { return *deps_.ratings; }
    play_counts& counts() { return counts_; }
    guest_desk& guests() { return guests_; }
    session_registry& sessions() { return sessions_; }  // live connections by session token
    lobby& the_lobby() { return *lobby_; }
    reviewer& the_reviewer() { return *reviewer_; }
    live_games& live() { return live_; }  // the live lists and TV (the composition root's)

private:
    play_config cfg_;
    metrics& metrics_;
    live_games& live_;
    play_deps deps_;
    single_node single_node_;  // the other nodes' rooms when deps_ has none
    play_counts counts_;
    player_peers peers_;
    session_registry sessions_;
    guest_desk guests_;
    room_directory rooms_;
    std::shared_ptr<reviewer> reviewer_;
    std::shared_ptr<lobby> lobby_;
    std::atomic<bool> stopping_{false};
};

}  // namespace kibitz::server
