#pragma once
// One table: the authoritative game (from the rules core), two seats, the
// spectators, chats and the versioned event log; its concerns in pieces of
// their own, each with its unit tests (tests/server/test_room_pieces.cpp):
// the clocks (turn_clock), the offers (seat_offer, rematch_offer), the moves
// played (move_journal) and the engine's seat (computer_seat). The room wires
// them to the protocol, the store and the lobby.
// Runs on its own strand; every public entry point posts onto it, so nothing
// else ever touches its state. Holds weak_ptrs to connections (peer_ref).
#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "engine/time_budget.hpp"
#include "kibitz/core/engine.hpp"
#include "kibitz/core/game.hpp"
#include "play/hub.hpp"
#include "play/live/live_position.hpp"
#include "play/room/computer_seat.hpp"
#include "play/room/move_journal.hpp"
#include "play/room/offers.hpp"
#include "play/room/turn_clock.hpp"
#include "play/small_deque.hpp"
#include "protocol/out_room.hpp"
#include "protocol/server_msg.hpp"
#include "store/records.hpp"

namespace kibitz::server {

class room : public std::enable_shared_from_this<room> {
public:
    using clock_type = std::chrono::steady_clock;

    room(hub& h, std::string id, room_settings s, player_ptr seat0, player_ptr seat1);

    const std::string& id() const { return id_; }
    const room_settings& settings() const { return settings_; }

    void start(std::string via);
    // Instead of start(): a stored unfinished game, replayed through the rules
    // core, clocks as clocks_at_restart, both seats away until they rejoin.
    void restore(storage::game_record g);
    void join(player_ptr who, peer_ref p, std::uint64_t conn, std::optional<std::int64_t> v);
    // room.leave (closed false), or the connection closed. A player's own
    // room.leave changes nothing: leaving a game's page is not leaving the
    // game, and the seat's connections keep the room's events coming.
    void leave(std::uint64_t conn, bool closed);
    void command(player_ptr who, peer_ref p, std::uint64_t conn, room_cmd_msg cmd,
                 std::optional<std::int64_t> ack, std::string type);
    void stop();  // server shutdown: cancel timers
    // A cluster's bus lost (on) or back (off): connections on other nodes
    // (numbered from `first_remote` on) can neither see this room nor act in
    // it. The clock of a seat reached only through them stands meanwhile
    // (room_cut_off.cpp).
    void cut_off(bool on, std::uint64_t first_remote);
    // The correspondence deadline set at the last turn has passed on the time
    // of day (correspondence_deadlines): the mover loses on time, unless a
    // move came first (room_correspondence.cpp).
    void deadline_passed();

private:
    struct seat_state {
        player_ptr who;
        // Every connection of this player in the room (one per tab): all of
        // them get every event, and the player is present while any is open.
        std::map<std::uint64_t, peer_ref> conns;
        bool computer = false;          // the engine: always at the table
        bool connected() const { return computer || !conns.empty(); }
        bool moved = false;             // has made its first move
        clock_type::time_point claim_at{};  // when the opponent may claim (while away)
    };
    struct logged_event {
        std::int64_t v;
        frame f;
    };
    struct chat_line {
        std::string from;
        int seat;
        std::string text;
        std::int64_t from_row = 0;  // the writer's stored row (0: not stored): blocks hide it
    };

    // room.cpp: membership, sync, broadcasting, state.
    template <class F>
    void on_strand(F&& f);
    // Runs on the strand when a move is durable (or failed to store): acks the mover.
    using move_done = std::function<void(bool durable, std::int64_t v)>;

