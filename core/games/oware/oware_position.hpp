#pragma once
// The fast, non-virtual core of Oware and Ouril: a 16-byte position, legal move
// generation (which also yields each move's resulting position), status and
// perft. No history here: repetition lives in the `game` wrapper (oware_game.cpp).
//
// Encoding: pits[0..5] are South's a..f, pits[6..11] North's A..F, so the
// sowing order a b c d e f A B C D E F a ... is simply increasing index mod 12.
// stores[seat] are the captured seeds. `side` is the seat to move (0 South,
// 1 North). `extra` is 1 during an Ouril extra turn after a grand slam (text `:G`).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "kibitz/core/game.hpp"
#include "kibitz/core/result.hpp"

namespace kibitz::core::oware {

enum class variant : std::uint8_t { oware, ouril };

inline constexpr int pit_count = 12;
inline constexpr int total_seeds = 48;
inline constexpr int winning_store = 25;  // more than half of 48

struct position {
    std::array<std::uint8_t, pit_count> pits{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
    std::array<std::uint8_t, 2> stores{0, 0};
    std::uint8_t side = 0;
    std::uint8_t extra = 0;

    bool operator==(const position&) const = default;
    int row_sum(int seat) const;
};
static_assert(sizeof(position) == 16);

// The legal moves of a position in pit order (a..f or A..F), each with the
// position it leads to and the pits it captures (bit i = pit i).
struct move_set {
    int size = 0;
    std::array<std::uint8_t, 6> pit{};
    std::array<std::uint16_t, 6> captured{};
    std::array<position, 6> next{};
};

// One sowing and its captures, with no legality checks; side/extra are updated
// (an Ouril grand slam outside an extra turn keeps the side and sets `extra`).
struct sowing {
    position next;
    std::uint16_t captured = 0;  // mask of captured pits
    bool fed = false;            // the opponent's row holds seeds after sowing, before capture
    bool grand_slam = false;     // captured, and the opponent's row is now empty
};
sowing sow(variant v, const position& p, int pit);

// Why a pit may not be played now, for error messages (empty when legal).
std::string illegal_reason(variant v, const position& p, int pit);

void generate(variant v, const position& p, move_set& out);

// Status from the position alone (25 seeds, no legal move); repetition is the
// caller's business. `legal` is the number of legal moves of `p`.
status position_status(const position& p, int legal);
// Each player captures the seeds on their own row; higher store wins.
status rows_to_owners(const position& p, std::string reason);

// Leaf count; no repetition endings (positions only, as in chess perft).
std::uint64_t perft(variant v, const position& p, int depth);

std::string to_text(const position& p);
result<position> parse_position(variant v, std::string_view text);

inline char pit_letter(int pit) { return pit < 6 ? char('a' + pit) : char('A' + pit - 6); }
inline int pit_of_letter(char c) {
    if (c >= 'a' && c <= 'f') return c - 'a';
    if (c >= 'A' && c <= 'F') return c - 'A' + 6;
    return -1;
}

}  // namespace kibitz::core::oware
