#pragma once
// The engine's seat in a room, if it has one: which seat it plays, the
// request in flight (numbered: cancelling bumps the number, so a late answer
// is dropped; with the flag that stops its search) and its last searched
// opinion, by which it answers a draw offer. Pure; owned by a room, used on
// its strand (the room asks the engine pool and keeps the timers:
// room_computer.cpp).
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

namespace kibitz::server {

class computer_seat {
public:
    // The computer takes a draw only when its last search says it is not
    // ahead by at least this much (half of one unit of the game: a man, a seed...).
    static constexpr int draw_accept_below = 50;

    explicit computer_seat(int seat = -1) : seat_(seat) {}
    int seat() const { return seat_; }  // -1: two people play

    // A new request: its number, and the flag that stops it.
    std::uint64_t ask(std::shared_ptr<std::atomic<bool>> stop);
    // Whether an answer to request `turn` still counts.
    bool current(std::uint64_t turn) const { return turn == turn_; }
    // The game ended, a takeback, a pause, the server stops: the request in
    // flight stops and its answer will be dropped.
    void cancel();
    // A search's result, from the computer's side. A lone legal move is
    // answered without a search (depth 0): the last opinion stands.
    void heard(int depth, int score);
    bool accepts_draw() const { return score_ && *score_ < draw_accept_below; }

private:
    int seat_;
    std::uint64_t turn_ = 0;
    std::shared_ptr<std::atomic<bool>> stop_;
    std::optional<int> score_;
};

}  // namespace kibitz::server
