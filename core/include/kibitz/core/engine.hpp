#pragma once
// The computer player's public face: think about a game's current position
// within a budget and name a move. Standard library only, no I/O, and no
// threads of its own unless limits::threads asks for more than one: the caller
// passes the budget, a stop flag, and a workspace (the transposition table) it
// owns and may reuse for one search at a time.
//
// Scores are from the side to move's point of view, in hundredths of "one
// ordinary unit" of the game (a checkers man, an Opprimo Soldier, an Oware
// seed, an Oferhlýp hit point). A forced result is a mate-like score:
// win_score - plies for a win reached in that many plies, its negation for a
// loss, so the shortest win and the longest defence score best.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kibitz/core/result.hpp"

namespace kibitz::core {
class game;
}

namespace kibitz::core::engine {

inline constexpr int min_level = 1, max_level = 8;
inline constexpr int win_score = 30000;
inline constexpr int max_ply = 128;
// Scores beyond this are forced results; evaluations stay well inside it.
inline constexpr int decided_score = win_score - 1000;

inline bool is_decided(int score) { return score > decided_score || score < -decided_score; }
// Plies to the forced end (> 0: the side to move wins; < 0: it loses); 0 if none.
inline int plies_to_end(int score) {
    if (score > decided_score) return win_score - score;
    if (score < -decided_score) return -(win_score + score);
    return 0;
}

struct limits {
    int depth = 0;                  // deepest iteration; 0: no limit but max_ply
    std::uint64_t nodes = 0;        // 0: no node limit
    std::int64_t movetime_ms = 0;   // 0: no time limit
    int level = max_level;          // 1 (a beginner beats it) .. 8 (full strength)
    std::uint64_t seed = 1;         // for the lower levels' random choices
    const std::atomic<bool>* stop = nullptr;  // set elsewhere to stop at once
    // A lone legal move is answered at once, unscored, unless this asks for
    // its score too (a game review wants every position's value).
    bool score_forced_move = false;
    // The game's endgame table (game_info::endgame built it; the caller loaded
    // it and keeps it alive during the search); empty: none. A table of
    // another size than the game's own format allows is ignored.
    std::span<const std::int8_t> endgame{};
    // Use the entries earlier searches left in the workspace's table too, so a
    // game's next move (or the analysis board's next position) starts from
    // what the last search found. The answer then depends on what was searched
    // before, so only searches bounded by time or a stop flag ask for it;
    // budgets of depth or nodes stay reproducible without it.
    bool keep_table = false;
    // With movetime: a new iteration starts only while less than this share
    // of it has passed. The next iteration usually costs more than all the
    // ones before it, so at 50 the search stops early on a clock it must
    // save; at 100 it spends the whole movetime (an unfinished iteration
    // still counts when its first moves already beat the last best).
    int iteration_start_percent = 50;
    // Threads to search with (lazy SMP): the extra ones search the same root
    // at once, sharing the workspace's table, and stop when the first does;
    // the first one's answer is the search's. Only for searches bounded by
    // time or a stop flag (the analysis board): which entries a helper wrote
    // first depends on timing, so the answer is no longer reproducible, and
    // a node budget counts the first thread's nodes alone. At most max_threads.
    int threads = 1;
    // Play from the game's opening book (opening_book.hpp) when the position
    // is in it: at once, unsearched, the level choosing among the book's moves
    // as it would among searched ones. Levels 5-8 only: the book keeps too
    // few moves for the wider margins of 1-4 to vary among. For games against
    // people and engine matches; never for analysis, reviews or puzzles,
    // which want a search.
    bool book = false;
};
inline constexpr int max_threads = 64;

// One line of progress, after each completed iteration.
struct info {
    int depth = 0;
    int score = 0;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<std::string> pv;  // the game's notation
    // The root's final lead with perfect play when the endgame table covers it
    // (endgame_support::final_lead): the side to move's point of view.
    std::optional<int> endgame_lead;
};
using info_sink = std::function<void(const info&)>;

struct report {
    std::size_t move = 0;   // index into the game's legal moves
    std::string text;       // that move's notation
    int score = 0;          // of the chosen move, as searched
    int depth = 0;          // deepest completed iteration
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<std::string> pv;
    std::optional<int> endgame_lead;  // as in info
    bool from_book = false;           // the opening book's move, not searched now
};

// One transposition-table slot: 16 bytes, the same for every game. `data`
// packs the move key (low 32 bits), the score (16), the depth (8) and the
// bound and age (8: low 2 bits the bound, high 6 the search generation);
// `check` is the position's key XOR data. Threads sharing a table (lazy SMP)
// read and write the two words without a lock; a slot torn between two
// writers fails the key check and reads as empty (engine/table.hpp).
struct table_entry {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
};

// The memory a search works in, reused between searches. Each search writes
// its own generation; unless its limits say keep_table, it starts from a
// logically empty table, so a fixed node or depth budget gives the same move
// whatever was searched before.
class workspace {
public:
    explicit workspace(std::size_t table_mib = 16);
    std::vector<table_entry>& table() { return table_; }
    std::uint8_t next_generation();

private:
    std::vector<table_entry> table_;
    std::uint8_t generation_ = 0;
};

// What one game's search found (each game's think function in the registry
// returns it; think() below turns it into a report and applies the level).
struct search_result {
    std::size_t index = 0;  // into the game's legal moves
    int score = 0;
    int depth = 0;          // deepest completed iteration
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<std::string> pv;
    // Every legal move's score from the last completed iteration. With a
    // margin, moves within it of the best have exact scores; the others hold
    // an upper bound below best - margin.
    std::vector<int> scores;
};

// Thinks about g's current position. An error when the game is over. A
// position with one legal move answers at once with it.
result<report> think(const game& g, const limits& l, const info_sink& sink, workspace& ws);
result<report> think(const game& g, const limits& l, const info_sink& sink = {});

// Endgame tables, where a game has them (its game_info says): built by the
// game's own retrograde analysis (pure, deterministic, no I/O); the caller
// stores the bytes and hands them back to the search in limits::endgame.
struct endgame_support {
    int default_units = 0;  // seeds or pieces a table covers by default; 0: no tables
    std::vector<std::int8_t> (*build)(int units) = nullptr;
    // g's current position in `table`: what the side to move will still gain
    // (in the game's own unit: captured seeds), or nothing when not covered.
    std::optional<int> (*value)(const game& g, std::span<const std::int8_t> table) = nullptr;
    // The game's result with perfect play from g: the side to move's final lead
    // (its score at the end less the other's; > 0 a win, 0 a draw), or nothing
    // when `table` does not cover g.
    std::optional<int> (*final_lead)(const game& g, std::span<const std::int8_t> table) = nullptr;
    const char* value_meaning = "";  // what value() counts, in words
};

// What a level means, the same for every game.
struct level_params {
    int max_depth = 0;            // 0: none
    std::uint64_t max_nodes = 0;  // 0: none
    int margin = 0;               // choose at random among moves this close to the best
    int random_permille = 0;      // how often a uniformly random legal move instead
};
level_params level_settings(int level);

}  // namespace kibitz::core::engine
