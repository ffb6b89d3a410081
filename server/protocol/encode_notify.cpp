// The codec's encoders of the notification messages (out_notify.hpp).
#include <algorithm>

#include "protocol/envelope.hpp"
#include "protocol/out_notify.hpp"

namespace kibitz::server {

bool known_notice_kind(std::string_view kind) {
    return std::find(notice_kinds.begin(), notice_kinds.end(), kind) != notice_kinds.end();
}

json to_json(const notification_item& n) {
    return {{"id", n.id}, {"kind", n.kind}, {"data", n.data}, {"at", n.at_ms}, {"read", n.read}};
}

frame encode(const notification_msg& m) { return make_frame("notification", to_json(m.item)); }

frame encode(const notify_list_msg& m) {
    json items = json::array();
    for (const auto& n : m.items) items.push_back(to_json(n));
    return make_frame("notifications", {{"items", std::move(items)}, {"unread", m.unread}});
}

frame encode(const notify_prefs_msg& m) {
    return make_frame("notification.prefs", {{"all_off", m.all_off}, {"muted", m.muted}});
}

}  // namespace kibitz::server
