// The correspondence games in play that rest out of memory: the directory
// knows each by room id (its stored game, its players in active_, its
// deadline with correspondence_deadlines) and loads its room from the store
// when someone opens it or its deadline comes; an idle room hands itself back
// (room_rest.cpp). Only on a single node with a store: in a cluster, rooms
// stay under their leases (docs/cluster.md). Thread-safe as the directory:
// the store's answer is posted to an I/O thread, and callbacks run outside mu_.
#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "observe/metrics.hpp"
#include "play/directory/room_directory.hpp"
#include "play/hub.hpp"
#include "play/remote_rooms.hpp"
#include "play/room/room.hpp"
#include "play/stored_player.hpp"
#include "store/store.hpp"

namespace kibitz::server {

void room_directory::index_resting(const std::vector<storage::game_summary>& games) {
    std::vector<std::pair<std::string, std::int64_t>> due;  // set after the lock
    {
        std::lock_guard lock(mu_);
        for (const auto& g : games) {
            if (!core::find_game(g.settings.game_id)) {
                spdlog::error("store: game {} of unknown game '{}' not restored", g.id,
                              g.settings.game_id);
                continue;
            }
            auto id = stored_room_id(g);
            if (rooms_.count(id) || resting_.count(id)) continue;
            resting_[id] = g.id;
            count_game_locked(id, player_from_stored(g.seats[0], ""),
                              player_from_stored(g.seats[1], ""), true);
            if (g.deadline_ms) due.emplace_back(id, *g.deadline_ms);
        }
    }
    for (const auto& [id, at] : due) wake_at(id, at);
}

void room_directory::wake_at(const std::string& id, std::int64_t deadline_ms) {
    // Loaded, the room sets its own deadline again, and one already past fires at once.
    hub_.deps().deadlines->set(id, deadline_ms,
                               [this, id] { open(id, [](const std::shared_ptr<room>&) {}); });
}

bool room_directory::open(const std::string& id, opened_fn then) {
    std::shared_ptr<room> here;
    std::optional<storage::game_key> ask;  // the first to wait asks the store
    {
        std::lock_guard lock(mu_);
        if (auto it = rooms_.find(id); it != rooms_.end()) {
            here = it->second;
        } else {
            auto resting = resting_.find(id);
            if (resting == resting_.end()) return false;
            auto& waiting = loading_[id];
            if (waiting.empty()) ask = resting->second;
            waiting.push_back(std::move(then));
        }
    }
    if (here) {
        then(here);
        return true;
    }
    if (ask && hub_.deps().store)
        hub_.deps().store->game(*ask, [weak = hub_.weak_from_this(),
                                       id](core::result<std::optional<storage::game_record>> r) {
            // On the store's thread: the room is made on an I/O thread.
            auto h = weak.lock();
            if (!h) return;
            boost::asio::post(h->rooms().executor(), [h, id, r = std::move(r)]() mutable {
                h->rooms().loaded(id, std::move(r));
            });
        });
    return true;
}

void room_directory::loaded(const std::string& id,
                            core::result<std::optional<storage::game_record>> r) {
    std::shared_ptr<room> made;
    if (!r) spdlog::error("store: loading game {}: {}", id, r.reason());
    else if (!r.value() || r.value()->summary.status != storage::game_status::playing)
        spdlog::error("store: game {} is no longer in play", id);
    else made = room_of(*r.value());
    std::vector<opened_fn> waiting;
    {
        std::lock_guard lock(mu_);
        if (auto it = loading_.find(id); it != loading_.end()) {
            waiting = std::move(it->second);
            loading_.erase(it);
        }
        if (made) {
            rooms_[id] = made;
            resting_.erase(id);
        }
    }
    if (made) hub_.stats().room_opened(made->settings().game->id, +1);
    // After its restore was posted: what they post to the room runs after it.
    for (auto& then : waiting) then(made);
}

bool room_directory::rest(const std::string& id, std::optional<std::int64_t> deadline_ms) {
    if (remote_.spans_nodes() || !hub_.deps().store || hub_.stopping()) return false;
    auto key = hub_.deps().recorder->key_of(id);
    if (!key) return false;
    std::shared_ptr<room> r;
    {
        std::lock_guard lock(mu_);
        auto it = rooms_.find(id);
        if (it == rooms_.end()) return false;
        r = std::move(it->second);
        rooms_.erase(it);
        resting_[id] = *key;
    }
    hub_.stats().room_opened(r->settings().game->id, -1);
    hub_.deps().recorder->on_forget(id);
    if (deadline_ms) wake_at(id, *deadline_ms);
    else hub_.deps().deadlines->clear(id);
    return true;
}

std::size_t room_directory::resting() const {
    std::lock_guard lock(mu_);
    return resting_.size();
}

}  // namespace kibitz::server
