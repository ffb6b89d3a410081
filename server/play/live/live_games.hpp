#pragma once
// Which public games are live and what their watchers see, as lila-ws's
// `Fens` and `Tv`: each game id's live list (its newest live_boards games
// with their mini boards, the rest counted), the featured game (TV), and the
// updates to their subscribers, batched to one per count period. In a
// cluster it lists the other nodes' games with this node's own and sends its
// own to them (remote_live). Made once by the composition root and handed by
// constructor to the hub (rooms and connections reach it there) and the
// lobby. Owns the lists and their subscriptions; runs on its own strand
// (every entry point posts onto it). What the lobby shows of it (featured(),
// playing()) is published under a mutex, for any thread.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "play/live/live_position.hpp"
#include "play/live/remote_live.hpp"
#include "play/peer.hpp"
#include "play/play_config.hpp"
#include "play/post_guarded.hpp"

namespace kibitz::server {

struct metrics;

class live_games : public std::enable_shared_from_this<live_games> {
public:
    using ack_id = std::optional<std::int64_t>;

    // `cluster`: the other nodes (null: a single node).
    live_games(boost::asio::io_context& ioc, play_config cfg, metrics& m, remote_live* cluster);
    void start();
    void stop();  // cancels the batch timer so the io_context can run out

    // live.sub / live.unsub: a game id's list, a live.snapshot first.
    void subscribe(peer_ref p, std::uint64_t conn, std::string game, bool on, ack_id ack,
                   std::string type);
    // The featured game's news (tv, tv.update) for a lobby subscriber.
    // `shown`: the version of featured() its lobby.snapshot carried; if TV
    // has moved on since, it gets the current one as a tv at once.
    void watch_tv(peer_ref p, std::uint64_t conn, bool on, std::uint64_t shown);
    // Its live.sub subscriptions go (its TV watch goes with the lobby's:
    // lobby::connection_closed).
    void connection_closed(std::uint64_t conn);

    // From the rooms here (live_lists.cpp): room_changed (a move, the
    // spectator count) goes out as live.update at most once per count batch,
    // with the mini board when `pos` (a move) came since the last.
    void room_started(std::string game, std::string room, json summary, live_position pos);
    void room_changed(std::string game, std::string room, std::size_t plies, std::size_t spectators,
                      std::optional<live_position> pos);
    void room_ended(std::string game, std::string room);
    // Cluster mode (live_cluster.cpp): the public games of other nodes.
    void remote_started(std::string game, std::string room, json summary, live_position pos);
    void remote_changed(std::string game, std::string room, std::size_t plies,
                        std::size_t spectators, std::optional<live_position> pos);
    void remote_ended(std::string game, std::string room);

    // Any thread. The featured game (TV) as lobby.snapshot's "tv" shows it,
    // and a version that grows with each tv or tv.update sent.
    struct featured_game {
        std::shared_ptr<const std::string> text;
        std::uint64_t version = 0;
    };
    featured_game featured() const;
    // Any thread. The games in play per quick-pairing pool (game id, time
    // control, rated), for the lobby's counts; pools with none left out.
    struct pool_playing {
        std::string game;
        json tc;
        bool rated = false;
        int playing = 0;
    };
    std::shared_ptr<const std::vector<pool_playing>> playing() const;

private:
    template <class F>
    void on_strand(F&& f);
    void tick();  // once per count batch: the updates, the cluster's feed, TV's clocks
    // live_lists.cpp: a game enters, changes in or leaves the lists,
    // whichever node hosts it.
    void list_started(const std::string& game, const std::string& room, json summary,
                      live_position pos);
    void list_changed(const std::string& game, const std::string& room, std::size_t plies,
                      std::size_t spectators, std::optional<live_position> pos);
    void list_ended(const std::string& game, const std::string& room);
    void send_updates();  // the live.update of every room changed since the last
    // Each game id's list shows its live_boards newest rooms (the window)
    // and counts the rest; its live.snapshot is built once and shared until
    // the window changes (or, with a clock running, a batch passes).
    std::vector<std::string> window(const std::string& game) const;  // oldest first
    bool in_window(const std::string& game, const std::string& room) const;
    frame snapshot(const std::string& game);
    void count_pool(const std::string& game, const json& summary, int by);  // then published
    // live_cluster.cpp: this node's own games to the cluster (remote_live).
    void feed_listed(const std::string& game, const std::string& room, const json& summary,
                     const live_position& pos);
    void feed_changes();  // of the rooms here in changed_, once per count batch
    // live_tv.cpp: the featured game.
    json featured_json() const;          // with its position, or null
    const std::string& featured_text();  // featured_json as text, kept while nothing changed
    void featured_check();               // a live game came or went: maybe another
    void send_tv_update();               // tv.update: it moved or its counts changed
    void tell_tv(const frame& f);        // to every watcher; a new version published
    void publish_featured();
    // The live games ordered for featured_check, kept as live_ changes (a
    // scan of every live game at each start and end cost 8-14% of the
    // server's CPU at 1,000 clients, BENCHMARKS.md). Call unrank before a
    // summary changes or goes, rank after it is in place.
    void rank(const std::string& game, const std::string& room, const json& summary);
    void unrank(const std::string& game, const std::string& room, const json& summary);

    play_config cfg_;
    metrics& metrics_;
    remote_live* cluster_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    boost::asio::steady_timer timer_;
    bool stopped_ = false;
    std::map<std::string, std::map<std::uint64_t, peer_ref>> subscribers_;  // by game id
    std::map<std::uint64_t, peer_ref> tv_watchers_;
    std::map<std::string, std::map<std::string, json>> live_;  // game id -> room -> summary
    // (-interest, game id, room): the first is the most interesting live game,
    // and among equals the first in live_'s order, as a scan of live_ finds it.
    std::set<std::tuple<double, std::string, std::string>> by_interest_;
    std::map<std::string, std::set<std::string>> changed_;  // game id -> rooms to update
    std::map<std::string, std::map<std::string, live_position>> boards_;  // as live_
    std::map<std::string, std::set<std::string>> moved_;  // game id -> boards to send
    std::map<std::string, std::map<std::uint64_t, std::string>> order_;  // game -> start -> room
    std::map<std::string, std::uint64_t> seq_;  // room -> its key in order_
    std::set<std::string> local_;  // the rooms of live_ hosted here (a cluster lists others')
    std::uint64_t next_seq_ = 0;
    std::map<std::string, pool_playing> playing_;  // by pool key
    struct built_frame {
        frame f;
        std::chrono::steady_clock::time_point at;
        bool ticking = false;  // a clock runs in it: it goes stale as time passes
        bool fresh(std::chrono::steady_clock::time_point now, ms period) const {
            return f && (!ticking || now - at < period);
        }
    };
    std::map<std::string, built_frame> snapshots_;  // by game id; erased on change
    built_frame featured_built_;                    // featured_text's cache (the text in f)
    std::string featured_;                          // the featured room, empty: none
    std::uint64_t tv_version_ = 0;
    mutable std::mutex published_mu_;  // guards the two below, read by any thread
    featured_game featured_published_;
    std::shared_ptr<const std::vector<pool_playing>> playing_published_;
};

template <class F>
void live_games::on_strand(F&& f) {
    post_guarded(strand_, shared_from_this(), std::forward<F>(f),
                 [](const live_games&) { return std::string("live games"); });
}

}  // namespace kibitz::server
