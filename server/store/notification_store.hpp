#pragma once
// Notifications (issue 25), the storage part: each stored player's list with
// its read/unread state, what the player has turned off, their browsers' Web
// Push subscriptions, and the server's own named keys (the VAPID key pair).
// Kept apart from `store` (one job each); the one SQL store implements it
// (sql_store.hpp). The store decides no rule: which events notify whom, and
// whether a subscription is acceptable, are the callers'.
//
// Threading contract: as store.hpp: every call returns at once; the handler
// runs on one of the store's threads after commit; writes run in call order.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace kibitz::server::storage {

struct notification_row {
    std::int64_t id = 0;
    player_id who = 0;
    std::string kind;  // "game_started", "your_turn", ... (play/notice.hpp)
    std::string data;  // JSON text, made by the server
    std::int64_t created_ms = 0;
    std::int64_t read_ms = 0;  // 0: unread
};

struct notification_page {
    std::vector<notification_row> items;  // newest first
    int unread = 0;                       // over all the player's notifications
};

struct notification_prefs {
    bool all_off = false;
    std::string muted;  // space-separated kinds turned off
};

struct push_subscription {
    std::int64_t id = 0;
    player_id who = 0;
    std::string endpoint;  // the push service's URL for this browser
    std::string p256dh;    // base64url, as the browser gives it
    std::string auth;      // base64url
    std::int64_t created_ms = 0;
};

class notification_store {
public:
    virtual ~notification_store() = default;

    // Adds one and, in the same transaction, deletes the player's oldest
    // beyond the newest `keep`; the handler gets the row with its id.
    virtual void add_notification(player_id who, std::string kind, std::string data,
                                  std::int64_t now_ms, int keep, handler<notification_row> h) = 0;
    virtual void notifications_of(player_id who, int limit, handler<notification_page> h) = 0;
    // Marks one (by id) or, without an id, every unread one of the player's
    // as read now; the handler gets how many changed. Another player's id
    // changes nothing.
    virtual void mark_notifications_read(player_id who, std::optional<std::int64_t> id,
                                         std::int64_t now_ms, handler<int> h) = 0;
    virtual void notification_prefs_of(player_id who, handler<notification_prefs> h) = 0;
    virtual void set_notification_prefs(player_id who, notification_prefs p, handler<bool> h) = 0;

    // A browser's subscription, by endpoint: subscribing again (new keys, or
    // another account in the same browser) replaces the old row.
    virtual void add_push_subscription(push_subscription s, handler<push_subscription> h) = 0;
    virtual void push_subscriptions_of(player_id who,
                                       handler<std::vector<push_subscription>> h) = 0;
    // The push service said the endpoint is gone (404/410); true if it was there.
    virtual void remove_push_subscription(std::string endpoint, handler<bool> h) = 0;

    // The server's key `name`: the stored one, or else make() stored now (the
    // first start). Two servers on one database agree on the first stored.
    virtual void server_key(std::string name, std::function<std::string()> make,
                            std::int64_t now_ms, handler<std::string> h) = 0;
};

}  // namespace kibitz::server::storage
