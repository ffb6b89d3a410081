#pragma once
// The puzzle service (issue 27): serves the shipped puzzles, checks a
// solver's moves against the stored line (puzzle_attempt), plays the
// server's replies, and rates a solver's first try of each puzzle (the
// solver and the puzzle as two Glicko-2 players, per game). The next puzzle
// is the unseen one rated nearest the solver. Streak mode (puzzle_streak.hpp)
// serves puzzles a step harder each until the first mistake, unrated; the
// best streak per game is kept for stored players. A stored player's ratings and
// tries are kept in the store (what was seen survives a restart, and is the
// same on every node of a cluster: the standing is read again at each puzzle
// shown, and a first try is rated in the store's transaction); a guest not
// stored keeps theirs in this node's memory while the token lives here.
//
// Owns: the puzzle set with the puzzles' current ratings, each solver's
// standing per game (loaded from the store on first use, at most
// `max_solvers` kept, the oldest dropped), the try in progress (one per
// solver) and the solver's streak. Runs on its own strand: every message, store answer and HTTP
// question is handled there. Uses the store (may be null: no database,
// ratings in memory only), whose handlers only post back to the strand.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "domain/wall_clock.hpp"
#include "play/puzzle_desk.hpp"
#include "protocol/out_puzzle.hpp"
#include "puzzle/puzzle_attempt.hpp"
#include "puzzle/puzzle_streak.hpp"
#include "store/puzzle_store.hpp"

namespace kibitz::server {

struct puzzles_config {
    wall_clock clock;
    std::size_t max_solvers = 20000;  // standings kept in memory
};

class puzzles : public puzzle_desk, public std::enable_shared_from_this<puzzles> {
public:
    puzzles(boost::asio::io_context& ioc, storage::puzzle_store* store, puzzles_config cfg);

    // Start-up, before any I/O thread runs: the set, as the store holds it
    // (or as read from the files without a store). A puzzle whose line does
    // not play is left out and logged.
    void load(const std::vector<storage::puzzle_row>& rows);
    std::size_t size() const { return by_id_.size(); }

    void message(const player_ptr& who, const peer_ref& p, const puzzle_cmd_msg& m,
                 std::optional<std::int64_t> ack, const std::string& type) override;
    void describe(puzzle_query q, puzzle_answer h) override;

private:
    struct standing {
        glicko2::rating rating;
        std::set<std::string> seen;
        int best_streak = 0;
    };
    struct solver {
        std::map<std::string, standing> games;  // loaded ones only
        std::optional<puzzle_attempt> attempt;
        std::string attempt_id;
        bool first_try = false;
        std::optional<puzzle_streak_run> streak;  // the last one begun
        bool in_streak = false;  // the try in progress is the streak's
    };
    struct request {
        player_ptr who;
        peer_ref peer;
        puzzle_cmd_msg m;
        std::optional<std::int64_t> ack;
        std::string type;
    };
    void handle(const request& r);
    // Runs `then` with the solver's standing in `game`, loading it first.
    void with_standing(const request& r, const std::string& game, std::function<void()> then);
    solver& solver_of(const std::string& key);
    void show(const request& r, const std::string& id, bool streak = false);
    void next(const request& r);
    void streak(const request& r);  // puzzles_streak.cpp
    // A streak's try ended: its count (and best) on a solve, its end on a
    // mistake; what the page shows.
    puzzle_streak_view end_streak_try(const request& r, solver& s, bool solved);
    void move(const request& r);
    void solution(const request& r);
    // Ends the solver's try and hands `then` (on the strand) the ratings to
    // show when it was a first try: a stored solver's is rated by the store
    // from the ratings stored then (another node may have moved them),
    // others' here.
    using rated_then = std::function<void(std::optional<puzzle_ratings_view>)>;
    void finish(const request& r, solver& s, bool solved, rated_then then);
    void rated_by_store(const request& r, const std::string& id, bool solved, rated_then then);
    void fail(const request& r, std::string code, std::string message) const;
    puzzle_entry* find(const std::string& id);
    nlohmann::json public_json(const puzzle_entry& p) const;

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    storage::puzzle_store* store_;
    puzzles_config cfg_;
    std::map<std::string, std::vector<puzzle_entry>> by_game_;  // in id order
    std::map<std::string, std::pair<std::string, std::size_t>> by_id_;  // id -> game, index
    std::map<std::string, int> plays_;  // first tries counted, by id
    std::map<std::string, solver> solvers_;  // by player key
    std::deque<std::string> solver_order_;   // oldest first, for the bound
    std::uint64_t streak_noise_ = 0;         // varies the streaks' near-ties
};

// The day's puzzle of a set: the same for everyone on a UTC day, chosen from
// the day number and the game alone (a stable hash, not std::hash).
std::size_t daily_index(const std::string& game, std::int64_t now_ms, std::size_t count);
// {"move", "path", "affected"} of the last of `moves` played from `start`,
// for the board's highlight; null without moves.
nlohmann::json last_move_json(const core::game& start, const std::vector<std::string>& moves);
// The same for the move that led to a puzzle's position (from its `before`);
// null when it has none, or one that does not lead there.
nlohmann::json lead_in_json(const puzzle_entry& p);

}  // namespace kibitz::server
