// Oferhlýp from the position editor: tokens (men and kings, with 2 or 1 hit
// points) on the 49 squares, written as a position text without history and
// loaded, so parse_position's checks (one king a side, at most 14 tokens, a
// king on the board) decide what is refused.
#include "kibitz/core/composition.hpp"
#include "oferhlyp/oferhlyp.hpp"
#include "oferhlyp/oferhlyp_description.hpp"

namespace kibitz::core::oferhlyp {

result<std::unique_ptr<game>> compose(const composition& c) {
    if (auto why = check_composition(c, new_game()->view(), description); !why.empty())
        return error{why};
    std::string board;
    for (int rank = board_side; rank >= 1; --rank) {
        int empty = 0;
        for (int file = 0; file < board_side; ++file) {
            const piece* p = piece_at(c, std::string{char('A' + file), char('0' + rank)});
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) board += char('0' + empty);
            empty = 0;
            if (p->kind == "king") board += '+';
            const char full = p->owner == dark ? 'D' : 'L';
            board += p->hit_points == 2 ? full : char(full - 'A' + 'a');
        }
        if (empty) board += char('0' + empty);
        if (rank > 1) board += '/';
    }
    return from_position(board + (c.to_move == dark ? " dark" : " light"));
}

}  // namespace kibitz::core::oferhlyp
