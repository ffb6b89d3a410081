#include "tournament/rules/swiss_sides.hpp"

#include <cstdlib>

namespace kibitz::server::tournament {

namespace {

int balance(std::span<const side> sides) {
    int b = 0;
    for (side s : sides) b += s == side::first ? 1 : -1;
    return b;
}

bool last_two_are(std::span<const side> sides, side s) {
    const std::size_t n = sides.size();
    return n >= 2 && sides[n - 1] == s && sides[n - 2] == s;
}

}  // namespace

bool side_allowed(std::span<const side> sides, side s) {
    const int after = balance(sides) + (s == side::first ? 1 : -1);
    return std::abs(after) <= 2 && !last_two_are(sides, s);
}

side_preference preferred_side(std::span<const side> sides) {
    if (sides.empty()) return {};
    const int b = balance(sides);
    if (b >= 2 || last_two_are(sides, side::first)) return {side::second, 3};
    if (b <= -2 || last_two_are(sides, side::second)) return {side::first, 3};
    if (b == 1) return {side::second, 2};
    if (b == -1) return {side::first, 2};
    return {other(sides.back()), 1};
}

bool high_takes_first(std::span<const side> high, std::span<const side> low, int board) {
    const bool high_first_ok = side_allowed(high, side::first) && side_allowed(low, side::second);
    const bool low_first_ok = side_allowed(low, side::first) && side_allowed(high, side::second);
    if (high_first_ok != low_first_ok) return high_first_ok;

    const side_preference h = preferred_side(high), l = preferred_side(low);
    if (h.wants && l.wants && *h.wants != *l.wants) return *h.wants == side::first;
    if (h.wants && !l.wants) return *h.wants == side::first;
    if (l.wants && !h.wants) return *l.wants == side::second;
    if (!h.wants) return board % 2 == 1;  // neither has played: alternate down the boards
    // Both want the same side.
    if (h.strength != l.strength) {
        const bool high_wins = h.strength > l.strength;
        return (*h.wants == side::first) == high_wins;
    }
    // Alternate from the latest round in which their sides differed.
    for (std::size_t i = 1; i <= high.size() && i <= low.size(); ++i) {
        const side a = high[high.size() - i], b = low[low.size() - i];
        if (a != b) return a == side::second;
    }
    return *h.wants == side::first;
}

}  // namespace kibitz::server::tournament
