#pragma once
// Quick-pairing queues: one per game id + time control. Pairs the waiting
// players closest in rating whose gap both of them accept; the accepted gap
// widens the longer a player waits. Pure data (time is passed in); owned by the
// lobby and used on its strand.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "domain/time_control.hpp"
#include "play/peer.hpp"
#include "play/player.hpp"

namespace kibitz::server {

class matchmaker {
public:
    using time_point = std::chrono::steady_clock::time_point;

    struct entry {
        player_ptr who;
        std::uint64_t conn = 0;
        std::string game;
        std::optional<time_control> tc;
        time_point since{};
        bool rated = false;  // rated and casual queues are apart
        int rating = 1500;   // the player's rating in this game (guests: 1500)
    };
    struct pairing {
        entry a, b;
    };

    matchmaker(int window, int widen_step, std::chrono::milliseconds widen_every)
        : window_(window), step_(widen_step), every_(widen_every) {}

    // Joins (or moves to) the queue of e.game + e.tc; returns how many wait there.
    std::size_t join(entry e);
    bool leave(const std::string& player_id);  // true if the player was waiting
    void leave_conn(std::uint64_t conn);
    // Takes every pair that may be made now out of the queues; never two
    // players `apart` says must not meet (a block between them).
    using keep_apart = std::function<bool(const player&, const player&)>;
    std::vector<pairing> pair_up(time_point now, const keep_apart& apart = {});

    int window_at(const entry& e, time_point now) const;
    const std::vector<entry>& waiting() const { return waiting_; }

private:
    int window_, step_;
    std::chrono::milliseconds every_;
    std::vector<entry> waiting_;  // in arrival order: earlier arrivals pair first
};

}  // namespace kibitz::server
