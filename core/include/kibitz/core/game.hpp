#pragma once
// The one interface every game implements. A `game` is a position together with
// the history its rules need (repetition, move counters), so it can tell its own
// result. Legal moves are a dense list, indexed 0..move_count()-1, in a
// deterministic order; notation is converted to and from that index.
//
// Speed-critical work (perft, random play) lives behind `perft()` so that each
// game runs its own non-virtual fast path.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "kibitz/core/board_view.hpp"
#include "kibitz/core/refusals.hpp"
#include "kibitz/core/result.hpp"

namespace kibitz::core {

// Seat 0 is the side that moves first in that game (Black, Dark, Yellow, South).
enum class status_kind { ongoing, win, draw };

struct status {
    status_kind kind = status_kind::ongoing;
    int winner = -1;     // seat index when kind == win
    std::string reason;  // e.g. "no legal move", "threefold repetition", "king captured"

    bool over() const { return kind != status_kind::ongoing; }
    bool operator==(const status&) const = default;
};

class game {
public:
    virtual ~game() = default;

    virtual std::string_view id() const = 0;
    virtual std::unique_ptr<game> clone() const = 0;

    virtual int to_move() const = 0;                     // seat index
    virtual std::size_t move_count() const = 0;          // 0 once the game is over
    virtual std::string move_text(std::size_t index) const = 0;  // notation, full form
    virtual result<std::size_t> parse_move(std::string_view text) const = 0;
    virtual void play(std::size_t index) = 0;            // precondition: index < move_count()

    virtual status current_status() const = 0;
    // What ending by agreement gives now (a draw; in Oware/Ouril each side takes its own row).
    virtual status agreed_end() const = 0;

    virtual std::string position_text() const = 0;
    virtual board_view view() const = 0;
    // The view without layout, extent and cells (they never change during a
    // game): what a move event sends. Games may override it to skip building
    // the cells; by default it is view() with those dropped.
    virtual board_view view_without_cells() const {
        board_view v = view();
        v.layout.clear();
        v.width = v.height = 0;
        v.cells.clear();
        return v;
    }

    // Why the side to move can start no move at some cells of `v` (this
    // position's view): one group per reason, cells in the view's order. Asked
    // only where a mover is sent the position, never by search or perft. By
    // default: each own piece that has no move; games say more where their
    // rules explain it (a compulsory capture, an empty pit).
    virtual std::vector<refusal> refusals(const board_view& v) const {
        return group_refusals(v, own_piece_cells(v), [&v](const std::string& cell) {
            const piece* p = piece_at(v, cell);
            return "The " + (p ? p->kind : std::string("piece")) + " on " + cell +
                   " has no legal move now";
        });
    }

    // The view a mover is sent (a room's state and move events, the position
    // API): the view with its refusals.
    board_view view_for_mover(bool with_cells) const {
        board_view v = with_cells ? view() : view_without_cells();
        v.refusals = refusals(v);
        return v;
    }

    virtual std::uint64_t perft(int depth) const = 0;
    // Same position and the same history that the rules depend on.
    virtual bool equals(const game& other) const = 0;

    // Plays the move written as `text`; on error nothing changes.
    result<std::size_t> try_move(std::string_view text) {
        auto index = parse_move(text);
        if (index) play(index.value());
        return index;
    }
};

}  // namespace kibitz::core
