// What the lobby counts for everyone: players online, games in play, and
// per quick-pairing pool how many wait and how many of its games are played
// (those from live_games), sent at most once per batch period and only when
// they changed. Runs on the lobby's strand, like everything in lobby.
#include "play/lobby/lobby.hpp"

namespace kibitz::server {

namespace {

// A pool is a game id, a time control and rated or not: one quick-pairing queue.
std::string pool_key(const std::string& game, const json& tc, bool rated) {
    return game + '|' + tc.dump() + '|' + (rated ? "rated" : "casual");
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
    // Held for the loop: `*live_.playing()` in the loop's head would drop the
    // snapshot at once, and live_games may free it on its strand (TSan saw it).
    const auto playing = live_.playing();
    for (const auto& played : *playing)
        pool(played.game, played.tc, played.rated)["playing"] = played.playing;
    json out = json::array();
    for (auto& [key, p] : pools) out.push_back(std::move(p));
    return out;
}

void lobby::count_tick() {
    if (stopped_) return;
    // Counts go out at most once per batch period, and only when they changed.
    long players = hub_.counts().online(), games = hub_.counts().games_in_play();
    json pools = pools_json();
    if (players != last_players_ || games != last_games_ || pools != last_pools_) {
        last_players_ = players;
        last_games_ = games;
        last_pools_ = pools;
        broadcast(encode(counts_msg{players, games, pools}));
    }
    after_guarded(
        count_timer_, hub_.config().count_batch, shared_from_this(), [this] { count_tick(); },
        "lobby: counts");
}

}  // namespace kibitz::server
