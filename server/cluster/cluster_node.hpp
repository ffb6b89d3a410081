#pragma once
// This process as one node of a cluster (docs/cluster.md): the rooms it
// hosts hold leases in Redis, renewed while it lives; rooms of a node whose
// leases ran out are taken over from PostgreSQL (the store fences the old
// owner off); connections here reach rooms elsewhere over Redis pub/sub
// (commands to the owner, the room's frames back), and connections elsewhere
// reach the rooms here the same way, as remote peers the rooms cannot tell
// from local ones.
//
// State lives on one strand; the play layer's calls (remote_rooms,
// remote_lobby, remote_live) post onto it. Made before the play layer's hub
// (which is handed this node as its remote_rooms and remote_lobby) and its
// live games (handed it as their remote_live), and given the hub
// at start(), before anything arrives from Redis: as lila-ws registers its
// bus handlers once the services they reach exist. The games other nodes
// host are the one copy the play layer asks (games_elsewhere): guarded by
// their own mutex, since any thread asks.
// Two Redis links: `bus` for commands and PUBLISH (one connection, so what
// one node publishes arrives in order), `sub` for this node's channel and
// the cluster-wide `kibitz:moved`.
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include "cluster/bus_messages.hpp"
#include "cluster/redis_link.hpp"
#include "play/hub.hpp"
#include "play/live/remote_live.hpp"
#include "play/post_guarded.hpp"
#include "play/remote_lobby.hpp"
#include "play/remote_rooms.hpp"
#include "play/tournament_desk.hpp"

namespace kibitz::server::storage { class pg_store; }

namespace kibitz::server::cluster {

struct options {
    std::string host = "127.0.0.1";  // Redis
    int port = 6379;
    std::string node;                // this node's name, unique per process start
    // --node-id, when given: the name is "<id>@<incarnation>", and a start
    // gives back at once what an earlier life under the same id still holds.
    std::string node_id;
    std::chrono::milliseconds lease{5000};
};

// "redis://host:port" (port 6379 when left out) into `o`; false when malformed.
bool parse_redis_url(const std::string& url, options& o);

class remote_peer;

class node final : public remote_rooms,
                   public remote_lobby,
                   public remote_live,
                   public tournament_desk,
                   public std::enable_shared_from_this<node> {
public:
    node(boost::asio::io_context& ioc, options o, storage::pg_store& store);
    ~node() override;

    // `h` outlives the node's use of it (app stops the node first).
    void start(hub& h);
    // Timers cancelled, links closed; leases run out by themselves unless
    // given back (give_back, hand_over). `stopped`, if set, gets the rooms
    // this node hosted, on the strand once it has stopped.
    void stop(std::function<void(std::vector<std::string>)> stopped = {});
    // Unfinished games found in the database at start-up: made known to the
    // cluster, so that some node (this one, if none has them) takes them.
    void adopt(const std::vector<std::string>& rooms);
    const std::string& name() const { return o_.node; }
    // The link for commands (not the subscriber): shared with redis_limits.
    std::shared_ptr<redis_link> bus() const { return bus_; }
    // A clean stop (SIGTERM), once the I/O threads have returned and the
    // store has committed every queued write: gives every lease this node
    // holds back at once (a blocking Redis connection of its own), so other
    // nodes take its rooms over at their next scan instead of a lease later.
    // Returns how many it gave back. Nothing more after give_back().
    std::size_t hand_over();
    // The same for `rooms` and the lobby, from any thread, at most once
    // (SIGTERM: as soon as the store has committed what the rooms gave it).
    std::size_t give_back(const std::vector<std::string>& rooms);
    // Both Redis links are up: rooms elsewhere and connections elsewhere are
    // within reach (/readyz). Any thread.
    bool reachable() const { return bus_->connected() && sub_->connected(); }

    // remote_rooms
    bool spans_nodes() const override { return true; }
    std::vector<game_elsewhere> games_elsewhere(const std::string& player_key) const override;
    void hosting(const std::string& room, const std::vector<std::string>& players,
                 game_kind kind) override;
    void finished(const std::string& room) override;
    void released(const std::string& room) override;
    void join(const std::string& room, player_ptr who, peer_ref p, std::uint64_t conn,
              std::optional<std::int64_t> v, std::optional<std::int64_t> ack,
              std::string type) override;
    void leave(const std::string& room, std::uint64_t conn, bool closed) override;
    void command(player_ptr who, peer_ref p, std::uint64_t conn, room_cmd_msg cmd,
                 std::optional<std::int64_t> ack, std::string type) override;
    void seated(const player_ptr& who, const std::string& room,
                const std::shared_ptr<const std::string>& found) override;

    // remote_lobby (cluster_lobby.cpp)
    void lobby_message(player_ptr who, peer_ref p, std::uint64_t conn,
                       const client_msg& m) override;
    void lobby_closed(player_ptr who, std::uint64_t conn) override;
    void lobby_answered(player_ptr who, std::uint64_t conn) override;
    // Records of connections this node keeps (its own at the lobby and in
    // rooms elsewhere, others' in its rooms and lobby), as of its last step:
    // /metrics, kibitz_cluster_connection_records. Any thread.
    long connection_records() const { return records_.load(std::memory_order_relaxed); }
    // remote_live (cluster_games.cpp)
    void live_listed(const std::string& game, const std::string& room, const json& summary,
                     const live_position& pos) override;
    void live_changed(const std::string& game, const std::string& room, std::size_t plies,
                      std::size_t spectators, const std::optional<live_position>& pos) override;
    // (cluster_lobby.cpp)
    void seek_opened(const peer_ref& p, std::uint64_t conn, const std::string& id,
                     bool invite) override;
    void seek_closed(const peer_ref& p, std::uint64_t conn, const std::string& id) override;
    void tell_player(const std::string& key, std::shared_ptr<const std::string> f) override;

    // tournament_desk (cluster_tournaments.cpp): the lobby's leader runs the
    // tournaments with `local` (this node's, handed before start); a game's
    // end here goes to that leader until one heard it.
    void serve_tournaments(tournament_desk& local) { local_tournaments_ = &local; }
    void message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                 const tournament_msg& m, std::optional<std::int64_t> ack,
                 const std::string& type) override;
    void connection_closed(std::uint64_t conn) override;
    void game_over(game_over_report r) override;
    void berserk(const std::string& room, int seat) override;
    void load(const std::string& id) override;

