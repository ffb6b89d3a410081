// Unit tests of a room's pieces (server/play): the offers, the move journal,
// the computer seat and the turn clock. Pure: no sockets, no executor; time
// is passed in. The room's behaviour over real sockets is test_play,
// test_takeback, test_computer and the other server suites.
#include <doctest/doctest.h>

#include <chrono>

#include "play/room/computer_seat.hpp"
#include "play/room/move_journal.hpp"
#include "play/room/offers.hpp"
#include "play/room/turn_clock.hpp"

using namespace kibitz::server;
using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

TEST_CASE("seat offer: open, asked twice, answered, accepted by asking back") {
    seat_offer o;
    CHECK(o.by() == -1);
    CHECK(o.answer(1, true) == offer_step::none_to_answer);  // nothing open
    CHECK(o.offer(0) == offer_step::opened);
    CHECK(o.by() == 0);
    CHECK(o.offer(0) == offer_step::already_open);
    CHECK(o.answer(0, true) == offer_step::none_to_answer);  // one's own offer
    CHECK(o.answer(1, false) == offer_step::declined);
    CHECK(o.by() == -1);
    CHECK(o.offer(1) == offer_step::opened);
    CHECK(o.offer(0) == offer_step::accepted);  // asking while the opponent asks
    CHECK(o.by() == -1);
    CHECK(o.offer(1) == offer_step::opened);
    CHECK(o.answer(0, true) == offer_step::accepted);
    CHECK(o.by() == -1);
}

TEST_CASE("seat offer: a move lapses it, or only the opponent's move when the mover is given") {
    seat_offer draw;
    CHECK_FALSE(draw.lapse(0).has_value());  // nothing open
    draw.offer(0);
    CHECK_FALSE(draw.lapse(0).has_value());  // the offerer's own move: it stands
    CHECK(draw.by() == 0);
    CHECK(draw.lapse(1) == 0);  // the opponent moved instead of answering
    CHECK(draw.by() == -1);
    seat_offer takeback;
    takeback.offer(1);
    CHECK(takeback.lapse() == 1);  // any move
    CHECK_FALSE(takeback.lapse().has_value());
}

TEST_CASE("rematch offer: both ask, or one asks and the computer agrees at once") {
    rematch_offer r;
    CHECK(r.decline(0) == offer_step::none_to_answer);
    CHECK_FALSE(r.would_start(0, false));
    CHECK(r.ask(0, false) == offer_step::opened);
    CHECK(r.ask(0, false) == offer_step::already_open);
    CHECK(r.would_start(1, false));
    CHECK(r.decline(1) == offer_step::declined);
    CHECK(r.asked() == std::array<bool, 2>{false, false});
    r.ask(1, false);
    CHECK(r.ask(0, false) == offer_step::accepted);
    CHECK(r.asked() == std::array<bool, 2>{true, true});  // as room.state shows it after
    rematch_offer c;
    CHECK(c.would_start(1, true));
    CHECK(c.ask(1, true) == offer_step::accepted);
    CHECK(c.asked() == std::array<bool, 2>{true, true});
}

TEST_CASE("move journal: plies to take back are the seat's last move and all after it") {
    move_journal j;
    CHECK(j.plies_to_take_back(0) == 0);
    j.record("a", 0, {100, 100});
    CHECK(j.plies_to_take_back(0) == 1);
    CHECK(j.plies_to_take_back(1) == 0);  // seat 1 has not moved
    j.record("b", 1, {100, 90});
    j.record("c", 1, {100, 80});  // an extra turn repeats a seat
    CHECK(j.plies_to_take_back(0) == 3);
    CHECK(j.plies_to_take_back(1) == 1);
    j.truncate(1);
    CHECK(j.moves() == std::vector<std::string>{"a"});
    REQUIRE(j.plies().size() == 1);
    CHECK(j.plies().back().clock_ms == std::array<std::int64_t, 2>{100, 100});
    j.close();
    CHECK(j.plies().empty());  // no takeback after the end
    CHECK(j.size() == 1);      // the moves stay for the final state
}

TEST_CASE("move journal: the last move's highlight comes from the legal moves kept") {
    move_journal j;
    CHECK_FALSE(j.last().has_value());
    j.keep_legal({{"11-15", {"11", "15"}, {}}, {"9x18", {"9", "18"}, {"14"}}});
    REQUIRE(j.knows_legal());
    j.note_last("9x18", 0);
    REQUIRE(j.last().has_value());
    CHECK(j.last()->path == std::vector<std::string>{"9", "18"});
    CHECK(j.last()->affected == std::vector<std::string>{"14"});
    CHECK(j.last_seat() == 0);
    CHECK_FALSE(j.knows_legal());  // the position changes with that move
    j.note_last("22-18", 1);       // not among any kept: the text alone
    CHECK(j.last()->text == "22-18");
    CHECK(j.last()->path.empty());
    j.forget_last();
    CHECK_FALSE(j.last().has_value());
    CHECK(j.last_seat() == -1);
}

