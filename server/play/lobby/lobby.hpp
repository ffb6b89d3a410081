#pragma once
// The lobby: open seeks, private invites, the quick-pairing queues and the
// batched counts. Owns them and runs on its own strand (every public entry
// point posts onto it). Starts games through the hub; shows the featured
// game and the games in play per pool as live_games publishes them.
#include <map>
#include <memory>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "play/hub.hpp"
#include "play/live/live_games.hpp"
#include "play/lobby/matchmaker.hpp"
#include "play/post_guarded.hpp"
#include "protocol/out_lobby.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

class lobby : public std::enable_shared_from_this<lobby> {
public:
    using ack_id = std::optional<std::int64_t>;

    // `ioc`: where its strand runs.
    lobby(hub& h, boost::asio::io_context& ioc, live_games& live);
    void start();
    void stop();

    // On: a lobby.snapshot, then lobby.yours (the player's games in play and
    // open invites, so the lobby always shows the way back to them), and
    // from then on the featured game's news (live_games::watch_tv).
    void subscribe(player_ptr who, peer_ref p, std::uint64_t conn, bool on);
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
        std::string challenged;    // a bot API challenge's addressee (player key); else empty
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
    // Every connection of player `key`, here and (in a cluster) on the other nodes.
    void tell_player(const std::string& key, const frame& f);
    void broadcast(const frame& f);
    // seek.add of `s` to the subscribers a block does not keep apart from its creator.
    void broadcast_seek(const seek& s, const frame& f);
    // lobby.snapshot, rebuilt only when what it shows changed; with the
    // featured game as `tv` showed it. A viewer in a block gets one of their
    // own, without the seeks of those a block keeps them apart from.
    frame snapshot_frame(const live_games::featured_game& tv, const player_ptr& viewer);
    static wire_error blocked_error();
    // Whether a block (either way) keeps `a` and `b` apart.
    bool apart(const player& a, const player& b) const {
        return hub_.deps().blocks->apart(a.row, b.row);
    }
    // lobby_counts.cpp: counts once per batch period, when they changed.
    void count_tick();
    json pools_json() const;  // per quick-pairing pool: who waits, how many games are played
    void pair_tick();

    hub& hub_;
    live_games& live_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    boost::asio::steady_timer count_timer_, pair_timer_;
    std::map<std::string, seek> seeks_;  // by seek id or invite code
    // The last lobby.snapshot and what it was built from: a busy lobby's
    // snapshot is large, and many subscribers asking for it (or one asking
    // often) share one string rather than each costing a serialization.
    frame snapshot_;
    std::string snapshot_counts_, snapshot_tv_;
    bool seeks_changed_ = true;
    struct subscriber {
        peer_ref peer;
        player_ptr who;
    };
    std::map<std::uint64_t, subscriber> subscribers_;
    matchmaker queue_;
    long last_players_ = -1, last_games_ = -1;
    json last_pools_;  // as last sent in `counts`
    bool stopped_ = false;
};

// Every entry point hops onto the strand (lobby.cpp, lobby_invite.cpp).
template <class F>
void lobby::on_strand(F&& f) {
    post_guarded(strand_, shared_from_this(), std::forward<F>(f),
                 [](const lobby&) { return std::string("lobby"); });
}

}  // namespace kibitz::server
