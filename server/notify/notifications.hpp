#pragma once
// The notifications service (issue 25): what happens for a player (a game
// started, your turn in a correspondence game, a game over, a challenge, a
// tournament starting soon) becomes a notification, kept in the store for an
// account (newest `keep`, read/unread) and pushed at once to each of the
// player's open tabs; a guest's is pushed only (nothing is kept for them).
// What the player turned off (per kind, or all) is neither kept nor pushed.
// Each stored one is also handed to `deliver_elsewhere` (Web Push) when set.
//
// Owns: its settings. Uses the store (may be null: no database, live only)
// and, from start(), the hub's player_peers. No executor of its own: each
// step runs where its input arrives (the caller's strand, then the store's
// threads, whose handlers only send frames to peers, which is thread-safe);
// nothing waits, so a room never waits on it.
#include <atomic>
#include <functional>
#include <optional>

#include "domain/wall_clock.hpp"
#include "play/notification_desk.hpp"
#include "play/remote_lobby.hpp"
#include "play/session/player_peers.hpp"
#include "protocol/out_notify.hpp"
#include "store/notification_store.hpp"

namespace kibitz::server {

struct notifications_config {
    int keep = 50;        // per account, the newest kept
    int list_limit = 50;  // the most one notify.list gives
    wall_clock clock;
    // A stored notification (row, item), for another way to reach the player.
    std::function<void(std::int64_t, const notification_item&)> deliver_elsewhere;
};

class notifications : public notification_desk {
public:
    notifications(storage::notification_store* store, notifications_config cfg);

    // The hub's connections of each player; before this, nothing is pushed.
    // `elsewhere` (a cluster's node): the same frames for the player's
    // connections on the other nodes, where the player may well be (a
    // tournament runs on the lobby's leader, a game on its own node).
    void start(player_peers& peers, remote_lobby* elsewhere = nullptr) {
        elsewhere_.store(elsewhere);
        peers_.store(&peers);
    }

    void notify(const player_ptr& to, std::string kind, nlohmann::json data) override;
    void message(const player_ptr& who, const peer_ref& p, const notify_msg& m,
                 std::optional<std::int64_t> ack, const std::string& type) override;

private:
    void store_and_push(std::int64_t row, std::string key, notification_item item);
    void push(const std::string& key, const frame& f) const;
    // Sends the list to `to`, or to every tab of the player without one.
    void send_list(const player_ptr& who, std::optional<peer_ref> to);
    void set_prefs(const player_ptr& who, const peer_ref& p, const notify_msg& m,
                   std::optional<std::int64_t> ack, const std::string& type);

    storage::notification_store* store_;
    notifications_config cfg_;
    std::atomic<player_peers*> peers_{nullptr};
    std::atomic<remote_lobby*> elsewhere_{nullptr};
};

// The stored form of a player's preferences, as the wire shows them.
notify_prefs_msg prefs_msg(const storage::notification_prefs& p);
bool wanted(const storage::notification_prefs& p, std::string_view kind);

}  // namespace kibitz::server
