#pragma once
// The time control, a domain type: the lobby pairs by it, rooms run their
// clocks on it, the wire and the store carry it. Either a live Fischer clock
// (initial + increment) or correspondence (`days` per move: each move resets
// the mover's allowance to the full days, no increment; 0 days: unlimited,
// no deadline). Correspondence games are rated in a pool of their own per
// game (rating_pool). Plain data; no executor.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kibitz::server {

// The days per move a correspondence game may have; 0 is unlimited.
inline constexpr std::array<int, 7> correspondence_days{0, 1, 2, 3, 5, 7, 14};
inline constexpr std::int64_t day_ms = 24LL * 60 * 60 * 1000;

inline bool valid_correspondence_days(int days) {
    for (int d : correspondence_days)
        if (d == days) return true;
    return false;
}

// std::nullopt where an optional<time_control> is expected means untimed.
struct time_control {
    int initial_s = 0;
    int increment_s = 0;
    std::optional<int> days;  // set: correspondence (initial_s and increment_s are 0)
    bool operator==(const time_control&) const = default;

    bool correspondence() const { return days.has_value(); }
    // A correspondence move's full allowance; none when live or unlimited.
    std::optional<std::int64_t> move_allowance_ms() const {
        if (!days || *days == 0) return std::nullopt;
        return *days * day_ms;
    }
};

inline bool is_correspondence(const std::optional<time_control>& tc) {
    return tc && tc->correspondence();
}

// The key a game's ratings are stored under: the rules id for live (and
// untimed) games, "<id>/correspondence" for correspondence ones, so the two
// ways of playing have a Glicko-2 pool each (docs/rules/platform.md).
inline std::string rating_pool(std::string_view game_id, bool correspondence) {
    std::string key(game_id);
    if (correspondence) key += "/correspondence";
    return key;
}

}  // namespace kibitz::server
