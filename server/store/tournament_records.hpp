#pragma once
// Plain data that crosses the tournament part of the storage interface
// (tournament_store.hpp). Times are Unix milliseconds; ids are row ids.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/records.hpp"

namespace kibitz::server::storage {

using tournament_key = std::int64_t;

// What an event is, as created: an arena runs duration_ms from starts_ms; a
// Swiss event runs `rounds` rounds round_interval_ms apart.
struct tournament_settings {
    std::string kind = "arena";  // "arena" or "swiss"
    std::string game_id;
    std::int64_t initial_ms = 0, increment_ms = 0;
    bool rated = false;
    std::string name;
    std::optional<player_id> created_by;  // empty: the server's schedule
    std::int64_t starts_ms = 0;
    std::int64_t duration_ms = 0;
    int rounds = 0;
    std::int64_t round_interval_ms = 0;
    // JSON text the store keeps as given (entry code, limits, whether the
    // entrants were told it starts soon: "announced").
    std::string extra = "{}";
};

struct tournament_row {
    tournament_key id = 0;
    std::string public_id;
    tournament_settings settings;
    std::string status = "created";  // "created", "started" or "finished"
    std::int64_t created_ms = 0;
    std::optional<std::int64_t> ended_ms;
};

struct tournament_entry {
    player who;
    int score = 0;
    std::string sheet;  // the service's cache of the player's results
    bool withdrawn = false, paused = false;
    std::int64_t joined_ms = 0;
};

// Pairing results as stored: a winning seat, or one of these.
constexpr int result_draw = -1;
constexpr int result_void = -2;  // no game (aborted): counts for no one

struct tournament_pairing {
    std::int64_t id = 0;
    int round = 0;       // the arena's wave, the Swiss round
    std::string room;    // the game's public id
    std::array<player_id, 2> seats{};
    std::array<bool, 2> berserk{};
    std::optional<int> result;  // empty while the game is played
    int plies = 0;
    std::int64_t created_ms = 0;
    std::optional<std::int64_t> ended_ms;
};

// One line of an event's chat: the writer's public id and name as shown.
struct tournament_chat_entry {
    std::string player, name, text;
    std::int64_t at_ms = 0;
};

// Everything stored about one event: what restores it and what the API shows.
struct tournament_record {
    tournament_row row;
    std::vector<tournament_entry> entries;     // by join time
    std::vector<tournament_pairing> pairings;  // oldest first
    std::vector<tournament_chat_entry> chat;   // the last chat_kept lines, oldest first
    static constexpr int chat_kept = 50;
};

// One entry's cache after a result, written in the result's transaction.
struct entry_score {
    player_id who = 0;
    int score = 0;
    std::string sheet;
};

struct pairing_result {
    std::string room;  // the pairing's game (unique)
    int result = result_void;
    int plies = 0;
    std::int64_t ended_ms = 0;
    std::vector<entry_score> scores;  // written only when this result is new
};

}  // namespace kibitz::server::storage
