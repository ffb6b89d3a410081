// Whole-board bit helpers shared by the move generator, the evaluation and the
// notation: one square's bit, and shifts one square in direction d (0 north =
// towards rank 7, then clockwise; the move generator's tables use the same
// order), with masks that drop what would wrap round an edge file.
#pragma once

#include <cstdint>

#include "oferhlyp/oferhlyp.hpp"

namespace kibitz::core::oferhlyp::bits {

inline constexpr std::uint64_t board_mask = (std::uint64_t{1} << square_count) - 1;
inline constexpr std::uint64_t file_a = [] {
    std::uint64_t m = 0;
    for (int r = 0; r < board_side; ++r) m |= std::uint64_t{1} << (r * board_side);
    return m;
}();
inline constexpr std::uint64_t file_g = file_a << (board_side - 1);

inline constexpr std::uint64_t bit(int sq) { return std::uint64_t{1} << sq; }

inline constexpr std::uint64_t shift(std::uint64_t b, int d) {
    switch (d) {
    case 0:
        return (b << 7) & board_mask;
    case 1:
        return (b << 8) & board_mask & ~file_a;
    case 2:
        return (b << 1) & board_mask & ~file_a;
    case 3:
        return (b >> 6) & ~file_a;
    case 4:
        return b >> 7;
    case 5:
        return (b >> 8) & ~file_g;
    case 6:
        return (b >> 1) & ~file_g;
    default:
        return (b << 6) & board_mask & ~file_g;
    }
}

}  // namespace kibitz::core::oferhlyp::bits
