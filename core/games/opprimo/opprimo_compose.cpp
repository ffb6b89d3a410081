// Opprimo from the position editor: Soldiers and Knights on points, one King a
// side on a triangle, written as a position text and loaded, so
// parse_position's checks (a King inside its Castle, no Soldier on its
// promotion points, no trapped King for the side that just moved) decide the
// rest. Here only what the text cannot say: a King on a point, a Soldier in a
// triangle, a missing or second King, named by side for players.
#include "kibitz/core/composition.hpp"
#include "opprimo/opprimo.hpp"
#include "opprimo/opprimo_description.hpp"

namespace kibitz::core::opprimo {

result<std::unique_ptr<game>> compose(const composition& c) {
    const board_view board = new_game()->view();
    if (auto why = check_composition(c, board, description); !why.empty()) return error{why};
    auto side = [](int s) {
        std::string n(description.sides[s].name);
        n[0] = char(n[0] - 'a' + 'A');
        return n;
    };
    std::string items[2], king_at[2];
    for (const cell& at : board.cells) {
        const piece* p = piece_at(c, at.id);
        if (!p) continue;
        const bool king = p->kind == "king";
        if (king != (at.kind == "triangle"))
            return error{king
                             ? "a King stands in a triangle, not on the point " + at.id
                             : "a " + p->kind + " stands on a point, not in the triangle " + at.id};
        if (king) {
            if (!king_at[p->owner].empty()) return error{side(p->owner) + " has two Kings"};
            king_at[p->owner] = at.id;
        } else {
            items[p->owner] += (p->kind == "knight" ? "N" : "") + at.id + ",";
        }
    }
    for (int s = 0; s < 2; ++s) {
        if (king_at[s].empty()) return error{side(s) + " has no King"};
        items[s] += "K" + king_at[s];  // the King last, as the position text writes it
    }
    return from_position(std::string(c.to_move == 0 ? "y" : "r") + " Y:" + items[0] +
                         " R:" + items[1]);
}

}  // namespace kibitz::core::opprimo