    // A room here sends a frame to a connection on node `to` (remote_peer).
    void relay(const std::string& to, std::uint64_t conn,
               const std::shared_ptr<const std::string>& frame);

private:
    // A local connection that joined rooms owned elsewhere.
    // A local connection that joined rooms owned elsewhere, or that sent
    // lobby messages to a leader elsewhere (whose answers come back as frames).
    struct proxy {
        peer_ref p;
        player_ptr who;
        std::set<std::string> rooms;
        bool lobby = false;
        // What it waits on at the leader (subscriptions, its pool entry, its
        // seeks and invites with the ids and codes the leader gave them):
        // sent again to a new leader.
        struct standing_msg {
            client_msg m;
            // seek.create: the id, once seek.created came; invite.create: the
            // code, once invite.created came (a new leader keeps it).
            std::string seek;
        };
        std::vector<standing_msg> standing;
        bool one_shot = false;  // a bot API request, answered: it goes once nothing stands
        bool unused() const { return rooms.empty() && !lobby; }
        bool spent() const { return one_shot && rooms.empty() && standing.empty(); }
    };
    // A connection here gone from the lobby (closed, or one-shot and spent).
    void close_proxy(std::map<std::uint64_t, proxy>::iterator it);
    void drop_if_spent(std::uint64_t conn);
    // cluster_lobby.cpp: keeps `standing` up to date, from the connection's
    // messages and from what the leader's lobby says of its seeks.
    static void note_standing(proxy& px, const client_msg& m);
    static void note_seek(proxy& px, const std::string& id, bool invite, bool open);
    void tell_seek(const peer_ref& p, std::uint64_t conn, const std::string& id, bool invite,
                   bool open);
    void forget_pairing(const std::string& player_key);  // seated: its pool entry and seeks went
    template <class F>
    void on_strand(F&& f);
    void publish(const std::string& node, const bus::message& m);
    // Decodes a bus message and hands it to its `on` (a bad one is logged).
    void on_message(const std::string& channel, const std::string& payload);
    // What arrives, by type: for a room we own (join, leave, cmd), for a
    // connection here (frame, unknown), a room's new owner (moved); the
    // lobby's in cluster_lobby.cpp, the games' in cluster_games.cpp.
    void on(const bus::join& m);
    void on(const bus::leave& m);
    void on(const bus::cmd& m);
    void on(bus::frame& m);  // its text moves on to the connection
    void on(const bus::unknown& m);
    void on(const bus::moved& m);
    void on(const bus::lobby& m);  // we lead: a connection elsewhere
    void on(const bus::lobby_closed& m);
    void on(const bus::lobby_seek& m);  // a seek of a connection here, from the leader
    void on(const bus::seated& m);
    void on(const bus::player_frame& m);
    void on(const bus::game& m);
    void on(const bus::live& m);
    void on(const bus::live_update& m);
    void on(const bus::game_over& m);
    void on(const bus::games_ask& m);
    void on(const bus::games& m);
    void on(const bus::tournament_over& m);  // we run the tournaments
    void on(const bus::tournament_load& m);
    // cluster_tournaments.cpp: who runs them, as the lease last said (never
    // this node by default, unlike the lobby while Redis is out of reach).
    void tournaments_led_by(const std::string& leader, std::chrono::steady_clock::time_point until);
    void send_results();  // each game's end not heard by the leader yet, again
    tournament_desk* local_tournaments_ = nullptr;
    std::string tournament_leader_;
    std::map<std::string, game_over_report> results_out_;  // by room
    // Finds the room's owner (cache, then Redis) and runs `then` with it ("" if
    // none, after one more look a moment later when `again`).
    void with_owner(const std::string& room, std::function<void(const std::string&)> then,
                    bool again = true);
    void send_join(const std::string& owner, const std::string& room, std::uint64_t conn,
                   const proxy& px, std::optional<std::int64_t> v);