    void do_start(const std::string& via);
    void do_restore(const storage::game_record& g);
    json lobby_summary() const;
    void do_join(player_ptr who, peer_ref p, std::uint64_t conn, std::optional<std::int64_t> v);
    void do_leave(std::uint64_t conn, bool closed);
    int seat_of(const player_ptr& who) const;
    void to_all(const frame& f);
    void to_audience(const frame& f, bool players);
    // A chat line of `from_row` to its audience, but not to those a block keeps apart from it.
    void chat_to_audience(const frame& f, bool players, std::int64_t from_row);
    // A room event (out_room.hpp) under the next version, logged and sent to all.
    template <class Event>
    std::int64_t push_event(const Event& e) {
        ++v_;
        push_frame(encode(e, v_));
        return v_;
    }
    void push_frame(frame f);  // an event frame already versioned ++v_
    // room.state for a seat (-1: spectator) around a printed board (board_text()).
    frame state_frame(int seat, const std::string& board, std::int64_t viewer_row = 0) const;
    std::string board_text() const;
    // `viewer_row`: whose chat history it shows (a block hides lines both ways).
    json state_json_without_board(int seat, std::int64_t viewer_row = 0) const;
    json players_json() const;
    json clocks_json() const;
    std::optional<clocks_snapshot> clocks_now() const;
    json status_json() const;
    json chat_json(bool players, std::int64_t viewer_row) const;
    json last_json() const;
    // Before playing `index` by `seat`: remembers its path for the highlight.
    void note_last(std::size_t index, int seat);
    // The side to move's turn begins at `now` (after a move, a takeback, a
    // restore, a pause): its clock, or its first-move limit.
    void start_turn(clock_type::time_point now);
    void spectators_changed();
    // A public game in play: ply and watchers to the live lists (live_games), and
    // the new position (`board`, after a move) for its mini board.
    void live_changed(const core::board_view* board = nullptr) const;
    live_position live_position_of(const core::board_view& board) const;

    // room_actions.cpp: what seats do, clocks and the end.
    std::optional<wire_error> act(int seat, std::uint64_t conn, const player_ptr& who,
                                  const room_cmd_msg& cmd, move_done done);
    std::optional<wire_error> play_move(int seat, const std::string& text, move_done done);
    std::optional<wire_error> claim(int seat, bool win);
    std::optional<wire_error> rematch(int seat, core::status_kind, bool accept, bool decline);
    // Why `seat` may not ask for (or, `starts`, agree to) a rematch now: the
    // caps on unfinished games, of both players when it would start.
    std::optional<wire_error> rematch_blocked(int seat, bool starts) const;
    std::optional<wire_error> draw(int seat, bool offer, bool accept);
    void lapse_takeback();  // any move ends an open takeback request
    void chat(int seat, const player_ptr& who, const std::string& text);
    void remember_chat(bool players, chat_line line);  // the last chat_log lines of each
    void finish(core::status st, bool aborted);
    void arm_timer();
    void on_timer();
    bool playing() const { return !status_.over() && !aborted_; }

    // room_takeback.cpp: takebacks (casual games) and the rating change after the end.
    std::optional<wire_error> takeback(int seat, bool offer, bool accept);
    void take_back(int seat);
    void ratings_known(const std::vector<storage::rating_change>& changes);
    json ratings_json() const;
    // room_storage.cpp: moves to the recorder, and a pause while they cannot be stored.
    void record_move(const move_played& rec, move_done done);
    void move_recorded(int ply, bool durable);
    void pause_for_store();
    void schedule_store_retry();
    void retry_store();
    void resume_after_store();

    // room_correspondence.cpp: days per move on the time of day.
    bool correspondence() const { return is_correspondence(settings_.tc); }
    // The side to move's turn began at the time of day `now_ms`: its full allowance.
    void start_correspondence_turn(std::int64_t now_ms);
    // Hands deadline_ms_ to the server's deadlines (or clears it there).
    void schedule_deadline();
    // Ends the game if the mover's deadline has passed; true if it did.
    bool deadline_check();
    std::optional<std::int64_t> deadline_ms_;  // the side to move's, a time of day

