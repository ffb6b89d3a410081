#pragma once
// Typed client messages: what a WebSocket frame means once the codec has checked
// it. Nothing here trusts the wire; the codec fills these only with valid values
// (known type, right field types, bounds checked).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "domain/time_control.hpp"

namespace kibitz::server {

struct hello_msg { std::optional<std::string> token; };
struct ping_msg {
    std::optional<std::int64_t> at;  // the client's time stamp, echoed on the pong (lag)
};
struct lobby_sub_msg { bool on = true; };
struct seek_create_msg {
    std::string game;
    std::optional<time_control> tc;
    bool rated = false;
    std::string color = "random";
    bool invite = false;  // invite.create: a private seek found by its code only
    std::string position;  // invites only: start from this position text (casual)
    // Never from a client: an open invite sent again to a new lobby leader
    // keeps the code its link holds (docs/cluster.md, "One lobby").
    std::string code;
    // Never from a client: a challenge of the bot API (schema/bot_api.md), an
    // invite whose game is public like any other (a link's invite is private).
    bool public_game = false;
    // Never from a client: the key of the player a bot API challenge is for,
    // told `challenge.canceled` by the lobby when its maker cancels it.
    std::string challenged;
};
struct seek_cancel_msg { std::string id; bool invite = false; };
struct seek_accept_msg {
    std::string id;
};
// What the invited player does with an invite's link: look at it first
// (invite.show: nothing starts), then take the other seat (invite.accept:
// the game starts) or turn it down (invite.decline: its creator is told).
enum class invite_answer { show, accept, decline };
struct invite_answer_msg {
    std::string code;
    invite_answer answer = invite_answer::show;
    // A decline's reason, one of the bot API's keys (lichess's own, so a bot
    // written for lichess reads them unchanged): generic, later, tooFast, ...
    std::string reason = "generic";
};
// The reasons a decline may give (invite_answer_msg::reason).
bool known_decline_reason(std::string_view reason);
struct quick_join_msg { std::string game; std::optional<time_control> tc; bool rated = false; };
struct quick_leave_msg {};
struct computer_play_msg {  // a game against the computer, casual, started at once
    std::string game;
    int level = 1;  // 1..8
    std::optional<time_control> tc;
    std::string color = "random";  // the player's colour: "random" or a seat's colour name
    std::string position;          // empty: the standard start
};
struct analysis_start_msg {  // the analysis board asks the engine about a position
    std::string game;
    std::optional<std::string> position;  // none: the standard start
    std::vector<std::string> moves;       // played from it
    std::int64_t id = 0;                  // echoed on analysis.info / analysis.done
};
struct analysis_stop_msg {};
struct review_request_msg { std::string id; };  // the computer's review of a finished game
struct live_sub_msg { std::string game; bool on = true; };
struct room_join_msg { std::string room; std::optional<std::int64_t> v; };
struct room_leave_msg { std::string room; };

// Everything a seat (or a spectator, for chat) does inside a room.
enum class room_action {
    move,
    resign,
    abort,
    claim_win,
    claim_draw,
    draw_offer,
    draw_accept,
    draw_decline,
    rematch_offer,
    rematch_accept,
    rematch_decline,
    takeback_offer,
    takeback_accept,
    takeback_decline,
    chat,
    premove,
    berserk  // an arena game: halve one's own clock, before one's first move
};
// At most this many moves in a conditional premove line (pairs of "if they
// play X, I play Y").
inline constexpr std::size_t max_premove_line = 20;
struct room_cmd_msg {
    room_action action = room_action::move;
    std::string room;
    std::string text;  // the move's notation, or the chat line
    std::vector<std::string> line;  // premove: the opponent's move, the reply, in turn
};

// Tournaments (schema/protocol.md, "Tournaments"): enter, leave for good,
// pause (stay entered, not paired), come back, follow the standings, and
// write in the event's chat.
enum class tournament_action { join, withdraw, pause, subscribe, unsubscribe, chat };
struct tournament_msg {
    tournament_action action = tournament_action::join;
    std::string id;  // the event's public id
    std::string code;  // join: a private event's entry code (empty: none)
    std::string text;  // chat: the line (1..300 characters, checked by the codec)
};

// Notifications (schema/protocol.md, "Notifications"): the list, marking
// read (one, or all without an id), and the player's preferences (each field
// set when given; none: only asked).
enum class notify_action { list, read, prefs };
struct notify_msg {
    notify_action action = notify_action::list;
    std::optional<std::int64_t> id;  // read: one notification
    std::optional<bool> all_off;  // prefs
    std::optional<std::vector<std::string>> muted;  // prefs: known kinds only (codec)
};

// Puzzles (schema/protocol.md, "Puzzles"): the next one for the solver in a
// game (of one theme when given), one by id (a link, the daily puzzle), a move in the one being
// solved, and its solution (which ends the try as not solved); streak: the next puzzle of the
// solver's streak in a game (a new streak when none goes on).
enum class puzzle_action { next, open, move, solution, streak };
struct puzzle_cmd_msg {
    puzzle_action action = puzzle_action::next;
    std::string game;  // next, streak
    std::string id;  // open, move, solution
    std::string move;  // move: the game's notation
    std::string theme;  // next: only puzzles of this theme (empty: any)
};

using client_body =
    std::variant<hello_msg, ping_msg, lobby_sub_msg, seek_create_msg, seek_cancel_msg,
                 seek_accept_msg, invite_answer_msg, quick_join_msg, quick_leave_msg,
                 computer_play_msg, analysis_start_msg, analysis_stop_msg, review_request_msg,
                 live_sub_msg, room_join_msg, room_leave_msg, room_cmd_msg, tournament_msg,
                 notify_msg, puzzle_cmd_msg>;

struct client_msg {
    std::string type;                // "t" as sent, for error replies ("re")
    std::optional<std::int64_t> ack; // the client's ack id, echoed on ack/error
    client_body body;
};

// A reason to refuse a message, in the protocol's terms (schema/protocol.md).
struct wire_error {
    std::string code;     // "bad_message", "illegal", ...
    std::string message;  // for people
};

inline wire_error refusal(std::string code, std::string message) {
    return {std::move(code), std::move(message)};
}

}  // namespace kibitz::server
