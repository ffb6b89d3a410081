#pragma once
// Timings and caps of play. Defaults follow docs/rules/platform.md; tests
// shorten the timings.
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "domain/wall_clock.hpp"

namespace kibitz::server {

using ms = std::chrono::milliseconds;

struct play_config {
    ms first_move_limit{30000};     // a seat's first move, from the start of its first turn
    ms disconnect_grace{60000};     // or the absent player's own clock, if less
    ms count_batch{1000};           // lobby counts and spectator counts, at most this often
    ms pairing_tick{1000};          // how often the quick-pairing queues are re-examined
    ms pairing_widen_every{5000};   // the allowed rating gap grows by widen_step this often
    int pairing_window = 100;
    int pairing_widen_step = 50;
    ms room_linger{600000};         // a finished room stays joinable (rematch, viewing)
    // ...but no more than this many finished rooms are held: past it the oldest
    // goes early (its link opens the stored replay), so memory stays flat however
    // many games finish within the linger time.
    std::size_t finished_rooms = 2000;
    std::size_t max_seeks = 3;      // open seeks + invites per player
    std::size_t max_games = 5;  // unfinished live games per player
    std::size_t max_correspondence_games = 50;  // unfinished correspondence games per player
    // How often, at most, the correspondence deadlines re-read the time of day
    // while waiting (correspondence_deadlines.hpp); tests shorten it.
    ms deadline_recheck{1000};
    // A correspondence room nobody has looked at for this long leaves memory
    // until opened again or its deadline comes (room_rest.cpp); tests shorten it.
    ms correspondence_idle{300000};
    std::size_t live_boards = 24;   // per game id, the newest public games a live list shows
    std::size_t max_computer_games = 200;          // games against the computer, in all
    std::size_t max_computer_games_per_player = 2;
    ms computer_max_think{0};       // caps the computer's think time (tests); 0: its own budget
    bool computer_natural_delay = true;  // lower levels pause before showing a fast move
    std::uint64_t review_nodes = 200000;  // the engine's budget per position of a game review
    std::size_t event_log = 200;    // room events kept for replay on reconnect
    std::size_t chat_log = 50;
    // New guest identities per client address within guest_window (0: no cap):
    // each is a stored row, and a script could make thousands a second.
    std::size_t guests_per_address = 50;
    ms guest_window{3600000};
    // A room whose move could not be stored retries after this, then twice as
    // long each time (at most 30 s), paused meanwhile (room_storage.cpp).
    ms store_retry{1000};
    // The time of day moves, chat lines and welcomes carry: the app's own
    // (server_config::clock), copied here by the composition root.
    wall_clock clock;
};

}  // namespace kibitz::server
