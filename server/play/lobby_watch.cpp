// What the lobby shows everyone besides the seeks: the quick-pairing pools
// (how many wait in each, how many of its games are played) and the featured
// live game (TV). Runs on the lobby's strand, like everything in lobby.
#include "play/lobby.hpp"

namespace kibitz::server {

namespace {

// A pool is a game id, a time control and rated or not: one quick-pairing queue.
std::string pool_key(const std::string& game, const json& tc, bool rated) {
    return game + '|' + tc.dump() + '|' + (rated ? "rated" : "casual");
}

// How interesting a live game is to watch: its players' ratings (a guest or
// the computer counts as 1500), then how many already watch.
// Looked up in place (json::value() would copy the players); computed when a
// live game's summary changes, for lobby::by_interest_.
double interest(const json& summary) {
    double sum = 0;
    if (auto ps = summary.find("players"); ps != summary.end())
        for (const auto& p : *ps) {
            auto r = p.is_object() ? p.find("rating") : p.end();
            sum += r != p.end() && r->is_number() ? r->get<double>() : 1500.0;
        }
    auto s = summary.find("spectators");
    return sum + 0.001 * (s != summary.end() && s->is_number() ? s->get<double>() : 0.0);
}

}  // namespace

json lobby::pools_json() const {
    std::map<std::string, json> pools;
    auto pool = [&](const std::string& game, const json& tc, bool rated) -> json& {
        json& p = pools[pool_key(game, tc, rated)];
        if (p.is_null())
            p = {{"game", game}, {"tc", tc}, {"rated", rated}, {"waiting", 0}, {"playing", 0}};
        return p;
    };
    for (const auto& e : queue_.waiting()) {
        json& p = pool(e.game, to_json(e.tc), e.rated);
        p["waiting"] = p["waiting"].get<int>() + 1;
    }
    for (const auto& [game, rooms] : live_)
        for (const auto& [id, s] : rooms) {
            json& p = pool(game, s.value("tc", json()), s.value("rated", false));
            p["playing"] = p["playing"].get<int>() + 1;
        }
    json out = json::array();
    for (auto& [key, p] : pools) out.push_back(std::move(p));
    return out;
}

json lobby::featured_json() const {
    for (const auto& [game, rooms] : live_) {
        auto it = rooms.find(featured_);
        if (it == rooms.end()) continue;
        // With its position and the board's shape: the home page draws it
        // from here, without joining the room (which would count as watching).
        json j = it->second;
        const auto& boards = live_boards_.at(game);
        if (auto b = boards.find(featured_); b != boards.end())
            put_live_position(j, b->second, std::chrono::steady_clock::now());
        j["shape"] = live_board_shape(game);
        return j;
    }
    return nullptr;
}

const std::string& lobby::featured_text() {
    auto now = std::chrono::steady_clock::now();
    if (!featured_built_.fresh(now, hub_.config().count_batch)) {
        json j = featured_json();
        bool ticking = j.is_object() && j["clocks"].is_object() &&
                       (j["clocks"]["running"] == 0 || j["clocks"]["running"] == 1);
        featured_built_ = {std::make_shared<const std::string>(dump_json(j)), now, ticking};
    }
    return *featured_built_.f;
}

void lobby::send_tv_update() {
    if (featured_.empty() || subscribers_.empty()) return;
    for (const auto& [game, rooms] : live_changed_) {
        if (!rooms.count(featured_)) continue;
        const json& s = live_.at(game).at(featured_);
        tv_update_msg m{
            featured_, s["plies"].get<std::int64_t>(), s["spectators"].get<std::int64_t>(), {}};
        auto b = live_boards_[game].find(featured_);
        if (live_moved_[game].count(featured_) && b != live_boards_[game].end())
            m.position = live_board_of(b->second, std::chrono::steady_clock::now());
        broadcast(encode(m));
        return;
    }
}

void lobby::rank(const std::string& game, const std::string& room, const json& summary) {
    by_interest_.emplace(-interest(summary), game, room);
}

void lobby::unrank(const std::string& game, const std::string& room, const json& summary) {
    by_interest_.erase({-interest(summary), game, room});
}

void lobby::featured_check() {
    const json* best = nullptr;
    std::string best_id;
    if (!by_interest_.empty()) {
        const auto& [_, game, id] = *by_interest_.begin();
        best = &live_.at(game).at(id), best_id = id;
    }
    // The featured game stays until it ends, unless a clearly better one starts
    // (a viewer should not be switched away for a tie).
    const json current = featured_json();
    if (!current.is_null() && best && interest(*best) <= interest(current) + 1) return;
    if (best_id == featured_) return;
    featured_ = best_id;
    featured_built_ = {};
    broadcast(encode(tv_msg{featured_json()}));
}

}  // namespace kibitz::server
