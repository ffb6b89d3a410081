#pragma once
// What the lobby's live list draws of one public game in play as a mini
// board: the pieces, whose move, the last move's highlight and the clocks.
// A room hands one to live_games when it starts and after each move (or
// takeback), which keeps the latest per room and prints it only when it
// sends (live_lists.cpp), so a board goes out at most once per count batch
// however many moves were played in it.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "kibitz/core/board_view.hpp"
#include "protocol/out_lobby.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

struct live_position {
    std::vector<core::piece> pieces;
    int to_move = 0;
    std::vector<std::string> last_path, last_affected;  // empty before the first move
    std::optional<clocks_snapshot> clocks;              // none when untimed
    std::chrono::steady_clock::time_point read_at{};    // when the clocks were read
};

// The wire form (schema/protocol.md, live.snapshot): "board" (pieces,
// to_move), "last" and "clocks", the running clock counted down to `now`.
// Defined in live_position.cpp.
live_board live_board_of(const live_position& p, std::chrono::steady_clock::time_point now);
// The same, added to `out` (a live-list entry).
void put_live_position(json& out, const live_position& p,
                       std::chrono::steady_clock::time_point now);

// The board's shape (layout, extent, cells) of a game id, the same in all its
// games: sent once per list (live.snapshot) or with the featured game.
json live_board_shape(const std::string& game_id);

}  // namespace kibitz::server
