#pragma once
// The play layer's shared directory: identities by token, rooms by id, each
// player's unfinished rooms and live connections, and the live counts. It owns
// the lobby. Thread-safe: short critical sections under one mutex, and nothing
// is called back while it is held. Rooms and the lobby run on their own strands
// of the same io_context.
#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "auth/shared_limits.hpp"
#include "domain/time_control.hpp"
#include "kibitz/core/registry.hpp"
#include "play/game_recorder.hpp"
#include "play/peer.hpp"
#include "play/play_config.hpp"
#include "play/player.hpp"
#include "play/remote_guests.hpp"
#include "play/remote_lobby.hpp"
#include "play/remote_rooms.hpp"
#include "play/session_registry.hpp"
#include "store/records.hpp"

namespace kibitz::server {

namespace storage { class store; }
class engine_pool;
namespace auth { class accounts; }

class guest_book;
class lobby;
class reviewer;
class room;
struct metrics;

struct room_settings {
    const core::game_info* game = nullptr;
    std::optional<time_control> tc;
    bool rated = false;
    bool is_private = false;
    std::string start_position;  // empty: the standard start (play/start_position.hpp)
};

class hub : public std::enable_shared_from_this<hub> {
public:
    hub(boost::asio::io_context& ioc, play_config cfg, metrics& m,
        std::shared_ptr<game_recorder> recorder);
    ~hub();

    // With a database (before start): identities come from `accounts`, games
    // and ratings from `store`. Both outlive the hub's use of them (app).
    void attach_store(storage::store* s, auth::accounts* a) { store_ = s, accounts_ = a; }
    storage::store* store() const { return store_; }
    auth::accounts* accounts() const { return accounts_; }

    // The computer's threads (app); none: computer games are refused.
    void attach_engine(engine_pool* e) { engine_ = e; }
    // Cluster mode (app, before start): rooms of other nodes; none on a single node.
    void attach_cluster(remote_rooms* c) { cluster_ = c; }
    remote_rooms* cluster() const { return cluster_; }
    // Cluster mode: the one lobby, led by one node; none on a single node.
    void attach_lobby_cluster(remote_lobby* c) { lobby_cluster_ = c; }
    remote_lobby* lobby_cluster() const { return lobby_cluster_; }
    // Cluster mode: guests not stored yet, known to every node; none on a single node.
    void attach_guests_cluster(remote_guests* g) { guests_cluster_ = g; }
    remote_guests* guests_cluster() const { return guests_cluster_; }
    engine_pool* engine() const { return engine_; }
    // The computer at a level (1..8): in memory until set_computers gives the
    // stored rows (app, before start).
    player_ptr computer(int level) const;
    void set_computers(std::vector<player_ptr> by_level);
    long computer_games() const { return computer_games_; }
    std::size_t computer_games_of(
        const std::string& player_key) const;  // in a cluster: on every node

    void start();
    void stop();  // cancels every timer so the io_context can run out
    bool stopping() const { return stopping_; }

    // Identities: guests not stored (yet), by token.
    guest_book& guests() { return *guests_; }
    // A stored player as the play layer sees it ("g-<row>" / "u-<row>").
    static player_ptr from_stored(const storage::player& p, std::string token);

    // Ratings per stored player and game (a cache of the store's, filled at
    // hello and after each rated game). Guests and unknown players: none.
    void set_rating(std::int64_t row, const std::string& game, storage::rating_value v);
    std::optional<storage::rating_value> rating_of(const player& p, std::string_view game) const;
    // Every rating cached for a stored player (a cluster's lobby leader gets them).
    std::map<std::string, storage::rating_value, std::less<>> ratings_of(std::int64_t row) const;
    // The player's public JSON with the rating of `game` (provisional marked).
    nlohmann::json player_json(const player_ptr& p, std::string_view game) const;
    int pairing_rating(const player_ptr& p, std::string_view game) const;
    // Every live connection of a player (one per tab): bound at welcome,
    // unbound when the connection closes. A game that starts reaches them all.
    void bind_peer(const std::string& player_key, std::uint64_t conn, peer_ref p);
    void unbind_peer(const std::string& player_key, std::uint64_t conn);
    std::map<std::uint64_t, peer_ref> peers_of(const std::string& player_key) const;

