#include "play/directory/room_directory.hpp"

#include <spdlog/spdlog.h>

#include "observe/metrics.hpp"
#include "play/hub.hpp"
#include "play/ids.hpp"
#include "play/remote_rooms.hpp"
#include "play/room/room.hpp"
#include "play/stored_player.hpp"

namespace kibitz::server {

room_directory::room_directory(hub& h, remote_rooms& remote, boost::asio::io_context& ioc)
    : hub_(h), remote_(remote), ioc_(ioc) {}

std::shared_ptr<room> room_directory::start_room(const room_settings& s, player_ptr seat0,
                                                 player_ptr seat1, const std::string& via) {
    auto id = "r" + random_string(9, base62);
    auto r = std::make_shared<room>(hub_, id, s, seat0, seat1);
    // Registered first, so a move sent the moment game.found arrives finds
    // the room; the start is posted under the same lock, so a connection that
    // closes and looks up its rooms either misses the room or posts its leave
    // after the start.
    register_room(r, seat0, seat1, &via);
    return r;
}

void room_directory::register_room(const std::shared_ptr<room>& r, const player_ptr& seat0,
                                   const player_ptr& seat1, const std::string* start_via) {
    hub_.stats().room_opened(r->settings().game->id, +1);
    const remote_rooms::game_kind kind{seat0->computer_level || seat1->computer_level,
                                       is_correspondence(r->settings().tc)};
    std::lock_guard lock(mu_);
    rooms_[r->id()] = r;
    count_game_locked(r->id(), seat0, seat1, kind.correspondence);
    // The other nodes first: in a cluster that sets the room's lease, so the
    // room is findable from every node before its start tells anyone of it.
    remote_.hosting(r->id(), {seat0->key(), seat1->key()}, kind);
    if (start_via) r->start(*start_via);  // only posts: nothing runs under the lock
}

void room_directory::count_game_locked(const std::string& id, const player_ptr& seat0,
                                       const player_ptr& seat1, bool correspondence) {
    hub_.counts().game_started();
    const bool computer = seat0->computer_level || seat1->computer_level;
    if (computer) ++computer_games_;
    active_[seat0->key()].insert(id);
    active_[seat1->key()].insert(id);
    if (correspondence) correspondence_.insert(id);
    if (computer) computer_rooms_.insert(id);
    if (computer) ++computer_games_by_[(seat0->computer_level ? seat1 : seat0)->key()];
}

namespace {
std::optional<time_control> stored_tc(const storage::game_settings& s) {
    if (s.days_per_move) return time_control{0, 0, s.days_per_move};
    if (s.initial_ms == 0 && s.increment_ms == 0) return std::nullopt;
    return time_control{static_cast<int>(s.initial_ms / 1000),
                        static_cast<int>(s.increment_ms / 1000), std::nullopt};
}
}  // namespace

std::string stored_room_id(const storage::game_summary& sum) {
    return sum.public_id.empty() ? "r" + std::to_string(sum.id) : sum.public_id;
}

std::shared_ptr<room> room_directory::room_of(const storage::game_record& g) {
    const auto& sum = g.summary;
    const auto* info = core::find_game(sum.settings.game_id);
    if (!info) {
        spdlog::error("store: game {} of unknown game '{}' not restored", sum.id,
                      sum.settings.game_id);
        return nullptr;
    }
    auto id = stored_room_id(sum);
    // The recorder rates the game in its pool (correspondence apart).
    hub_.deps().recorder->on_restore(
        id, sum.id, rating_pool(sum.settings.game_id, sum.settings.days_per_move.has_value()));
    room_settings rs{info, stored_tc(sum.settings), sum.settings.rated, sum.settings.is_private,
                     sum.settings.start_position};
    if (g.tournament) {  // paired by an event: no rematch, berserk in an arena's
        rs.tournament = g.tournament->id;
        rs.berserk = g.tournament->kind == "arena";
    }
    auto r = std::make_shared<room>(hub_, id, rs, player_from_stored(sum.seats[0], ""),
                                    player_from_stored(sum.seats[1], ""));
    r->restore(g);
    return r;
}

std::size_t room_directory::restore_all(const std::vector<storage::game_record>& games) {
    std::size_t restored = 0;
    for (const auto& g : games) {
        auto r = room_of(g);
        if (!r) continue;
        register_room(r, player_from_stored(g.summary.seats[0], ""),
                      player_from_stored(g.summary.seats[1], ""));
        ++restored;
    }
    return restored;
}

std::shared_ptr<room> room_directory::find(const std::string& id) const {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

void room_directory::finished(const std::string& id, const player_ptr seats[2]) {
    hub_.counts().game_over();
    const bool computer = seats[0]->computer_level || seats[1]->computer_level;
    if (computer) --computer_games_;
    std::vector<std::string> dropped;  // told to the recorder after the lock
    {
        std::lock_guard lock(mu_);
        if (computer) {
            auto c =
                computer_games_by_.find((seats[0]->computer_level ? seats[1] : seats[0])->key());
            if (c != computer_games_by_.end() && --c->second == 0) computer_games_by_.erase(c);
        }
        correspondence_.erase(id);
        computer_rooms_.erase(id);
        for (int s = 0; s < 2; ++s) {
            auto it = active_.find(seats[s]->key());
            if (it == active_.end()) continue;
            it->second.erase(id);
            if (it->second.empty()) active_.erase(it);
        }
        auto r = rooms_.find(id);
        if (r != rooms_.end()) hub_.stats().room_opened(r->second->settings().game->id, -1);
        remote_.finished(id);
        // Past the cap the oldest finished room goes before its linger ends (its
        // id may be gone already, forgotten by its own linger timer).
        finished_.push_back(id);
        while (finished_.size() > hub_.config().finished_rooms) {
            auto old = rooms_.find(finished_.front());
            finished_.pop_front();
            if (old == rooms_.end()) continue;
            old->second->stop();  // its linger timer holds it: cancelled, the room is freed
            dropped.push_back(old->first);
            rooms_.erase(old);
        }
    }
    for (const auto& gone : dropped) {
        hub_.deps().recorder->on_forget(gone);
        remote_.released(gone);
    }
}

std::size_t room_directory::held() const {
    std::lock_guard lock(mu_);
    return rooms_.size();
}

void room_directory::stop_all() {
    std::lock_guard lock(mu_);
    for (auto& [id, r] : rooms_) r->stop();
}

void room_directory::forget(const std::string& id) {
    {
        std::lock_guard lock(mu_);
        rooms_.erase(id);
    }
    hub_.deps().recorder->on_forget(id);
    remote_.released(id);
}

std::vector<std::string> room_directory::rooms_of(const std::string& player_key) const {
    std::set<std::string> rooms;
    for (const auto& g : remote_.games_elsewhere(player_key)) rooms.insert(g.room);
    std::lock_guard lock(mu_);
    if (auto it = active_.find(player_key); it != active_.end())
        rooms.insert(it->second.begin(), it->second.end());
    return {rooms.begin(), rooms.end()};
}

std::size_t room_directory::games_of(const std::string& player_key, bool correspondence) const {
    auto there = remote_.games_elsewhere(player_key);
    std::lock_guard lock(mu_);
    auto it = active_.find(player_key);
    std::size_t n = 0;
    if (it != active_.end())
        for (const auto& room : it->second) n += correspondence_.count(room) == correspondence;
    for (const auto& g : there)  // taken over here: counted once
        n += g.kind.correspondence == correspondence &&
             (it == active_.end() || !it->second.count(g.room));
    return n;
}

std::size_t room_directory::live_games_with_people(const std::string& player_key) const {
    // Other nodes' games by the kind their node announced (docs/cluster.md),
    // so every node gives a player the same answer.
    auto there = remote_.games_elsewhere(player_key);
    std::lock_guard lock(mu_);
    auto it = active_.find(player_key);
    std::size_t n = 0;
    if (it != active_.end())
        for (const auto& room : it->second)
            n += !correspondence_.count(room) && !computer_rooms_.count(room);
    for (const auto& g : there)
        n += !g.kind.computer && !g.kind.correspondence &&
             (it == active_.end() || !it->second.count(g.room));
    return n;
}

std::optional<std::string> room_directory::over_game_cap(
    const std::string& player_key, const std::optional<time_control>& tc) const {
    const auto& cfg = hub_.config();
    if (!is_correspondence(tc))
        return games_of(player_key, false) >= cfg.max_games
                   ? std::optional<std::string>("finish one of your games first")
                   : std::nullopt;
    if (games_of(player_key, true) < cfg.max_correspondence_games) return std::nullopt;
    return "at most " + std::to_string(cfg.max_correspondence_games) +
           " correspondence games in progress: finish one first";
}

std::size_t room_directory::computer_games_of(const std::string& player_key) const {
    auto there = remote_.games_elsewhere(player_key);
    std::lock_guard lock(mu_);
    auto it = computer_games_by_.find(player_key);
    std::size_t n = it == computer_games_by_.end() ? 0 : it->second;
    auto here = active_.find(player_key);
    for (const auto& g : there)
        if (g.kind.computer && (here == active_.end() || !here->second.count(g.room))) ++n;
    return n;
}

}  // namespace kibitz::server
