// live_games' featured game (TV): the most interesting live game (its
// players' ratings, then its spectators), kept until it ends or a clearly
// better one starts, sent as tv to the lobby's subscribers and as tv.update
// when it moves. Runs on live_games' strand.
#include "play/live/live_games.hpp"

namespace kibitz::server {

namespace {

// How interesting a live game is to watch: its players' ratings (a guest or
// the computer counts as 1500), then how many already watch.
// Looked up in place (json::value() would copy the players); computed when a
// live game's summary changes, for live_games::by_interest_.
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

json live_games::featured_json() const {
    for (const auto& [game, rooms] : live_) {
        auto it = rooms.find(featured_);
        if (it == rooms.end()) continue;
        // With its position and the board's shape: the home page draws it
        // from here, without joining the room (which would count as watching).
        json j = it->second;
        const auto& boards = boards_.at(game);
        if (auto b = boards.find(featured_); b != boards.end())
            put_live_position(j, b->second, std::chrono::steady_clock::now());
        j["shape"] = live_board_shape(game);
        return j;
    }
    return nullptr;
}

const std::string& live_games::featured_text() {
    auto now = std::chrono::steady_clock::now();
    if (!featured_built_.fresh(now, cfg_.count_batch)) {
        json j = featured_json();
        bool ticking = j.is_object() && j["clocks"].is_object() &&
                       (j["clocks"]["running"] == 0 || j["clocks"]["running"] == 1);
        featured_built_ = {std::make_shared<const std::string>(dump_json(j)), now, ticking};
    }
    return *featured_built_.f;
}

void live_games::tell_tv(const frame& f) {
    ++tv_version_;
    for (auto& [conn, p] : tv_watchers_) send_to(p, f);
    publish_featured();
}

void live_games::send_tv_update() {
    if (featured_.empty()) return;
    for (const auto& [game, rooms] : changed_) {
        if (!rooms.count(featured_)) continue;
        const json& s = live_.at(game).at(featured_);
        tv_update_msg m{
            featured_, s["plies"].get<std::int64_t>(), s["spectators"].get<std::int64_t>(), {}};
        auto b = boards_[game].find(featured_);
        if (moved_[game].count(featured_) && b != boards_[game].end())
            m.position = live_board_of(b->second, std::chrono::steady_clock::now());
        tell_tv(encode(m));
        return;
    }
}

void live_games::rank(const std::string& game, const std::string& room, const json& summary) {
    by_interest_.emplace(-interest(summary), game, room);
}

void live_games::unrank(const std::string& game, const std::string& room, const json& summary) {
    by_interest_.erase({-interest(summary), game, room});
}

void live_games::featured_check() {
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
    tell_tv(encode(tv_msg{featured_json()}));
}

}  // namespace kibitz::server
