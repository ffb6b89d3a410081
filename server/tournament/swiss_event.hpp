#pragma once
// One Swiss event as its service keeps it: the entrants, every round's
// boards (games and byes) with their results, and what the next round's
// pairing (tourcore's pair_swiss_round) and the standings with their
// tie-breaks (swiss_standings) are made from. Rebuilt from the stored
// record on restart (restore), so the standings after a restart are the
// ones before.
// How a stored pairing reads as a Swiss game: a pairing of a player with
// themselves is a bye (won); a game without a result (aborted: a player's
// first move never came) is a forfeit by the seat whose move it was.
// Plain data and pure decisions: the clock is passed in, nothing is stored
// or sent here. Owned by the Swiss service, used on its strand only.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "play/player.hpp"
#include "protocol/out_tournament.hpp"
#include "store/tournament_records.hpp"
#include "tournament/rules/swiss_pairing.hpp"
#include "tournament/rules/tie_breaks.hpp"

namespace kibitz::server::tournament {

// A stored result (storage's encoding; none: in play) as a Swiss game's.
swiss_result swiss_result_of(const std::optional<int>& result, int plies);
// The room name of round `round`'s bye in event `public_id` (unique).
std::string bye_room(const std::string& public_id, int round);
// One round's token on a player's sheet (schema/protocol.md).
std::string sheet_token(const swiss_record::round_entry& r);

class swiss_event {
public:
    struct entrant {
        player_ptr who;
        int rating = 1500;
        bool withdrawn = false;
        std::int64_t joined_ms = 0;
    };
    struct board {
        int round = 0;
        std::array<std::string, 2> keys;  // seat 0 (first), seat 1; equal for a bye
        std::optional<int> result;        // storage's encoding; a bye: 0
        int plies = 0;
    };

    explicit swiss_event(storage::tournament_row row);

    const storage::tournament_row& row() const { return row_; }
    void set_status(std::string s) { row_.status = std::move(s); }
    int round() const { return round_; }  // the round paired last; 0 before the first

    void restore(const storage::tournament_record& r, const std::vector<player_ptr>& players);

    const entrant* find(const std::string& key) const;
    // A new entrant, or one who withdrew coming back: paired from the next round.
    void enter(const player_ptr& who, int rating, std::int64_t now_ms);
    void withdraw(const std::string& key);
    int players() const { return static_cast<int>(entrants_.size()); }
    std::vector<std::string> active() const;  // the entrants not withdrawn
    std::vector<player_ptr> entered() const;  // the same players

    // The next round among the entrants not withdrawn who are in `present`
    // (the round counter moves on only when add_board/add_bye record it).
    // nullopt: no pairing exists (the event should end).
    std::optional<swiss_round_pairing> pair_next(const std::set<std::string>& present) const;
    void add_board(int round, const std::string& room, const std::string& first,
                   const std::string& second);
    const board* board_in(const std::string& room) const;

    // A game's end (storage's result encoding): applied at once; the result
    // to store, with both players' new score and sheet; nullopt when the
    // room is not this event's or its result is known.
    std::optional<storage::pairing_result> finish(const std::string& room, int result, int plies,
                                                  std::int64_t at_ms);
    // The player who forfeited the game in `room` (never moved); empty: none.
    std::string forfeited_by(const std::string& room) const;
    bool round_finished() const;  // every board of the current round has a result

    std::vector<swiss_game> history() const;
    std::vector<tournament_standing> standings(std::size_t limit = 0) const;
    std::vector<tournament_board> boards_of(int round) const;
    std::string top_room() const;  // the top board of the round still in play

private:
    std::string sheet_of(const swiss_record* r) const;
    nlohmann::json public_of(const std::string& key) const;

    storage::tournament_row row_;
    int round_ = 0;
    std::map<std::string, entrant> entrants_;  // by player key
    std::map<std::string, board> boards_;      // by room
    std::vector<std::string> order_;           // rooms in pairing order (top board first)
};

}  // namespace kibitz::server::tournament
