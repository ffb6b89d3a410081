#pragma once
// The rooms of this node by id, and each player's unfinished games: here,
// and in a cluster on the other nodes too (asked of remote_rooms, which keeps
// the one copy of those), so the caps, welcome's rooms and lobby.yours are the
// cluster's. Starts, restores and forgets rooms; finished rooms linger up to
// play_config::finished_rooms. Owns the room table. Thread-safe: short
// critical sections under one mutex, and nothing is called back while it is
// held; rooms run on their own strands.
#include <atomic>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "domain/time_control.hpp"
#include "kibitz/core/registry.hpp"
#include "play/player.hpp"
#include "store/records.hpp"

namespace kibitz::server {

class hub;
class room;
class remote_rooms;

struct room_settings {
    const core::game_info* game = nullptr;
    std::optional<time_control> tc;
    bool rated = false;
    bool is_private = false;
    std::string start_position;  // empty: the standard start (play/start_position.hpp)
    std::string tournament;      // the event that paired it (no rematch); empty: none
    bool berserk = false;        // an arena's game: a seat may berserk before its first move
};

class room_directory {
public:
    // `h`: what every room is made with; `remote`: the rooms of other nodes;
    // `ioc`: where the rooms' strands run.
    room_directory(hub& h, remote_rooms& remote, boost::asio::io_context& ioc);

    // Creates, registers and starts a game between two seats.
    std::shared_ptr<room> start_room(const room_settings& s, player_ptr seat0, player_ptr seat1,
                                     const std::string& via);
    // Every unfinished stored game (at start-up, or taken over in a cluster):
    // each gets its room back under its room id, and the recorder its record.
    // Returns how many were restored (a game of an unknown rules id is not).
    std::size_t restore_all(const std::vector<storage::game_record>& games);
    std::shared_ptr<room> find(const std::string& id) const;
    void finished(const std::string& id, const player_ptr seats[2]);  // game over
    void forget(const std::string& id);  // after it lingered, or its lease was lost
    std::size_t held() const;            // in play and finished (lingering)
    void stop_all();                     // shutdown: every room cancels its timers

    // The rooms of the other nodes (a single node's: none).
    remote_rooms& elsewhere() const { return remote_; }
    // Where each room's strand runs.
    boost::asio::io_context& executor() const { return ioc_; }

    // A player's unfinished games, here and on other nodes.
    std::vector<std::string> rooms_of(const std::string& player_key) const;
    // Correspondence games count apart from live ones (each has its cap).
    std::size_t games_of(const std::string& player_key, bool correspondence) const;
    // Why `player_key` may not start another game of `tc` (its cap); none: it may.
    std::optional<std::string> over_game_cap(const std::string& player_key,
                                             const std::optional<time_control>& tc) const;
    // Games against the computer: this node's, and one player's on every node.
    long computer_games() const { return computer_games_; }
    std::size_t computer_games_of(const std::string& player_key) const;

private:
    // Makes a new or restored room findable and counts it; with `start_via`,
    // then posts its start.
    void register_room(const std::shared_ptr<room>& r, const player_ptr& seat0,
                       const player_ptr& seat1, const std::string* start_via = nullptr);

    hub& hub_;
    remote_rooms& remote_;
    boost::asio::io_context& ioc_;
    std::atomic<long> computer_games_{0};
    mutable std::mutex mu_;
    std::map<std::string, std::shared_ptr<room>> rooms_;
    std::deque<std::string> finished_;  // finished rooms, oldest first (finished_rooms)
    std::map<std::string, std::set<std::string>> active_;  // player key -> unfinished rooms
    std::set<std::string> correspondence_;  // the unfinished correspondence rooms
    std::map<std::string, std::size_t> computer_games_by_;  // human player key -> games vs computer
};

}  // namespace kibitz::server
