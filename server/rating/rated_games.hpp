#pragma once
// The platform's rules on rated play, over the store (which only persists):
// - guests play casual games only (a rated start with a guest seat is refused);
// - only a finished, rated game between two different accounts changes
//   ratings, by Glicko-2 (one game, one rating period); aborted and casual
//   games never do.
// The store runs each rule inside the transaction that persists the game, on
// the players and ratings it has just read, so a rating never lags its game
// and two games ending at once cannot both start from the same old rating.
//
// Owns nothing but a reference to the store; every call returns at once and
// its handler runs on the store's writer thread (store.hpp's contract).
#include <array>
#include <optional>
#include <string>

#include "store/store.hpp"

namespace kibitz::server::rating {

// The rules themselves: pure functions, safe on any thread.
// Why a start is refused, or nothing when it may go ahead.
std::optional<std::string> refuse_start(const storage::game_settings& g,
                                        const std::array<storage::player, 2>& seats);
// The ratings both seats get from this ending, seat 0 first; nothing when the
// game does not count.
std::optional<std::array<storage::rating_value, 2>> rate(const storage::ending& e);

class rated_games {
public:
    explicit rated_games(storage::store& s) : store_(s) {}

    // As store::start_game and store::end_game, with the rules above applied.
    storage::game_key start_game(storage::new_game g, storage::handler<storage::game_key> h);
    void end_game(storage::game_end e, storage::handler<storage::end_summary> h);

private:
    storage::store& store_;
};

}  // namespace kibitz::server::rating
