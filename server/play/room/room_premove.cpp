// A room's conditional premoves (correspondence), as lichess has them: while
// the opponent is to move, a player leaves a line "if they play X, I play Y,
// if then X2, Y2…". Each move of the line is checked here against the rules
// core, from the position now, so a line that cannot happen is refused with
// the ply that fails. When the opponent moves, the waiting player's line plays
// its reply if the move is the one expected (its next pair then waits) and is
// dropped if not. One line per room (the waiting seat's), stored with the
// game (game_recorder::on_premove), so a restart finds it. Only its owner
// sees it: `premove.line` to their connections, and room.state's `premove`.
// Runs on the room's strand, like everything in room.
#include <spdlog/spdlog.h>

#include "play/room/room.hpp"

namespace kibitz::server {

namespace {
wire_error refused(std::string message) { return {"bad_premove", std::move(message)}; }
}  // namespace

std::optional<wire_error> room::set_premove(int seat, const std::vector<std::string>& line) {
    if (!correspondence())
        return wire_error{"not_available", "conditional premoves are for correspondence games"};
    if (!playing()) return wire_error{"game_over", "the game has ended"};
    if (line.empty()) {  // cleared
        if (premove_.seat == seat) {
            premove_ = {};
            premove_changed(seat);
        }
        return std::nullopt;
    }
    if (game_->to_move() == seat)
        return refused("it is your move: a line starts with your opponent's next move");
    // Replayed on a copy: each move must be legal for the side the line says.
    auto copy = game_->clone();
    std::vector<std::string> checked;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const int by = i % 2 == 0 ? 1 - seat : seat;
        const auto ply = std::to_string(i + 1);
        if (copy->current_status().over())
            return refused("move " + ply + " (" + line[i] + ") comes after the game would be over");
        if (copy->to_move() != by)
            return refused("move " + ply + " (" + line[i] + ") is not " +
                           (by == seat ? "yours" : "your opponent's") + " to make there");
        auto index = copy->parse_move(line[i]);
        if (!index)
            return refused("move " + ply + " (" + line[i] +
                           ") is not legal there: " + index.reason());
        checked.push_back(copy->move_text(index.value()));  // as the game writes it
        copy->play(index.value());
    }
    premove_ = {seat, std::move(checked)};
    premove_changed(seat);
    return std::nullopt;
}

void room::follow_premove(int mover, const std::string& notation) {
    const int owner = premove_.seat;
    if (owner < 0 || owner == mover || !playing()) return;
    if (premove_.moves.size() < 2 || premove_.moves.front() != notation) {
        spdlog::info("room {}: seat {}'s premove line dropped ({} was played)", id_, owner,
                     notation);
        premove_ = {};
        premove_changed(owner);
        return;
    }
    std::string reply = premove_.moves[1];
    premove_.moves.erase(premove_.moves.begin(), premove_.moves.begin() + 2);
    if (premove_.moves.empty()) premove_ = {};
    premove_changed(owner);
    // The reply as the owner's own move (checked again: the line was legal
    // when entered, and the position is the one it foresaw).
    if (auto e = play_move(owner, reply, nullptr)) {
        spdlog::warn("room {}: premove {} refused: {}", id_, reply, e->message);
        premove_ = {};
        premove_changed(owner);
    }
}

void room::premove_changed(int seat) {
    hub_.deps().recorder->on_premove(id_, premove_.seat, premove_.moves);
    auto f = encode(
        premove_line_msg{id_, premove_.seat == seat ? premove_.moves : std::vector<std::string>{}});
    for (const auto& [conn, p] : seats_[seat].conns) send_to(p, f);
}

json room::premove_line_of(int seat) const {
    return seat >= 0 && premove_.seat == seat ? json(premove_.moves) : json::array();
}

void room::restore_premove(const storage::game_summary& s) {
    if (s.premove_seat < 0 || s.premove.size() < 2 || !playing()) return;
    // A line waits while its owner's opponent is to move; one whose expected
    // move was played before a crash plays its reply now.
    premove_ = {s.premove_seat, s.premove};
    const int owner = s.premove_seat;
    if (game_->to_move() == 1 - owner) return;
    const auto& moves = journal_.moves();
    if (!moves.empty() && journal_.plies().back().seat == 1 - owner) {
        follow_premove(1 - owner, moves.back());
    } else {
        premove_ = {};
        hub_.deps().recorder->on_premove(id_, -1, {});
    }
}

}  // namespace kibitz::server
