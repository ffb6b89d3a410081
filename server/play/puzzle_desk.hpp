#pragma once
// Where a client's puzzle.* messages go, and where the HTTP API asks about
// puzzles (issue 27). Implemented by puzzle/puzzles.hpp, made once by the
// composition root and handed to the hub in play_deps and to the API.
// Every call returns at once; callable from any thread; answers come later
// from the service's strand.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "play/peer.hpp"
#include "play/player.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

// What the HTTP API asks: every puzzle of a game, one by id, or a game's
// puzzle of the UTC day. Each answered puzzle is
// {"id", "game", "position", "moves", "rating", "themes", "plays"}, with
// "last_move" and "before" where the puzzle has a last move.
struct puzzle_query {
    enum class kind { of_game, by_id, daily } what = kind::of_game;
    std::string key;  // the game, or the id
};
using puzzle_answer = std::function<void(std::vector<nlohmann::json>)>;  // empty: none

class puzzle_desk {
public:
    virtual ~puzzle_desk() = default;
    // From a connection's strand. Answers (puzzle, puzzle.result,
    // puzzle.solution, or an error echoing `type` and `ack`) go to `p`.
    virtual void message(const player_ptr& who, const peer_ref& p, const puzzle_cmd_msg& m,
                         std::optional<std::int64_t> ack, const std::string& type) = 0;
    virtual void describe(puzzle_query q, puzzle_answer h) = 0;
};

}  // namespace kibitz::server
