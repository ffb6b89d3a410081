#pragma once
// Server -> client messages of notifications (schema/protocol.md,
// "Notifications"): one struct per message, encoded by the codec
// (encode_notify.cpp), and the kinds a notification may be. Plain values;
// safe on any executor.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server_msg.hpp"

namespace kibitz::server {

// Every kind, as the wire and the store name it.
inline constexpr std::array<std::string_view, 7> notice_kinds = {
    "game_started",         "your_turn",        "game_over", "challenge", "tournament_soon",
    "tournament_withdrawn", "tournament_paused"};
bool known_notice_kind(std::string_view kind);

struct notification_item {
    std::int64_t id = 0;  // 0: not stored (a guest's, shown live only)
    std::string kind;
    json data;            // what it is about: room, game, opponent, ... (per kind)
    std::int64_t at_ms = 0;
    bool read = false;
};
json to_json(const notification_item& n);

// Pushed to every open tab of the player as it happens.
struct notification_msg {
    notification_item item;
};
// The answer to notify.list, and to every tab of the player after notify.read.
struct notify_list_msg {
    std::vector<notification_item> items;  // newest first
    int unread = 0;
};
// The answer to notify.prefs.
struct notify_prefs_msg {
    bool all_off = false;
    std::vector<std::string> muted;
};

frame encode(const notification_msg& m);
frame encode(const notify_list_msg& m);
frame encode(const notify_prefs_msg& m);

}  // namespace kibitz::server
