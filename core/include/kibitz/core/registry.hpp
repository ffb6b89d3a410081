#pragma once
// The explicit list of games (no static self-registration: a static library's
// linker would drop it), and the one place a game is named: everything else
// (server, export, metrics, the browser client) reads this catalogue.
#include <memory>
#include <span>
#include <string_view>

#include "kibitz/core/composition.hpp"
#include "kibitz/core/engine.hpp"
#include "kibitz/core/game.hpp"
#include "kibitz/core/game_description.hpp"
#include "kibitz/core/puzzle.hpp"

namespace kibitz::core {

struct game_info {
    std::string_view id;       // the rules id on the wire and in storage
    game_description about;    // names, sides, board shape, export (game_description.hpp)
    std::unique_ptr<game> (*new_game)();
    result<std::unique_ptr<game>> (*from_position)(std::string_view text);
    // From the position editor: what stands where and who moves (composition.hpp).
    result<std::unique_ptr<game>> (*compose)(const composition& c);
    // The game's own search (engine::think calls it): g is a game of this id,
    // not over, with two or more legal moves.
    engine::search_result (*think)(const game& g, const engine::limits& l, int margin,
                                   const engine::info_sink& sink, engine::workspace& ws) = nullptr;
    // What the puzzle miner needs of the game: margins and themes (puzzle.hpp).
    puzzle_rules puzzles{};
    engine::endgame_support endgame{};  // none unless the game builds tables
};

std::span<const game_info> all_games();
const game_info* find_game(std::string_view id);  // nullptr when unknown

}  // namespace kibitz::core
