#include "play/hub.hpp"

#include <chrono>
#include <cmath>

#include <spdlog/spdlog.h>

#include "observe/metrics.hpp"
#include "play/guest_book.hpp"
#include "play/ids.hpp"
#include "play/lobby.hpp"
#include "play/review.hpp"
#include "play/room.hpp"

namespace kibitz::server {

hub::hub(boost::asio::io_context& ioc, play_config cfg, metrics& m,
         std::shared_ptr<game_recorder> recorder)
    : ioc_(ioc),
      cfg_(cfg),
      metrics_(m),
      recorder_(recorder ? std::move(recorder) : std::make_shared<game_recorder>()),
      guests_(std::make_unique<guest_book>()) {
    for (int level = 1; level <= 8; ++level) {
        auto p = std::make_shared<player>();
        p->id = "c-" + std::to_string(level);
        p->name = "Computer · level " + std::to_string(level);
        p->computer_level = level;
        computers_.push_back(std::move(p));
    }
}

player_ptr hub::computer(int level) const {
    if (level < 1 || level > static_cast<int>(computers_.size())) return nullptr;
    return computers_[level - 1];
}

void hub::set_computers(std::vector<player_ptr> by_level) {
    if (by_level.size() == computers_.size()) computers_ = std::move(by_level);
}

std::size_t hub::computer_games_of(const std::string& player_key) const {
    std::lock_guard lock(mu_);
    auto it = computer_games_by_.find(player_key);
    std::size_t n = it == computer_games_by_.end() ? 0 : it->second;
    auto there = elsewhere_.find(player_key);
    if (there == elsewhere_.end()) return n;
    auto here = active_.find(player_key);
    for (const auto& room : there->second)
        if (elsewhere_rooms_.at(room).computer &&
            (here == active_.end() || !here->second.count(room)))
            ++n;
    return n;
}

hub::~hub() = default;

void hub::start() {
    reviewer_ = std::make_shared<reviewer>(*this);
    lobby_ = std::make_shared<lobby>(*this);
    lobby_->start();
}

void hub::stop() {
    stopping_ = true;
    if (lobby_) lobby_->stop();
    std::lock_guard lock(mu_);
    for (auto& [id, r] : rooms_) r->stop();
}

player_ptr hub::from_stored(const storage::player& sp, std::string token) {
    auto p = std::make_shared<player>();
    p->row = sp.id;
    p->guest = sp.guest();
    p->id = (p->guest ? "g-" : "u-") + std::to_string(sp.id);
    p->name = sp.name;
    p->computer_level = sp.computer_level;
    if (sp.computer_level) p->id = "c-" + std::to_string(sp.computer_level);
    p->token = std::move(token);
    return p;
}

void hub::set_rating(std::int64_t row, const std::string& game, storage::rating_value v) {
    std::lock_guard lock(mu_);
    ratings_[row][game] = v;
}

std::optional<storage::rating_value> hub::rating_of(const player& p, std::string_view game) const {
    if (p.guest || !p.row) return std::nullopt;
    std::lock_guard lock(mu_);
    auto it = ratings_.find(p.row);
    if (it != ratings_.end()) {
        auto r = it->second.find(game);
        if (r != it->second.end()) return r->second;
    }
    return storage::rating_value{};  // an account that has not played it: 1500, provisional
}

std::map<std::string, storage::rating_value, std::less<>> hub::ratings_of(std::int64_t row) const {
    std::lock_guard lock(mu_);
    auto it = ratings_.find(row);
    return it == ratings_.end() ? std::map<std::string, storage::rating_value, std::less<>>{}
                                : it->second;
}

nlohmann::json hub::player_json(const player_ptr& p, std::string_view game) const {
    auto r = rating_of(*p, game);
    if (!r) return p->public_json();
    return p->public_json(static_cast<int>(std::lround(r->rating)), r->provisional());
}

int hub::pairing_rating(const player_ptr& p, std::string_view game) const {
    auto r = rating_of(*p, game);
    return r ? static_cast<int>(std::lround(r->rating)) : p->rating;
}

void hub::bind_peer(const std::string& player_key, std::uint64_t conn, peer_ref p) {
    std::lock_guard lock(mu_);
    peers_[player_key][conn] = std::move(p);
}

void hub::unbind_peer(const std::string& player_key, std::uint64_t conn) {
    std::lock_guard lock(mu_);
    auto it = peers_.find(player_key);
    if (it == peers_.end()) return;
    it->second.erase(conn);
    if (it->second.empty()) peers_.erase(it);
}

std::map<std::uint64_t, peer_ref> hub::peers_of(const std::string& player_key) const {
    std::lock_guard lock(mu_);
    auto it = peers_.find(player_key);
    return it == peers_.end() ? std::map<std::uint64_t, peer_ref>{} : it->second;
}

std::shared_ptr<room> hub::start_room(const room_settings& s, player_ptr seat0, player_ptr seat1,
                                      const std::string& via) {
    auto id = "r" + random_string(9, base62);
    auto r = std::make_shared<room>(*this, id, s, seat0, seat1);
    // Registered first, so a move sent the moment game.found arrives finds
    // the room; the start is posted under the same lock, so a connection that
    // closes and looks up its rooms either misses the room or posts its leave
    // after the start.
    register_room(r, seat0, seat1, &via);
    return r;
}

std::shared_ptr<room> hub::restore_room(const std::string& id, const room_settings& s,
                                        player_ptr seat0, player_ptr seat1,
                                        const storage::game_record& g) {
    auto r = std::make_shared<room>(*this, id, s, seat0, seat1);
    r->restore(g);
    register_room(r, seat0, seat1);
    return r;
}

void hub::register_room(const std::shared_ptr<room>& r, const player_ptr& seat0,
                        const player_ptr& seat1, const std::string* start_via) {
    ++in_play_;
    metrics_.room_opened(r->settings().game->id, +1);
    const bool computer = seat0->computer_level || seat1->computer_level;
    if (computer) ++computer_games_;
    std::lock_guard lock(mu_);
    rooms_[r->id()] = r;
    active_[seat0->key()].insert(r->id());
    active_[seat1->key()].insert(r->id());
    if (computer) ++computer_games_by_[(seat0->computer_level ? seat1 : seat0)->key()];
    // The cluster first: it sets the room's lease, so the room is findable
    // from every node before its start tells anyone of it.
    if (cluster_) cluster_->hosting(r->id(), {seat0->key(), seat1->key()}, computer);
    if (start_via) r->start(*start_via);  // only posts: nothing runs under the lock
}

namespace {
std::optional<time_control> stored_tc(const storage::game_settings& s) {
    if (s.initial_ms == 0 && s.increment_ms == 0) return std::nullopt;
    return time_control{static_cast<int>(s.initial_ms / 1000),
                        static_cast<int>(s.increment_ms / 1000)};
}
}  // namespace

std::size_t hub::restore_all(const std::vector<storage::game_record>& games) {
    std::size_t restored = 0;
    for (const auto& g : games) {
        const auto& sum = g.summary;
        const auto* info = core::find_game(sum.settings.game_id);
        if (!info) {
            spdlog::error("store: game {} of unknown game '{}' not restored", sum.id,
                          sum.settings.game_id);
            continue;
        }
        std::string id = sum.public_id.empty() ? "r" + std::to_string(sum.id) : sum.public_id;
        recorder_->on_restore(id, sum.id, sum.settings.game_id);
        room_settings rs{info, stored_tc(sum.settings), sum.settings.rated,
                         sum.settings.is_private, sum.settings.start_position};
        restore_room(id, rs, from_stored(sum.seats[0], ""), from_stored(sum.seats[1], ""), g);
        ++restored;
    }
    return restored;
}

std::shared_ptr<room> hub::find_room(const std::string& id) const {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

void hub::room_finished(const std::string& id, const player_ptr seats[2]) {
    --in_play_;
    const bool computer = seats[0]->computer_level || seats[1]->computer_level;
    if (computer) --computer_games_;
    std::vector<std::string> dropped;  // told to the recorder after the lock
    {
        std::lock_guard lock(mu_);
        if (computer) {
            auto c = computer_games_by_.find((seats[0]->computer_level ? seats[1] : seats[0])->key());
            if (c != computer_games_by_.end() && --c->second == 0) computer_games_by_.erase(c);
        }
        for (int s = 0; s < 2; ++s) {
            auto it = active_.find(seats[s]->key());
            if (it == active_.end()) continue;
            it->second.erase(id);
            if (it->second.empty()) active_.erase(it);
        }
        auto r = rooms_.find(id);
        if (r != rooms_.end()) metrics_.room_opened(r->second->settings().game->id, -1);
        if (cluster_) cluster_->finished(id);
        // Past the cap the oldest finished room goes before its linger ends (its
        // id may be gone already, forgotten by its own linger timer).
        finished_.push_back(id);
        while (finished_.size() > cfg_.finished_rooms) {
            auto old = rooms_.find(finished_.front());
            finished_.pop_front();
            if (old == rooms_.end()) continue;
            old->second->stop();  // its linger timer holds it: cancelled, the room is freed
            dropped.push_back(old->first);
            rooms_.erase(old);
        }
    }
    for (const auto& gone : dropped) {
        recorder_->on_forget(gone);
        if (cluster_) cluster_->released(gone);
    }
}

std::size_t hub::rooms_held() const {
    std::lock_guard lock(mu_);
    return rooms_.size();
}

void hub::forget_room(const std::string& id) {
    {
        std::lock_guard lock(mu_);
        rooms_.erase(id);
    }
    recorder_->on_forget(id);
    if (cluster_) cluster_->released(id);
}

std::vector<std::string> hub::rooms_of(const std::string& player_id) const {
    std::lock_guard lock(mu_);
    std::set<std::string> rooms;
    if (auto it = active_.find(player_id); it != active_.end()) rooms = it->second;
    if (auto it = elsewhere_.find(player_id); it != elsewhere_.end())
        rooms.insert(it->second.begin(), it->second.end());
    return {rooms.begin(), rooms.end()};
}

std::size_t hub::games_of(const std::string& player_id) const {
    std::lock_guard lock(mu_);
    auto it = active_.find(player_id);
    auto there = elsewhere_.find(player_id);
    std::size_t n = it == active_.end() ? 0 : it->second.size();
    if (there == elsewhere_.end()) return n;
    for (const auto& room : there->second)
        n += it == active_.end() || !it->second.count(room);  // taken over here: counted once
    return n;
}

void hub::game_elsewhere(const std::string& room, const std::vector<std::string>& players,
                         bool computer) {
    std::lock_guard lock(mu_);
    auto& seated = elsewhere_rooms_[room];
    for (const auto& key : seated.players) {
        auto it = elsewhere_.find(key);
        if (it != elsewhere_.end() && it->second.erase(room) && it->second.empty())
            elsewhere_.erase(it);
    }
    seated = {players, computer};
    for (const auto& key : players) elsewhere_[key].insert(room);
}

void hub::game_elsewhere_over(const std::string& room) {
    std::lock_guard lock(mu_);
    auto r = elsewhere_rooms_.find(room);
    if (r == elsewhere_rooms_.end()) return;
    for (const auto& key : r->second.players) {
        auto it = elsewhere_.find(key);
        if (it != elsewhere_.end() && it->second.erase(room) && it->second.empty())
            elsewhere_.erase(it);
    }
    elsewhere_rooms_.erase(r);
}

void hub::may_create_guest(const std::string& address, std::function<void(std::int64_t)> done) {
    if (cfg_.guests_per_address == 0) return done(0);
    auth::rate_limit limit{static_cast<int>(cfg_.guests_per_address), cfg_.guest_window.count()};
    auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
                   .count();
    new_guests_.attempt({{"guest:" + address, limit}}, now,
                        [done = std::move(done)](std::int64_t wait) { done((wait + 999) / 1000); });
}

}  // namespace kibitz::server