TEST_CASE("computer seat: an answer counts only for the request in flight") {
    computer_seat c(1);
    CHECK(c.seat() == 1);
    auto stop = std::make_shared<std::atomic<bool>>(false);
    auto turn = c.ask(stop);
    CHECK(c.current(turn));
    c.cancel();
    CHECK_FALSE(c.current(turn));  // a late answer is dropped
    CHECK(stop->load());           // and its search told to stop
    auto next = c.ask(std::make_shared<std::atomic<bool>>(false));
    CHECK(next != turn);
    CHECK(c.current(next));
    CHECK(computer_seat().seat() == -1);
}

TEST_CASE("computer seat: takes a draw only when its last search says it is not ahead") {
    computer_seat c(0);
    CHECK_FALSE(c.accepts_draw());  // no opinion yet
    c.heard(6, computer_seat::draw_accept_below);
    CHECK_FALSE(c.accepts_draw());
    c.heard(6, computer_seat::draw_accept_below - 1);
    CHECK(c.accepts_draw());
    c.heard(0, 900);  // a lone move, not searched: the opinion stands
    CHECK(c.accepts_draw());
    c.heard(3, 900);
    CHECK_FALSE(c.accepts_draw());
}

TEST_CASE("turn clock: a seat's first turn counts the first-move limit, later turns its clock") {
    turn_clock c(time_control{60, 2}, 30s);
    auto t0 = steady::now();
    REQUIRE(c.timed());
    c.start_turn(0, false, t0);
    CHECK(c.first_move_deadline() == t0 + 30s);
    CHECK(c.next_deadline() == t0 + 30s);
    CHECK(c.clock().running() == -1);  // the clock stands before a first move
    auto snap = c.snapshot(t0 + 10s, true);
    REQUIRE(snap.has_value());
    CHECK(snap->first_move_ms == 20000);
    CHECK(snap->ms[0] == 60000);
    CHECK(snap->initial_ms == 60000);
    CHECK(snap->increment_ms == 2000);
    CHECK_FALSE(c.snapshot(t0 + 10s, false)->first_move_ms.has_value());  // over: no countdown
    c.on_move(0, t0 + 10s);
    CHECK_FALSE(c.first_move_deadline().has_value());
    c.start_turn(1, false, t0 + 10s);  // seat 1's first turn: its own limit
    CHECK(c.next_deadline() == t0 + 40s);
    c.on_move(1, t0 + 20s);
    c.start_turn(0, true, t0 + 20s);  // seat 0 has moved: its clock runs
    CHECK(c.clock().running() == 0);
    CHECK(c.next_deadline() == t0 + 20s + 62s);  // 60 s and one increment
    CHECK(c.snapshot(t0 + 30s, true)->ms[0] == 52000);
    c.stop(t0 + 30s);
    CHECK_FALSE(c.next_deadline().has_value());
    CHECK(c.snapshot(t0 + 90s, true)->ms[0] == 52000);  // stopped: frozen
}

TEST_CASE("turn clock: berserk halves one seat's clock and drops its increment only") {
    turn_clock c(time_control{61, 2}, 30s);
    auto t0 = steady::now();
    CHECK(c.berserk(0));
    CHECK(c.berserk_of(0));
    CHECK_FALSE(c.berserk_of(1));
    auto snap = c.snapshot(t0, true);
    CHECK(snap->ms[0] == 30000);  // half of 61 s, down to a whole second
    CHECK(snap->ms[1] == 61000);
    CHECK(snap->berserk[0]);
    CHECK_FALSE(snap->berserk[1]);
    c.on_move(0, t0 + 1s);  // no increment for the berserk seat
    c.on_move(1, t0 + 2s);  // the other keeps its own
    snap = c.snapshot(t0 + 2s, true);
    CHECK(snap->ms[0] == 30000);
    CHECK(snap->ms[1] == 63000);
    CHECK_FALSE(turn_clock(time_control{1, 0}, 30s).berserk(0));  // half a second: refused
    CHECK_FALSE(turn_clock(std::nullopt, 30s).berserk(0));        // untimed: refused
}

TEST_CASE("turn clock: untimed, only the first-move limit counts") {
    turn_clock c(std::nullopt, 30s);
    auto t0 = steady::now();
    CHECK_FALSE(c.timed());
    CHECK_FALSE(c.snapshot(t0, true).has_value());
    c.start_turn(1, false, t0);
    CHECK(c.next_deadline() == t0 + 30s);
    c.on_move(1, t0 + 1s);
    c.start_turn(0, true, t0 + 1s);
    CHECK_FALSE(c.next_deadline().has_value());
}
