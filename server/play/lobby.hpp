#pragma once
// The lobby: open seeks, private invites, the quick-pairing queues, the live
// games lists and the batched counts. Owns all of them and runs on its own
// strand (every public entry point posts onto it). Starts games through the hub.
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "play/hub.hpp"
#include "play/live_position.hpp"
#include "play/matchmaker.hpp"
#include "play/post_guarded.hpp"
#include "protocol/out_lobby.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

class lobby : public std::enable_shared_from_this<lobby> {
public:
    using ack_id = std::optional<std::int64_t>;

    explicit lobby(hub& h);
    void start();
    void stop();

    // On: a lobby.snapshot, then lobby.yours (the player's games in play and
    // open invites, so the lobby always shows the way back to them).
    void subscribe(player_ptr who, peer_ref p, std::uint64_t conn, bool on);
    void live_subscribe(peer_ref p, std::uint64_t conn, std::string game, bool on, ack_id ack,
                        std::string type);
    void create_seek(player_ptr who, peer_ref p, std::uint64_t conn, seek_create_msg m, ack_id ack,
                     std::string type);
    void cancel_seek(player_ptr who, peer_ref p, seek_cancel_msg m, ack_id ack, std::string type);
    void accept_seek(player_ptr who, peer_ref p, seek_accept_msg m, ack_id ack, std::string type);
    // lobby_invite.cpp: an invite's link shown (nothing starts), accepted
    // (the game starts) or declined (its creator is told; it closes).
    void answer_invite(player_ptr who, peer_ref p, invite_answer_msg m, ack_id ack,
                       std::string type);
    void quick_join(player_ptr who, peer_ref p, std::uint64_t conn, quick_join_msg m, ack_id ack,
                    std::string type);
    void quick_leave(player_ptr who, peer_ref p, ack_id ack, std::string type);
    // A casual game against the computer, started at once (caps: per player and in all).
    void play_computer(player_ptr who, peer_ref p, computer_play_msg m, ack_id ack,
                       std::string type);
    void connection_closed(player_ptr who, std::uint64_t conn);

    // From rooms: the live games lists. room_changed (a move, the spectator
    // count) is sent on as live.update at most once per count batch, with
    // the mini board's position when `pos` (a move) came since the last one.
    void room_started(std::string game, std::string room, json summary, live_position pos);
    void room_changed(std::string game, std::string room, std::size_t plies, std::size_t spectators,
                      std::optional<live_position> pos);
    void room_ended(std::string game, std::string room);
    // Cluster mode (lobby_cluster.cpp): the public games of other nodes, as
    // their lobbies list them, listed with this node's own (which go the
    // other way, to remote_lobby::live_listed and live_changed).
    void remote_started(std::string game, std::string room, json summary, live_position pos);
    void remote_changed(std::string game, std::string room, std::size_t plies,
                        std::size_t spectators, std::optional<live_position> pos);
    void remote_ended(std::string game, std::string room);

private:
    struct seek {
        std::string id;
        room_settings settings;
        std::string color;  // "random" or the creator's colour name
        player_ptr by;
        std::uint64_t conn = 0;
        bool invite = false;
        json to_json(const hub& h) const;
        invite_view invite_shown() const;  // as invite.created shows it
        std::string listed;        // to_json as seek.add sent it (for the snapshot)
        peer_ref peer;             // the connection that opened it
    };