    // cluster_answers.cpp: every room.join and room command of a connection
    // here, for a room elsewhere, goes out in the order it came (each waits
    // for the ones before it to know their owner) and gets its answer: the
    // owner's, or `room_moving` when no owner heard it (issue 29).
    struct outgoing {
        std::string room;
        bool fresh;  // ask Redis for the owner, not the cache
        std::function<void(const std::string& owner)> send;
    };
    std::map<std::uint64_t, std::deque<outgoing>> outbox_;  // by local connection
    void in_order(std::uint64_t conn, outgoing out);
    void next_in_order(std::uint64_t conn);
    void send_command(const std::string& owner, const player_ptr& who, const peer_ref& p,
                      std::uint64_t conn, const room_cmd_msg& cmd, std::optional<std::int64_t> ack,
                      const std::string& type);
    // Publishes `m` to `owner`; if no one heard it (the owner is gone, or
    // Redis is), `p` gets room_moving for (re, ack, room).
    void publish_or_moving(const std::string& owner, const bus::message& m, const peer_ref& p,
                           const std::string& re, std::optional<std::int64_t> ack,
                           const std::string& room);
    // No owner found: unknown_room, or room_moving while Redis is out of reach.
    void no_owner(const peer_ref& p, const std::string& re, std::optional<std::int64_t> ack,
                  const std::string& room);
    // The rooms here hear when connections elsewhere are cut off (a Redis link down).
    void links_changed();
    bool cut_off_ = false;
    bool ever_reachable_ = false;  // until both links are first up, nothing was cut
    // cluster_answers.cpp: a restart under the same --node-id.
    void release_previous_life();
    std::atomic<bool> given_back_{false};
    std::shared_ptr<remote_peer> remote(const std::string& from, std::uint64_t conn);
    void renew();
    void scan();
    void take_over(const std::string& room);
    void drop(const std::string& room, const std::string& why);  // lost its lease
    void give_up_lease(const std::string& room);