    // room_premove.cpp: conditional premoves (correspondence).
    struct premove_line {
        int seat = -1;                   // whose line (-1: none)
        std::vector<std::string> moves;  // the opponent's expected move, the reply, in turn
    };
    // `seat` leaves (an empty line: clears) its line; refused with the ply that fails.
    std::optional<wire_error> set_premove(int seat, const std::vector<std::string>& line);
    // After `mover` played `notation`: the other seat's line replies, or is dropped.
    void follow_premove(int mover, const std::string& notation);
    void premove_changed(int seat);  // stored, and told to `seat`'s connections
    json premove_line_of(int seat) const;
    void restore_premove(const storage::game_summary& s);
    premove_line premove_;

    // room_berserk.cpp: an arena's seat halves its own clock before its first move.
    std::optional<wire_error> berserk(int seat);
    // room_rest.cpp: an idle correspondence room leaves memory (room_directory::rest).
    bool watched() const;  // a seat's connection or a spectator is here
    bool busy() const;     // a move not yet stored, or the computer's turn
    // Nobody here: rests after play_config::correspondence_idle if still so.
    void rest_when_idle();
    void rest();
    // This room rested: `then` runs with the room loaded back in its place.
    void reopen(std::function<void(const std::shared_ptr<room>&)> then);
    bool resting_ = false;     // handed to the directory: nothing is played here any more
    bool idle_armed_ = false;  // linger_timer_ waits for the idle time

    // room_notices.cpp: a notification of `kind` to each seat's player (or
    // to `only_seat`'s), through the hub's notifier (play_deps).
    void tell_players(std::string_view kind, int only_seat = -1) const;

    // room_cut_off.cpp: whether `seat` is reached only through other nodes
    // while the bus is down (start_turn then holds its clock).
    bool seat_cut_off(int seat) const;
    bool cut_off_ = false;
    std::uint64_t first_remote_ = 0;
    bool clock_held_ = false;  // the side to move's clock stands for the cut-off

    // room_computer.cpp: a seat played by the engine pool (hub::engine()).
    void computer_turn();  // asks the pool for a move when it is the computer's turn
    void computer_answer(std::uint64_t turn, clock_type::time_point asked,
                         core::result<core::engine::report> r);
    void computer_play(std::uint64_t turn, const std::string& text);
    void computer_stop();  // the game ended or the server stops: drop what is in flight
    core::engine::clock_reading computer_clock(clock_type::time_point now) const;
    std::int64_t now_ms(int seat) const;

    hub& hub_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    std::string id_;
    room_settings settings_;
    std::unique_ptr<core::game> game_;
    seat_state seats_[2];
    std::map<std::uint64_t, std::pair<peer_ref, player_ptr>> spectators_;  // by connection
    turn_clock clocks_;
    core::status status_;
    bool aborted_ = false;
    bool started_ = false;
    seat_offer draw_offer_, takeback_offer_;
    rematch_offer rematch_;
    std::string next_room_;
    move_journal journal_;
    std::optional<std::array<storage::rating_change, 2>> rating_changes_;  // by seat, once known
    std::int64_t v_ = 0;
    small_deque<logged_event> log_;  // small_deque: nothing allocated while empty
    small_deque<chat_line> players_chat_, spectators_chat_;
    boost::asio::steady_timer timer_, spectators_timer_, linger_timer_, computer_timer_;
    computer_seat computer_;             // the seat the engine plays, if any
    bool spectators_dirty_ = false;
    bool timer_armed_ = false;           // a wait on timer_ is pending, due at timer_at_
    clock_type::time_point timer_at_{};
    // Storage (room_storage.cpp): moves handed to the recorder and not yet
    // reported stored, oldest first; while store_paused_, nothing is played.
    small_deque<move_played> unstored_;
    bool store_paused_ = false;
    clock_type::time_point paused_at_{};
    ms store_retry_delay_{1000};
    boost::asio::steady_timer store_retry_timer_;
};

}  // namespace kibitz::server
