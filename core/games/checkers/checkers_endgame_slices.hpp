#pragma once
// The endgame table's material slices and their places (layout:
// checkers_endgame.hpp). Internal to the checkers folder.
#include <cstdint>
#include <optional>

#include "checkers/checkers_endgame.hpp"

namespace kibitz::core::checkers::egdb {

constexpr int top = endgame_max_pieces;

// c[k][r] = C(k, r) for k <= 32, r <= top.
struct binomials {
    std::uint64_t c[33][top + 1] = {};
    constexpr binomials() {
        for (int k = 0; k <= 32; ++k) {
            c[k][0] = 1;
            for (int r = 1; r <= top && r <= k; ++r)
                c[k][r] = c[k - 1][r - 1] + (r < k ? c[k - 1][r] : 0);
        }
    }
};
inline constexpr binomials binom{};

// Counts from the side to move's point of view: own men and kings, the other's.
struct material {
    int om = 0, ok = 0, xm = 0, xk = 0;
    constexpr int pieces() const { return om + ok + xm + xk; }
    constexpr material swapped() const { return {xm, xk, om, ok}; }
};

constexpr std::uint64_t slice_size(const material& m) {
    const int free1 = 32 - m.om - m.xm;
    return binom.c[28][m.om] * binom.c[28][m.xm] * binom.c[free1][m.ok] *
           binom.c[free1 - m.ok][m.xk];
}

// Every slice of t pieces, in the table's order.
template <class F>
constexpr void for_each_slice(int t, F&& f) {
    for (int om = 0; om <= t; ++om)
        for (int ok = 0; om + ok <= t; ++ok)
            for (int xm = 0; om + ok + xm <= t; ++xm) {
                const int xk = t - om - ok - xm;
                if (om + ok > 0 && xm + xk > 0) f(material{om, ok, xm, xk});
            }
}

struct slice_places {
    std::uint64_t at[top + 1][top + 1][top + 1][top + 1] = {};  // where each slice starts
    std::uint64_t end_of[top + 1] = {};  // the table's size for at most n pieces
    constexpr slice_places() {
        std::uint64_t off = 0;
        for (int t = 2; t <= top; ++t) {
            for_each_slice(t, [&](const material& m) {
                at[m.om][m.ok][m.xm][m.xk] = off;
                off += slice_size(m);
            });
            end_of[t] = off;
        }
    }
};
inline constexpr slice_places slices{};

std::uint32_t squares_of(std::uint64_t ghost);
std::uint64_t ghost_of(std::uint32_t squares);
// The position of rank r in slice m (Black to move); nothing for an empty slot.
std::optional<position> position_at(const material& m, std::uint64_t r);
// The slice holding `index`; false past the largest table.
bool slice_of(std::uint64_t index, material& m);

}  // namespace kibitz::core::checkers::egdb