    // The lobby (cluster_lobby.cpp): one node leads it (kibitz:lobby).
    void renew_lobby_lease();
    void share_counts();  // the lobby's counts are the cluster's
    void lobby_led_by(const std::string& leader);
    void send_lobby(const player_ptr& who, std::uint64_t conn, const client_msg& m);
    std::string lobby_leader_;  // empty: not known yet
    struct waiting_lobby_msg {
        player_ptr who;
        std::uint64_t conn;
        client_msg m;
    };
    std::vector<waiting_lobby_msg> lobby_waiting_;  // until the leader is known

    // The games of every node (cluster_games.cpp, docs/cluster.md "Games on
    // every node"): this node's sent to the others, theirs kept here for
    // the hub (caps, welcome's rooms, lobby.yours) and live_games (live lists).
    struct game_here {
        std::vector<std::string> players;
        game_kind kind;
        std::optional<bus::listing> listed;  // none: private, or not started yet
    };
    struct game_there {
        std::string node;
        std::string game;
        bool listed = false;
        std::vector<std::string> players;  // keys
        game_kind kind;
    };
    std::map<std::string, game_here> games_here_;    // by room
    // Written on the strand under games_mu_ (read from any thread).
    mutable std::mutex games_mu_;
    std::map<std::string, game_there> games_there_;  // by room
    std::map<std::string, std::set<std::string>> there_by_player_;  // player key -> rooms
    void unindex_there(const std::string& room, const game_there& g);  // under games_mu_
    void note_hosting(const std::string& room, const std::vector<std::string>& players,
                      game_kind kind);
    void note_over(const std::string& room, bool tell);  // over, or not ours any more
    void publish_games(const bus::message& m);
    void ask_games();  // every other node sends its games here
    // A game of node `from`: its players, and how it is listed (if public).
    void game_there_on(const std::string& from, const std::string& room,
                       const std::vector<std::string>* players, game_kind kind,
                       const bus::listing* listed);
    void game_there_over(const std::string& room);
    void forget_games_of(const std::string& other);  // its node is gone

    boost::asio::io_context& ioc_;
    options o_;
    hub* hub_ = nullptr;  // from start()
    storage::pg_store& store_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    std::shared_ptr<redis_link> bus_, sub_;
    boost::asio::steady_timer renew_timer_, scan_timer_;
    bool stopped_ = false;

    std::map<std::string, bool> hosted_;   // room -> still playing (not finished)
    std::set<std::string> taking_;         // takeovers under way
    std::map<std::uint64_t, proxy> proxies_;        // by local connection
    std::map<std::string, std::string> owners_;     // room -> owner, as last learnt
    // Connections on other nodes in rooms here, by (node, connection there),
    // with the rooms each joined: when that node stops answering (its
    // liveness key ran out), they leave as if closed.
    struct remote_conn {
        std::shared_ptr<remote_peer> peer;
        std::set<std::string> rooms;
        player_ptr lobby_who;  // set while it has lobby state here (we lead)
    };
    std::map<std::pair<std::string, std::uint64_t>, remote_conn> remotes_;
    std::atomic<long> records_{0};  // proxies_ and remotes_, after each step on the strand
    void check_nodes();  // drops the remote connections of nodes that are gone
    void node_gone(const std::string& other);
    std::uint64_t next_remote_conn_ = 1;

    // After Redis comes back (cluster_catch_up.cpp): this node's connections
    // in rooms elsewhere join them again, for what they missed.
    void subscriber_up();
    void catch_up(const std::string& room, std::uint64_t conn, int attempt);
    void retry_catch_up(const std::string& room, std::uint64_t conn, int attempt);
    bool subscribed_before_ = false;
};

// Every entry point hops onto the strand (cluster_node.cpp, cluster_lobby.cpp);
// an exception there is logged, as on a room's or the lobby's strand.
template <class F>
void node::on_strand(F&& f) {
    post_guarded(
        strand_, shared_from_this(),
        [this, f = std::forward<F>(f)]() mutable {
            f();
            records_.store(static_cast<long>(proxies_.size() + remotes_.size()),
                           std::memory_order_relaxed);
        },
        [](const node& n) { return "cluster: node " + n.o_.node; });
}

}  // namespace kibitz::server::cluster
