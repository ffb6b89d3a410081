#pragma once
// Plain data that crosses the storage interface. Times are Unix milliseconds;
// seat 0 is the side that moves first. Ids are the database's row ids.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::server::storage {

using player_id = std::int64_t;
using game_key = std::int64_t;  // a stored game's row id (not the rules id)

struct player {
    player_id id = 0;
    std::string name;                      // username for accounts
    std::optional<std::int64_t> account;   // empty for guests
    int computer_level = 0;                // 1..8: the computer at that level; 0: a person
    bool bot = false;  // an account played by a program (issue 26)
    bool guest() const { return !account; }
};

// A personal API token as stored: never the secret, which only its holder has.
struct api_token {
    std::int64_t id = 0;
    player_id owner = 0;
    std::string description;
    std::string scopes;  // space-separated, as auth::api_scopes writes them
    std::int64_t created_ms = 0;
    std::int64_t last_used_ms = 0;  // 0: never used
};

struct token_holder {  // what a token opens: its row and its owner
    api_token token;
    player who;
};

struct lesson_done {
    std::string game_id;
    std::string lesson;  // the lesson's id in its game's learn data
    std::int64_t done_ms = 0;
};

struct account_login {          // what login needs to verify a password
    player who;
    std::string password_hash;  // argon2id string
};

struct game_settings {
    std::string game_id;            // rules id
    std::int64_t initial_ms = 0;    // 0 and 0: untimed
    std::int64_t increment_ms = 0;
    bool rated = false;
    bool is_private = false;
    std::string start_position;     // empty: the game's standard start
    // Correspondence: the days each move is allowed (0: unlimited); empty: live.
    std::optional<int> days_per_move;
};

struct new_game {
    game_settings settings;
    std::array<player_id, 2> seats{};
    std::int64_t created_ms = 0;
    // Unguessable id the server shows (its room id); empty: none. Unique.
    std::string public_id;
    // A rule run in the start's transaction on the stored seat players: a
    // reason refuses the start (nothing is written). Empty: no rule. The store
    // decides nothing itself (rating::rated_games supplies the platform's).
    std::function<std::optional<std::string>(const game_settings&,
                                             const std::array<player, 2>&)> admit;
    // When the first mover runs out of time (correspondence); empty: never.
    std::optional<std::int64_t> deadline_ms;
};

struct move_record {
    int ply = 0;                    // 0-based, consecutive
    int seat = 0;                   // who moved (an extra turn repeats a seat)
    std::string notation;
    std::array<std::int64_t, 2> clock_ms{};  // remaining after this move, increment included
    std::int64_t at_ms = 0;
    // The next mover's deadline after this move (correspondence), stored with
    // the move in one transaction; empty: none runs.
    std::optional<std::int64_t> deadline_ms;
};

enum class game_status { playing, finished, aborted };

struct rating_value {
    double rating = 1500, rd = 350, volatility = 0.06;
    int games = 0;
    bool provisional() const { return rd > 110; }  // platform rules: shown with '?'
};

// A game as it ends, as stored: what a rating rule decides on.
struct ending {
    std::string game_id;
    bool rated = false;
    game_status status = game_status::finished;
    std::optional<int> winner;           // a seat; empty for a draw or an abort
    std::array<player, 2> seats;
    std::array<rating_value, 2> ratings;  // each seat's current rating in game_id
    std::array<int, 2> moves{};           // moves each seat made
    // Finished rated games between the same two players that ended within
    // game_end::pair_window_ms before this one (this one not counted).
    int recent_pair_games = 0;
};

struct game_end {
    game_key game = 0;
    game_status status = game_status::finished;  // finished or aborted
    int winner = -1;                // seat, or -1 for a draw / abort
    std::string reason;             // "checkmate"-like text from the rules, "resigned", "time"
    std::int64_t ended_ms = 0;
    // A rule run in the end's transaction: the new ratings of both seats, which
    // are stored with their history, or nothing. Empty: ratings are untouched.
    std::function<std::optional<std::array<rating_value, 2>>(const ending&)> rate;
    std::int64_t pair_window_ms = 0;  // how far back ending::recent_pair_games looks (0: not)
};

struct rating_change {
    player_id who = 0;
    rating_value before, after;
};

struct end_summary {
    std::vector<rating_change> changes;  // empty unless the game was rated and finished
};

struct game_summary {
    game_key id = 0;
    game_settings settings;
    std::array<player, 2> seats;
    game_status status = game_status::playing;
    int winner = -1;
    std::string reason;
    std::int64_t created_ms = 0, ended_ms = 0;
    int plies = 0;
    std::string public_id;  // empty when stored without one
    std::string rematch;    // the rematch's public id; empty: none (yet)
    std::optional<std::int64_t> deadline_ms;  // the side to move's (correspondence); empty: none
    // A conditional premove line (correspondence): whose (-1: none), and its
    // moves, the opponent's expected move then the reply, in turn.
    int premove_seat = -1;
    std::vector<std::string> premove;
};

// One chat line of a game; `name` is the speaker's player name (empty when
// no player is known).
struct chat_record {
    std::optional<player_id> who;
    std::string channel, text;  // channel: "players" or "spectators"
    std::int64_t at_ms = 0;
    std::string name;
};

// The event that paired a game (its tournament_pairings row), so that its
// room restored after a restart is a tournament game again.
struct game_tournament {
    std::string id;  // the event's public id
    std::string kind;  // "arena" or "swiss"
    std::array<bool, 2> berserk{};  // the seats that went berserk (arenas)
};

struct game_record {
    game_summary summary;
    std::vector<move_record> moves;
    std::vector<chat_record> chat;  // filled by unfinished_games and game (restores), not by lists
    std::optional<game_tournament> tournament;  // as chat; none: not a tournament's game
};

struct game_rating {
    std::string game_id;
    rating_value value;
};

struct rating_point {
    std::string game_id;
    game_key game = 0;
    double rating = 0, rd = 0;
    std::int64_t at_ms = 0;
};

// A player's finished games of one rules id (aborted ones do not count).
struct result_counts {
    std::string game_id;
    int wins = 0, draws = 0, losses = 0;
};

struct profile {
    player who;
    std::vector<game_rating> ratings;
    std::vector<result_counts> results;  // by rules id, every finished game (rated or not)
    std::vector<rating_point> history;   // oldest first
    std::vector<game_summary> recent;    // newest first
};

struct leader {
    player who;
    rating_value value;
};

const char* to_string(game_status s);

// Restart policy (decided): clocks are paused while the server is down. Each
// seat resumes with the time it had after the last stored move (the initial
// time when no move was stored); the side to move gets back the thinking time
// it had used before the crash, which was never stored. The side to move's
// clock restarts when the room is restored, so an absent player's clock runs
// as usual while they reconnect (platform rules: a clock keeps running while
// its player is away).
inline std::array<std::int64_t, 2> clocks_at_restart(const game_record& g) {
    if (g.moves.empty()) return {g.summary.settings.initial_ms, g.summary.settings.initial_ms};
    return g.moves.back().clock_ms;
}

}  // namespace kibitz::server::storage
