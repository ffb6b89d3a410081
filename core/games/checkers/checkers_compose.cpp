// Checkers from the position editor: men and kings on the 32 dark squares,
// written as PDN FEN and loaded, so parse_fen's checks (crowning row, 12 a
// side, a side to move against no pieces) decide what is refused.
#include "checkers/checkers.hpp"
#include "checkers/checkers_description.hpp"
#include "kibitz/core/composition.hpp"

namespace kibitz::core::checkers {

result<std::unique_ptr<game>> compose(const composition& c) {
    if (auto why = check_composition(c, new_game()->view(), description); !why.empty())
        return error{why};
    std::string lists[2];
    for (int sq = 1; sq <= 32; ++sq) {
        const piece* p = piece_at(c, std::to_string(sq));
        if (!p) continue;
        std::string& list = lists[p->owner];
        if (!list.empty()) list += ',';
        list += (p->kind == "king" ? "K" : "") + std::to_string(sq);
    }
    // FEN: the side to move, then White's pieces and Black's (seat 0 is Black).
    return from_position(std::string(c.to_move == black ? "B" : "W") + ":W" + lists[white] + ":B" +
                         lists[black]);
}

}  // namespace kibitz::core::checkers
