#pragma once
// The moves of a game as played: each in notation, with the seat that played
// it and both clocks after it (what a takeback restores and the store keeps),
// and the last move as a client highlights it. Keeps the current position's
// legal moves as the last move event sent them, so the next move's highlight
// is found without building another board view. Pure; owned by a room, used
// on its strand.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kibitz/core/board_view.hpp"

namespace kibitz::server {

class move_journal {
public:
    struct ply {
        int seat = 0;                            // who moved (an extra turn repeats a seat)
        std::array<std::int64_t, 2> clock_ms{};  // both clocks after it, as stored
    };

    const std::vector<std::string>& moves() const { return moves_; }
    const std::vector<ply>& plies() const { return plies_; }
    std::size_t size() const { return moves_.size(); }
    bool empty() const { return moves_.empty(); }

    // The legal moves of the current position, once known (a move event built them).
    bool knows_legal() const { return !legal_.empty(); }
    void keep_legal(std::vector<core::move_view> moves) { legal_ = std::move(moves); }
    // `text` by `seat` is about to be played from the current position: it
    // becomes the last move, with its path and affected cells from the legal
    // moves kept (just its text if it is not among them).
    void note_last(const std::string& text, int seat);
    void record(std::string text, int seat, std::array<std::int64_t, 2> clock_ms);

    const std::optional<core::move_view>& last() const { return last_; }
    int last_seat() const { return last_seat_; }

    // How many plies a takeback by `seat` undoes: its own last move and every
    // move after it; 0 when it has none.
    int plies_to_take_back(int seat) const;
    // A takeback: forget the highlight (the replay notes it again), then keep
    // the first `keep` plies.
    void forget_last();
    void truncate(std::size_t keep);
    // The game ended: no next move and no takeback; free what only play needed.
    void close();

private:
    std::vector<std::string> moves_;
    std::vector<ply> plies_;  // alongside moves_
    std::optional<core::move_view> last_;
    int last_seat_ = -1;
    std::vector<core::move_view> legal_;
};

}  // namespace kibitz::server
