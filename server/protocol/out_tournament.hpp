#pragma once
// Server -> client messages of tournaments (schema/protocol.md,
// "Tournaments"): one struct per message, encoded by the codec
// (encode_tournament.cpp). A player's pairing arrives as `game.found` with
// `via` "tournament" (out_lobby.hpp), from the room the pairing started.
// Plain values; safe on any executor.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/time_control.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

// One line of the standings.
struct tournament_standing {
    int rank = 0;
    json player;        // the player's public form (player::public_json)
    int score = 0;
    std::string sheet;  // the results in order, one token each (schema/protocol.md)
    bool fire = false;  // two wins in a row: the next game scores double
    std::string state;  // "waiting", "playing", "paused" or "withdrawn"
    std::string room;   // the game being played; empty: none
    // Swiss only (half points): Buchholz and Sonneborn-Berger.
    std::optional<int> buchholz;
    std::optional<double> sonneborn_berger;
};
json to_json(const tournament_standing& s);

// One board of a Swiss round: a game, or a bye (`second` null).
struct tournament_board {
    std::string room;  // empty for a bye
    json first, second;
    std::string result;  // "" in play, "1-0", "0-1", "1/2", "bye", "+-", "-+" (forfeits)
};

// What an event is and where it stands (also the HTTP API's form).
struct tournament_view {
    std::string id, name, kind, game, status;  // status: created, started, finished
    std::optional<time_control> tc;
    bool rated = false;
    bool private_event = false;  // joined with an entry code
    std::int64_t starts_ms = 0, ends_ms = 0;
    int players = 0;
    // Swiss only: rounds in all, the round being played (0 before the first),
    // when the next one is paired (none: not known yet).
    int rounds = 0, round = 0;
    std::int64_t round_interval_ms = 0;
    std::optional<std::int64_t> next_round_ms;
};
json to_json(const tournament_view& v);

// To subscribers, at most once a second while anything changed.
struct tournament_state_msg {
    tournament_view about;
    std::vector<tournament_standing> standings;  // best first, at most 100
    std::string top_room;                        // the featured game; empty: none
    std::int64_t server_time = 0;                // Unix ms, for the countdown
    std::vector<tournament_board> boards;  // Swiss: the round's pairings
};
struct tournament_finished_msg {
    std::string id;
    std::vector<tournament_standing> podium;  // the first three
};

// Lines of an event's chat: the last ones kept on tournament.sub, then each
// new line as it is written (schema/protocol.md, "tournament.chat").
struct tournament_chat_line {
    std::string player;  // the writer's public id
    std::string from;  // the writer's name
    std::string text;
    std::int64_t at_ms = 0;
};
struct tournament_chat_msg {
    std::string id;
    std::vector<tournament_chat_line> lines;  // oldest first
};

frame encode(const tournament_state_msg& m);
frame encode(const tournament_chat_msg& m);
frame encode(const tournament_finished_msg& m);

}  // namespace kibitz::server
