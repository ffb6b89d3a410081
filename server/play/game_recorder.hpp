#pragma once
// Where rooms report what happens, for storage to persist (store_recorder.hpp
// is the database one). The default records nothing. Rooms call these on their
// own strand, so an implementation must return at once (queue the work to its
// own thread) and must not throw.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "domain/time_control.hpp"
#include "kibitz/core/game.hpp"
#include "play/player.hpp"
#include "store/records.hpp"

namespace kibitz::server {

struct game_started {
    std::string room;
    std::string game;
    std::optional<time_control> tc;
    bool rated = false;
    bool is_private = false;
    player_ptr seats[2];
    std::string initial_position;  // game::position_text() at the start
    std::string start_position;    // the chosen start; empty: the standard start
    std::int64_t started_ms = 0;   // unix epoch milliseconds
    std::optional<std::int64_t> deadline_ms;  // the first mover's (correspondence)
};

struct move_played {
    std::string room;
    int ply = 0;              // 1 for the first move (the store counts from 0)
    int seat = 0;
    std::string move;         // notation
    std::int64_t clock_ms[2] = {0, 0};  // remaining after the move (0 when untimed)
    std::int64_t at_ms = 0;   // unix epoch milliseconds
    std::optional<std::int64_t> deadline_ms;  // the next mover's (correspondence)
};

struct game_ended {
    std::string room;
    core::status result;
    bool aborted = false;
    std::int64_t at_ms = 0;
};

struct chat_said {
    std::string room;
    player_ptr who;           // null: unknown
    bool players = true;      // the players' channel, else the spectators'
    std::string text;
    std::int64_t at_ms = 0;
};

class game_recorder {
public:
    // Called once the move is durable (true) or storing it failed (false), on
    // any thread: the room posts back to its strand (room_storage.cpp). The
    // room may hand the same move again after a failure (it retries).
    using move_done = std::function<void(bool durable)>;

    virtual ~game_recorder() = default;
    virtual void on_start(const game_started&) {}
    virtual void on_move(const move_played&, move_done done) {
        if (done) done(true);  // nothing to wait for
    }
    // Called with the rating change of both players (by stored player row),
    // empty when the game did not count; on any thread, never for a recorder
    // that does not rate.
    using ratings_done = std::function<void(std::vector<storage::rating_change>)>;
    virtual void on_end(const game_ended&, ratings_done /*done*/) {}
    // A takeback: only the first `plies_left` moves of the game stand now.
    virtual void on_takeback(const std::string& /*room*/, int /*plies_left*/) {}
    virtual void on_chat(const chat_said&) {}
    // The finished game's rematch started in room `next`.
    virtual void on_rematch(const std::string& /*room*/, const std::string& /*next*/) {}
    // A seat's conditional premove line replaced (seat -1 or no moves: none).
    virtual void on_premove(const std::string& /*room*/, int /*seat*/,
                            const std::vector<std::string>& /*line*/) {}
    virtual void on_forget(const std::string& /*room*/) {}  // the room is gone for good
    // A stored game restored after a restart: its room writes to that record.
    virtual void on_restore(const std::string& /*room*/, std::int64_t /*key*/,
                            const std::string& /*game_id*/) {}
    // The stored game a room writes to (empty: none, as when nothing is
    // stored): an idle correspondence room is dropped only if it can be
    // loaded back from there (room_directory::rest).
    virtual std::optional<std::int64_t> key_of(const std::string& /*room*/) { return std::nullopt; }
};

}  // namespace kibitz::server
