#pragma once
// Wrong entry codes of private events, counted per player (security review
// F8: a 4-digit code was found at ~500 guesses a second). Five wrong codes
// in ten minutes and the player's next tries are refused, right or wrong,
// until the window ends; with codes of six characters or more that puts a
// guess out of reach, and a new guest costs its address a place in the new
// guests' budget. Lives on the tournament service's strand.
#include <cstdint>
#include <map>
#include <string>

namespace kibitz::server::tournament {

class code_tries {
public:
    static constexpr int allowed = 5;
    static constexpr std::int64_t window_ms = 10 * 60 * 1000;

    // Whether `player` may try a code now.
    bool may_try(const std::string& player, std::int64_t now) const {
        auto it = wrong_.find(player);
        return it == wrong_.end() || it->second.count < allowed ||
               now - it->second.since >= window_ms;
    }
    void wrong(const std::string& player, std::int64_t now) {
        if (wrong_.size() >= max_players) forget_expired(now);
        if (wrong_.size() >= max_players) return;  // a flood of players: each still meets the code
        auto& w = wrong_[player];
        if (w.count == 0 || now - w.since >= window_ms) w = {0, now};
        ++w.count;
    }

private:
    static constexpr std::size_t max_players = 20'000;
    struct tries {
        int count = 0;
        std::int64_t since = 0;
    };
    void forget_expired(std::int64_t now) {
        std::erase_if(wrong_, [now](const auto& kv) { return now - kv.second.since >= window_ms; });
    }
    std::map<std::string, tries> wrong_;  // by player key
};

}  // namespace kibitz::server::tournament