    // Rooms. start_room creates, registers and starts a game between two seats.
    std::shared_ptr<room> start_room(const room_settings& s, player_ptr seat0, player_ptr seat1,
                                     const std::string& via);
    // Recreates an unfinished stored game after a restart under its room id.
    std::shared_ptr<room> restore_room(const std::string& id, const room_settings& s,
                                       player_ptr seat0, player_ptr seat1,
                                       const storage::game_record& g);
    // Every unfinished stored game, at start-up (before the I/O threads run):
    // each gets its room back under its room id, and the recorder its record.
    // Returns how many were restored (a game of an unknown rules id is not).
    std::size_t restore_all(const std::vector<storage::game_record>& games);
    std::shared_ptr<room> find_room(const std::string& id) const;
    void room_finished(const std::string& id, const player_ptr seats[2]);  // game over
    void forget_room(const std::string& id);  // after it lingered
    std::size_t rooms_held() const;  // in play and finished (lingering)
    // A player's unfinished games: the rooms here, and in a cluster those
    // on other nodes too (game_elsewhere), so caps, welcome's rooms and
    // lobby.yours are the cluster's.
    std::vector<std::string> rooms_of(const std::string& player_id) const;
    std::size_t games_of(const std::string& player_id) const;
    // Cluster mode (by the cluster): an unfinished game on another node, of
    // `players` (keys), against the computer or not; over, or gone with its node.
    void game_elsewhere(const std::string& room, const std::vector<std::string>& players,
                        bool computer);
    void game_elsewhere_over(const std::string& room);

    // Counts (for the lobby's batched `counts`): this node's, and in a
    // cluster the other nodes' too (set_elsewhere, by the cluster).
    void connection_up() { ++online_; }
    void connection_down() { --online_; }
    long online() const { return online_ + online_elsewhere_; }
    long games_in_play() const { return in_play_ + in_play_elsewhere_; }
    long online_here() const { return online_; }
    long games_here() const { return in_play_; }
    void set_elsewhere(long players, long games) {
        online_elsewhere_ = players;
        in_play_elsewhere_ = games;
    }

    // Counts a new guest identity for `address`: `done(0)`, or (nothing
    // counted) `done(retry_s)` when it already made config().guests_per_address
    // within the window, on this node or, in a cluster, on all of them. Runs
    // `done` before returning unless the limit is shared.
    void may_create_guest(const std::string& address, std::function<void(std::int64_t)> done);
    // Cluster mode (app, before start): the guest limit is the cluster's.
    void share_limits(auth::shared_limits* s) { new_guests_.share(s); }
    bool limits_shared() const { return new_guests_.shared(); }
    // Live connections by session token (log out closes them all).
    session_registry& sessions() { return sessions_; }
    lobby& the_lobby() { return *lobby_; }
    reviewer& the_reviewer() { return *reviewer_; }
    boost::asio::io_context& ioc() { return ioc_; }
    const play_config& config() const { return cfg_; }
    metrics& stats() { return metrics_; }
    game_recorder& recorder() { return *recorder_; }
    void set_recorder(std::shared_ptr<game_recorder> r) { recorder_ = std::move(r); }  // before start

private:
    // Makes a new or restored room findable and counts it; with `start_via`,
    // then posts its start.
    void register_room(const std::shared_ptr<room>& r, const player_ptr& seat0,
                       const player_ptr& seat1, const std::string* start_via = nullptr);

    boost::asio::io_context& ioc_;
    play_config cfg_;
    metrics& metrics_;
    std::shared_ptr<game_recorder> recorder_;
    storage::store* store_ = nullptr;
    auth::accounts* accounts_ = nullptr;
    engine_pool* engine_ = nullptr;
    remote_rooms* cluster_ = nullptr;
    remote_lobby* lobby_cluster_ = nullptr;
    remote_guests* guests_cluster_ = nullptr;
    std::shared_ptr<lobby> lobby_;
    std::shared_ptr<reviewer> reviewer_;
    std::vector<player_ptr> computers_;  // by level - 1; fixed before start
    std::atomic<long> computer_games_{0};
    std::atomic<long> online_{0}, in_play_{0};
    std::atomic<long> online_elsewhere_{0}, in_play_elsewhere_{0};
    std::atomic<bool> stopping_{false};
    session_registry sessions_;
    auth::limiter new_guests_;  // by "guest:" + client address
    std::unique_ptr<guest_book> guests_;

    mutable std::mutex mu_;
    std::map<std::string, std::map<std::uint64_t, peer_ref>> peers_;  // player key -> conn -> peer
    std::map<std::string, std::shared_ptr<room>> rooms_;
    std::deque<std::string> finished_;  // finished rooms, oldest first (cfg_.finished_rooms)
    std::map<std::string, std::set<std::string>> active_;  // player key -> unfinished rooms
    std::map<std::string, std::set<std::string>> elsewhere_;  // as active_, on other nodes
    struct game_elsewhere_of {
        std::vector<std::string> players;  // keys
        bool computer = false;
    };
    std::map<std::string, game_elsewhere_of> elsewhere_rooms_;  // by room
    std::map<std::string, std::size_t> computer_games_by_;  // human player key -> games vs computer
    std::map<std::int64_t, std::map<std::string, storage::rating_value, std::less<>>> ratings_;
};

}  // namespace kibitz::server
