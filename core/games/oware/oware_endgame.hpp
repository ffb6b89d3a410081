#pragma once
// Oware endgame databases: for every board with at most N seeds in the pits,
// the value for the side to move = seeds it will still capture minus seeds the
// opponent will, with perfect play (stores do not change it). Built by
// retrograde analysis over the rules core (oware_endgame.cpp), level by level
// from 0 seeds up; pure and deterministic, no I/O: the caller stores the bytes
// and hands them back as a span. Runs on the caller's thread; owns nothing
// but the vector it returns.
//
// Layout: one signed byte per board, the side to move's row first (pits 0..5),
// at index endgame_index(); boards with fewer seeds come first, so an Oware
// table for N is a prefix of the table for N + 1. Ouril's extra turns follow.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "oware/oware_position.hpp"

namespace kibitz::core::oware {

inline constexpr int endgame_max_seeds = 24;   // the binomial table's reach
inline constexpr int endgame_default_seeds = 15;  // 17.4 M boards, one byte each

using pit_counts = std::array<std::uint8_t, pit_count>;

// Boards with at most n seeds in the pits: C(n + 12, 12).
std::uint64_t endgame_size(int n);
// A table's size: in Ouril the extra turns after a grand slam follow, C(n + 6, 6)
// boards numbered by the mover's row alone (the opponent's is empty).
std::uint64_t endgame_size(variant v, int n);
// The number of seeds a table of `bytes` bytes covers; nothing if no n fits.
std::optional<int> endgame_seeds_of(variant v, std::size_t bytes);
// The index of a board (the side to move's row first) among all boards.
std::uint64_t endgame_index(const pit_counts& pits);

// What the build found, beside the values (for tests and the bench command).
struct endgame_build {
    std::vector<std::int8_t> values;  // endgame_size(n) bytes
    std::uint64_t cyclic = 0;         // boards valued by the cycle rule (below)
    int sweeps = 0;                   // sweeps over the largest level
};
// Builds the table for boards of at most n seeds (n <= endgame_max_seeds).
// Ouril: its single-seed rule, and a grand slam's extra turn (the same side
// moves again: the child's value is added, not subtracted); an extra turn with
// no move worth the mover's row (each side takes its own row).
endgame_build build_endgame(variant v, int n);

// A table handed in by the caller, probed by the search.
class endgame_table {
public:
    endgame_table() = default;
    // Empty (probes nothing) unless `bytes` has the size of a table of v.
    endgame_table(variant v, std::span<const std::int8_t> bytes);
    int seeds() const { return seeds_; }  // -1: no table
    // The value of p for its side to move when its board holds at most seeds().
    std::optional<int> value(const position& p) const;

private:
    std::span<const std::int8_t> values_;
    int seeds_ = -1;
    std::size_t extra_base_ = 0;  // where Ouril's extra turns start; the end in Oware
};

}  // namespace kibitz::core::oware
