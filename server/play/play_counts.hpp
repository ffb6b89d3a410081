#pragma once
// The counts the lobby shows (players online, games in play): this node's,
// kept as connections say hello and close and as rooms start and finish, and
// in a cluster the other nodes' sums (set by the cluster). Owns the counters
// only; lock-free, safe from any thread.
#include <atomic>

namespace kibitz::server {

class play_counts {
public:
    void connection_up() { ++online_; }
    void connection_down() { --online_; }
    void game_started() { ++in_play_; }
    void game_over() { --in_play_; }

    long online() const { return online_ + online_elsewhere_; }
    long games_in_play() const { return in_play_ + in_play_elsewhere_; }
    long online_here() const { return online_; }
    long games_here() const { return in_play_; }
    // Cluster mode: the sums of the other live nodes.
    void set_elsewhere(long players, long games) {
        online_elsewhere_ = players;
        in_play_elsewhere_ = games;
    }

private:
    std::atomic<long> online_{0}, in_play_{0};
    std::atomic<long> online_elsewhere_{0}, in_play_elsewhere_{0};
};

}  // namespace kibitz::server
