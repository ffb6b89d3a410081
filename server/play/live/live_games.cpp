// live_games: its subscriptions, its batch timer and what it publishes to
// the lobby. The lists are in live_lists.cpp, TV in live_tv.cpp, the
// cluster's feed in live_cluster.cpp. Runs on its own strand.
#include "play/live/live_games.hpp"

#include "kibitz/core/registry.hpp"
#include "observe/metrics.hpp"

namespace kibitz::server {

namespace net = boost::asio;

live_games::live_games(net::io_context& ioc, play_config cfg, metrics& m, remote_live* cluster)
    : cfg_(std::move(cfg)),
      metrics_(m),
      cluster_(cluster),
      strand_(net::make_strand(ioc)),
      timer_(strand_),
      featured_published_{std::make_shared<const std::string>("null"), 0},
      playing_published_(std::make_shared<const std::vector<pool_playing>>()) {}

void live_games::start() {
    on_strand([this] { tick(); });
}

void live_games::stop() {
    on_strand([this] {
        stopped_ = true;
        timer_.cancel();
    });
}

void live_games::subscribe(peer_ref p, std::uint64_t conn, std::string game, bool on, ack_id ack,
                           std::string type) {
    on_strand([this, p = std::move(p), conn, game = std::move(game), on, ack, type] {
        if (!core::find_game(game)) {
            ++metrics_.rejected_total;
            return send_to(
                p, error_frame(wire_error{"unknown_game", "no game '" + game + "'"}, type, ack));
        }
        if (!on) {
            subscribers_[game].erase(conn);
            if (ack) send_to(p, ack_frame(*ack, type));
            return;
        }
        subscribers_[game][conn] = p;
        send_to(p, snapshot(game));
    });
}

void live_games::watch_tv(peer_ref p, std::uint64_t conn, bool on, std::uint64_t shown) {
    on_strand([this, p = std::move(p), conn, on, shown] {
        if (!on) {
            tv_watchers_.erase(conn);
            return;
        }
        // A tv or tv.update went out between its snapshot and now: it missed it.
        if (shown != tv_version_) send_to(p, encode(tv_msg{featured_json()}));
        tv_watchers_[conn] = p;
    });
}

void live_games::connection_closed(std::uint64_t conn) {
    on_strand([this, conn] {
        for (auto& [game, subs] : subscribers_) subs.erase(conn);
    });
}

void live_games::tick() {
    if (stopped_) return;
    send_tv_update();
    feed_changes();
    send_updates();
    publish_featured();  // a running clock in it: counted down to now
    after_guarded(
        timer_, cfg_.count_batch, shared_from_this(), [this] { tick(); }, "live games: updates");
}

live_games::featured_game live_games::featured() const {
    std::lock_guard lock(published_mu_);
    return featured_published_;
}

std::shared_ptr<const std::vector<live_games::pool_playing>> live_games::playing() const {
    std::lock_guard lock(published_mu_);
    return playing_published_;
}

void live_games::publish_featured() {
    featured_text();  // built again if it changed, or a clock in it ran for a batch
    std::lock_guard lock(published_mu_);
    featured_published_ = {featured_built_.f, tv_version_};
}

void live_games::count_pool(const std::string& game, const json& summary, int by) {
    json tc = summary.value("tc", json());
    bool rated = summary.value("rated", false);
    // A pool is a game id, a time control and rated or not: one quick-pairing queue.
    auto key = game + '|' + tc.dump() + '|' + (rated ? "rated" : "casual");
    auto& p = playing_[key];
    if (p.game.empty()) p = {game, tc, rated, 0};
    p.playing += by;
    if (p.playing <= 0) playing_.erase(key);
    auto all = std::make_shared<std::vector<pool_playing>>();
    for (const auto& [k, pool] : playing_) all->push_back(pool);
    std::lock_guard lock(published_mu_);
    playing_published_ = std::move(all);
}

}  // namespace kibitz::server
