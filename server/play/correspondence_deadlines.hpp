#pragma once
// The deadlines of this node's correspondence games, on the time of day (the
// injectable wall_clock, so tests pass days in milliseconds): a game's room
// sets its deadline at each turn and clears it at the end; when a deadline
// passes, its callback runs once (the room then decides on its strand: a move
// may have come first). One steady timer waits for the earliest deadline but
// never longer than `recheck`, so a changed time of day (an NTP step, a
// test's manual clock) is seen within that. Nothing is missed across a
// restart: each move stores its deadline (store.hpp), and the rooms restored
// at start-up set theirs again, those already past firing at once.
// One per server, made by the composition root (app) and handed to the play
// layer in play_deps. Owns the schedule; runs on its own strand; set, clear
// and stop may be called from any thread.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "domain/wall_clock.hpp"

namespace kibitz::server {

class correspondence_deadlines : public std::enable_shared_from_this<correspondence_deadlines> {
public:
    using due_fn = std::function<void()>;  // must only post (runs on this strand)

    correspondence_deadlines(boost::asio::io_context& ioc, wall_clock clock,
                             std::chrono::milliseconds recheck);

    // `game`'s side to move runs out of time at `deadline_ms` (replaces any
    // earlier deadline of the game).
    void set(const std::string& game, std::int64_t deadline_ms, due_fn on_due);
    void clear(const std::string& game);
    void stop();  // shutdown: nothing fires any more

    std::size_t pending() const { return pending_.load(); }  // deadlines set, not yet due

private:
    void on_strand(std::function<void()> f);
    void fire_due();  // on the strand: runs what is due, then waits for the next
    void arm();

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    boost::asio::steady_timer timer_;
    wall_clock clock_;
    std::chrono::milliseconds recheck_;
    bool stopped_ = false;
    std::map<std::string, std::pair<std::int64_t, due_fn>> by_game_;
    std::set<std::pair<std::int64_t, std::string>> by_time_;  // earliest first
    std::atomic<std::size_t> pending_{0};
};

}  // namespace kibitz::server
