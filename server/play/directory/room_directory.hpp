#pragma once
// The rooms of this node by id, and each player's unfinished games: here,
// and in a cluster on the other nodes too (asked of remote_rooms, which keeps
// the one copy of those), so the caps, welcome's rooms and lobby.yours are the
// cluster's. Starts, restores and forgets rooms; finished rooms linger up to
// play_config::finished_rooms. Correspondence games in play rest out of
// memory while nobody looks at them (room_directory_resting.cpp): known here
// by id and players only, loaded from the store when opened or when their
// deadline comes. Owns the room table. Thread-safe: short
// critical sections under one mutex, and nothing is called back while it is
// held; rooms run on their own strands.
#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "domain/time_control.hpp"
#include "kibitz/core/registry.hpp"
#include "kibitz/core/result.hpp"
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
    std::string start_position;  // empty: the standard start (play/room/start_position.hpp)
    std::string tournament;      // the event that paired it (no rematch); empty: none
    bool berserk = false;        // an arena's game: a seat may berserk before its first move
};

// The room id of a stored game: its public id, else "r<key>" (stored before public ids).
std::string stored_room_id(const storage::game_summary& sum);

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
    // The correspondence games in play, at start-up: known (players, caps,
    // deadlines) but not loaded (room_directory_resting.cpp).
    void index_resting(const std::vector<storage::game_summary>& games);
    // The room, if it is in memory (a resting game's is not: open() it).
    std::shared_ptr<room> find(const std::string& id) const;
    using opened_fn = std::function<void(std::shared_ptr<room>)>;
    // `then` gets room `id`: at once when it is in memory, else once loaded
    // from the store (on an I/O thread; null if it could not be). False, and
    // `then` never called, when no game `id` is here.
    bool open(const std::string& id, opened_fn then);
    // From room `id`'s strand, idle: drops it from memory; the deadline
    // (if any) will load it back. False when it could not be loaded back
    // (nothing stored, or the rooms span nodes): it stays.
    bool rest(const std::string& id, std::optional<std::int64_t> deadline_ms);
    std::size_t resting() const;  // correspondence games in play, not in memory
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
    // A player's live (not correspondence) games in progress against people,
    // here and on other nodes: while there is one, no engine analysis.
    std::size_t live_games_with_people(const std::string& player_key) const;
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
    // A game of seat0 and seat1 in play (under mu_): the players' games, the caps.
    void count_game_locked(const std::string& id, const player_ptr& seat0, const player_ptr& seat1,
                           bool correspondence);
    // A stored game's room, restoring under its room id (null: unknown rules).
    std::shared_ptr<room> room_of(const storage::game_record& g);
    // room_directory_resting.cpp: a resting game's deadline loads it; the
    // store's answer comes back here on an I/O thread.
    void wake_at(const std::string& id, std::int64_t deadline_ms);
    void loaded(const std::string& id, core::result<std::optional<storage::game_record>> r);

    hub& hub_;
    remote_rooms& remote_;
    boost::asio::io_context& ioc_;
    std::atomic<long> computer_games_{0};
    mutable std::mutex mu_;
    std::map<std::string, std::shared_ptr<room>> rooms_;
    std::deque<std::string> finished_;  // finished rooms, oldest first (finished_rooms)
    std::map<std::string, std::set<std::string>> active_;  // player key -> unfinished rooms
    std::set<std::string> correspondence_;  // the unfinished correspondence rooms
    std::set<std::string> computer_rooms_;  // the unfinished games against the computer
    std::map<std::string, std::size_t> computer_games_by_;  // human player key -> games vs computer
    std::map<std::string, storage::game_key> resting_;  // not in memory -> stored game
    std::map<std::string, std::vector<opened_fn>> loading_;  // asked of the store, waiting
};

}  // namespace kibitz::server
