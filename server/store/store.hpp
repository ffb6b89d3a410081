#pragma once
// The storage interface: everything the server persists. A PostgreSQL (or any
// other) backend is another implementation of this class, not a rewrite.
//
// Threading contract: every call returns at once and never blocks on I/O. The
// handler runs later on one of the store's own threads, after the operation
// has committed; a room must post back to its strand from the handler. Calls
// made from one thread are executed in the order made (writes share one queue).
// Handlers get a result: failures are values with a human-readable reason.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kibitz/core/result.hpp"
#include "store/records.hpp"

namespace kibitz::server::storage {

template <class T>
using handler = std::function<void(core::result<T>)>;

// Correspondence games' own reads and writes, apart so that `store` stays one
// job's size (tests/structure/public_members.sh); every store offers them.
class correspondence_store {
public:
    virtual ~correspondence_store() = default;
    // `who`'s correspondence games in play, with their moves (no chat): the
    // "your turn" list replays them to see whose move it is.
    virtual void correspondence_games_of(player_id who, handler<std::vector<game_record>> h) = 0;
    // At start-up, apart: every unfinished live game with its moves and chat
    // (restored into rooms at once), and only the summaries of the
    // correspondence games in play (their rooms are loaded, by game(), when
    // someone opens them or their deadline comes).
    virtual void unfinished_live_games(handler<std::vector<game_record>> h) = 0;
    virtual void correspondence_in_play(handler<std::vector<game_summary>> h) = 0;
    // A game's conditional premove line (correspondence) replaces the stored
    // one: `seat`'s, its moves in turn; an empty line (or seat -1) clears it.
    virtual void set_premove(game_key game, int seat, std::vector<std::string> line,
                             handler<bool> h) = 0;
};

// The sessions one account may hold at once (a browser each, lichess-like);
// beyond it, a new log-in ends the least recently seen.
inline constexpr int sessions_per_account = 50;

class store : public correspondence_store {
public:
    ~store() override = default;

    // Players, accounts, sessions. `password_hash` comes from auth::hash_password.
    virtual void create_guest(std::string name, std::int64_t now_ms, handler<player> h) = 0;
    // The computer's player rows, levels 1..8 in order, made on first call.
    virtual void computer_players(std::int64_t now_ms, handler<std::vector<player>> h) = 0;
    // Adopts `guest` (its games stay with the new account) when given and still a guest.
    virtual void create_account(std::string username, std::string password_hash,
                                std::optional<player_id> guest, std::int64_t now_ms,
                                handler<player> h) = 0;
    virtual void find_login(std::string username, handler<std::optional<account_login>> h) = 0;
    // A new session; the account keeps its sessions_per_account most
    // recently seen, the others end.
    virtual void create_session(std::string token_hash, player_id who, std::int64_t now_ms,
                                handler<bool> h) = 0;
    // Looks a session up and records that it was seen now.
    virtual void find_session(std::string token_hash, std::int64_t now_ms,
                              handler<std::optional<player>> h) = 0;
    virtual void delete_session(std::string token_hash, handler<bool> h) = 0;
    // Forgets sessions not seen since `before_ms`; the handler gets how many.
    virtual void expire_sessions(std::int64_t before_ms, handler<int> h) = 0;

    // Games as they happen. start_game reserves and returns the game's key at
    // once, so the room can queue moves before the start has committed (same
    // queue, so they land after it). The handler confirms durability, or
    // gives the reason g.admit refused it.
    virtual game_key start_game(new_game g, handler<game_key> h) = 0;
    // Durable (committed; fsynced with synchronous=FULL) before the handler runs.
    virtual void append_move(game_key game, move_record m, handler<bool> h) = 0;
    // A takeback: forgets every move from ply `keep` (0-based) on, so the game
    // replays to its first `keep` plies. Same writer queue as append_move, so
    // it lands between the moves it was called between. Refused once the game
    // has ended; the handler gets how many moves were removed.
    virtual void truncate_moves(game_key game, int keep, handler<int> h) = 0;
    // Records the result and, when e.rate gives them, both seats' new ratings
    // and their history, in one transaction. The store applies no rule itself.
    virtual void end_game(game_end e, handler<end_summary> h) = 0;
    virtual void add_chat(game_key game, std::optional<player_id> who, std::string channel,
                          std::string text, std::int64_t now_ms, handler<bool> h) = 0;

    // The rematch a finished game led to, by its public id (the rematch's
    // room id): a game's link leads there after the room has closed.
    virtual void set_rematch(game_key game, std::string rematch_public_id, handler<bool> h) = 0;

    // Queries (reader connection).
    virtual void unfinished_games(handler<std::vector<game_record>> h) = 0;
    virtual void game(game_key id, handler<std::optional<game_record>> h) = 0;
    // By the public id given at start_game (the server's room id).
    virtual void game_by_public_id(std::string public_id,
                                   handler<std::optional<game_record>> h) = 0;
    // An account by username, else a guest by its generated name; its recent
    // games newest first, those older than `before` (a game key; 0: from the newest).
    virtual void profile_of(std::string username, int recent_limit, game_key before,
                            handler<std::optional<profile>> h) = 0;
    virtual void leaderboard(std::string game_id, int limit, handler<std::vector<leader>> h) = 0;
    virtual void recent_games(int limit, handler<std::vector<game_summary>> h) = 0;

    // A finished game's computer analysis (JSON text, made by the server).
    // Saving a second one for the same game keeps the first (false).
    virtual void save_analysis(game_key game, std::string data, std::int64_t now_ms,
                               handler<bool> h) = 0;
    virtual void analysis_of(game_key game, handler<std::optional<std::string>> h) = 0;

    // Lessons a player has finished. Recording one again keeps the first (false).
    virtual void record_lesson(player_id who, std::string game_id, std::string lesson,
                               std::int64_t now_ms, handler<bool> h) = 0;
    virtual void lessons_of(player_id who, handler<std::vector<lesson_done>> h) = 0;
};

}  // namespace kibitz::server::storage
