#pragma once
// The platform's rules on rated play, over the store (which only persists):
// - guests play casual games only (a rated start with a guest seat is refused);
// - only a finished, rated game between two different accounts changes
//   ratings, by Glicko-2 (one game, one rating period); aborted and casual
//   games never do;
// - against rating farming (two accounts feeding one another points): a game
//   in which either side made fewer than two moves changes no rating, and of
//   the rated games one pair of accounts finishes within 24 hours only the
//   first three do (docs/rules/platform.md, "Ratings").
// The store runs each rule inside the transaction that persists the game, on
// the players and ratings it has just read, so a rating never lags its game
// and two games ending at once cannot both start from the same old rating.
//
// Owns nothing but a reference to the store; every call returns at once and
// its handler runs on the store's writer thread (store.hpp's contract).
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "store/store.hpp"

namespace kibitz::server::rating {

// The rules themselves: pure functions, safe on any thread.
// Rated play needs an account: guests play casual games only (the lobby
// refuses a rated seek or pairing of a guest; the store a rated start).
inline bool may_play_rated(bool guest) { return !guest; }
inline constexpr int min_moves_each = 2;
inline constexpr std::int64_t pair_window_ms = 24 * 60 * 60 * 1000;
inline constexpr int rated_games_per_pair = 3;  // within pair_window_ms
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