    template <class F>
    void on_strand(F&& f);
    void reply(const peer_ref& p, const std::optional<wire_error>& e, ack_id ack,
               const std::string& type);
    static std::optional<wire_error> check_start(const core::game_info& info,
                                                 const std::string& position, bool rated);
    std::optional<wire_error> check_new_game(const player_ptr& who, const std::string& game,
                                             const std::optional<time_control>& tc, bool rated,
                                             const core::game_info** info) const;
    static std::optional<wire_error> check_color(const core::game_info& info,
                                                 const std::string& color);
    static wire_error bots_refused();
    // Cluster mode: the node of the seek's connection keeps what it waits on
    // (remote_lobby::seek_opened), for a new leader.
    void tell_standing(const peer_ref& p, std::uint64_t conn, const seek& s, bool open);
    void start_game(const room_settings& s, player_ptr a, player_ptr b, int a_seat,
                    const std::string& via);
    // An accepted seek or invite, taken out of seeks_: its creator against `who`.
    void start_taken(const seek& s, const player_ptr& who);
    // lobby_invite.cpp: what the invited player sees before answering; the
    // creator told of a decline on every connection of theirs that we know.
    invite_shown_msg shown_to_invited(const seek& s) const;
    void tell_creator(const seek& s, const frame& f);
    void broadcast(const frame& f);
    frame snapshot_frame();  // lobby.snapshot, rebuilt only when what it shows changed
    void count_tick();
    void send_live_updates();  // the live.update of every room changed since the last
    // lobby_live.cpp: a game enters, changes in or leaves the live lists,
    // whichever node hosts it.
    void list_started(const std::string& game, const std::string& room, json summary,
                      live_position pos);
    void list_changed(const std::string& game, const std::string& room, std::size_t plies,
                      std::size_t spectators, std::optional<live_position> pos);
    void list_ended(const std::string& game, const std::string& room);
    // lobby_cluster.cpp: this node's own games to the cluster (remote_lobby).
    void feed_listed(const std::string& game, const std::string& room, const json& summary,
                     const live_position& pos);
    void feed_changes();  // of the rooms here in live_changed_, once per count batch
    // lobby_live.cpp: each game id's list shows its live_boards newest rooms
    // (the window) and counts the rest; its live.snapshot is built once and
    // shared until the window changes (or, with a clock running, a batch passes).
    std::vector<std::string> live_window(const std::string& game) const;  // oldest first
    bool in_live_window(const std::string& game, const std::string& room) const;
    frame live_snapshot(const std::string& game);
    void send_tv_update();  // tv.update: the featured game moved or its counts changed
    void pair_tick();
    // lobby_watch.cpp: what the lobby shows everyone besides the seeks.
    json pools_json() const;     // per quick-pairing pool: who waits, how many games are played
    json featured_json() const;  // the featured live game (TV) with its position, or null
    const std::string& featured_text();  // featured_json as text, kept while nothing changed
    void featured_check();       // a live game came or went: a new featured game is sent
    // The live games ordered for featured_check, kept as live_ changes (it ran
    // over every live game at each start and end: 8-14% of the server's CPU at
    // 1,000 clients, BENCHMARKS.md). Call unrank before a summary changes or
    // goes, rank after it is in place.
    void rank(const std::string& game, const std::string& room, const json& summary);
    void unrank(const std::string& game, const std::string& room, const json& summary);

    hub& hub_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    boost::asio::steady_timer count_timer_, pair_timer_;
    std::map<std::string, seek> seeks_;  // by seek id or invite code
    // The last lobby.snapshot and what it was built from: a busy lobby's
    // snapshot is large, and many subscribers asking for it (or one asking
    // often) share one string rather than each costing a serialization.
    frame snapshot_;
    std::string snapshot_counts_, snapshot_tv_;
    bool seeks_changed_ = true;
    std::map<std::uint64_t, peer_ref> subscribers_;
    std::map<std::string, std::map<std::uint64_t, peer_ref>> live_subscribers_;  // by game id
    std::map<std::string, std::map<std::string, json>> live_;  // game id -> room -> summary
    // (-interest, game id, room): the first is the most interesting live game,
    // and among equals the first in live_'s order, as a scan of live_ finds it.
    std::set<std::tuple<double, std::string, std::string>> by_interest_;
    std::map<std::string, std::set<std::string>> live_changed_;  // game id -> rooms to update
    std::map<std::string, std::map<std::string, live_position>> live_boards_;  // as live_
    std::map<std::string, std::set<std::string>> live_moved_;  // game id -> boards to send
    std::map<std::string, std::map<std::uint64_t, std::string>> live_order_;  // game -> start
    std::map<std::string, std::uint64_t> live_seq_;  // room -> its key in live_order_
    std::set<std::string> local_live_;  // the rooms of live_ hosted here (a cluster lists others')
    std::uint64_t next_live_seq_ = 0;
    struct built_frame {
        frame f;
        std::chrono::steady_clock::time_point at;
        bool ticking = false;  // a clock runs in it: it goes stale as time passes
        bool fresh(std::chrono::steady_clock::time_point now, ms period) const {
            return f && (!ticking || now - at < period);
        }
    };
    std::map<std::string, built_frame> live_snapshots_;  // by game id; erased on change
    built_frame featured_built_;  // featured_text's cache (the text in f)
    matchmaker queue_;
    long last_players_ = -1, last_games_ = -1;
    json last_pools_;            // as last sent in `counts`
    std::string featured_;       // the featured room (TV), empty: none
    bool stopped_ = false;
};

// Every entry point hops onto the strand (lobby.cpp, lobby_live.cpp).
template <class F>
void lobby::on_strand(F&& f) {
    post_guarded(strand_, shared_from_this(), std::forward<F>(f),
                 [](const lobby&) { return std::string("lobby"); });
}

}  // namespace kibitz::server
