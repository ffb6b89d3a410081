// The notifications service (notifications.hpp): the store's answers come
// back on its threads, where they are only turned into frames and sent.
#include "notify/notifications.hpp"

#include <sstream>

#include <spdlog/spdlog.h>

namespace kibitz::server {

namespace {
notification_item from_row(const storage::notification_row& r) {
    auto data = json::parse(r.data, nullptr, false);
    return {r.id, r.kind, data.is_discarded() ? json::object() : std::move(data), r.created_ms,
            r.read_ms != 0};
}

void answer(const peer_ref& p, const std::optional<wire_error>& e, std::optional<std::int64_t> ack,
            const std::string& type) {
    if (e) send_to(p, error_frame(*e, type, ack));
    else if (ack) send_to(p, ack_frame(*ack, type));
}

wire_error account_required() {
    return {"account_required", "notification settings are kept for accounts: log in first"};
}
wire_error store_failed(const std::string& why) {
    return {"unavailable", "notifications could not be read or saved: " + why};
}
}  // namespace

bool wanted(const storage::notification_prefs& p, std::string_view kind) {
    if (p.all_off) return false;
    std::istringstream words(p.muted);
    for (std::string w; words >> w;)
        if (w == kind) return false;
    return true;
}

notify_prefs_msg prefs_msg(const storage::notification_prefs& p) {
    notify_prefs_msg m{p.all_off, {}};
    std::istringstream words(p.muted);
    for (std::string w; words >> w;) m.muted.push_back(w);
    return m;
}

notifications::notifications(storage::notification_store* store, notifications_config cfg)
    : store_(store), cfg_(std::move(cfg)) {}

void notifications::push(const std::string& key, const frame& f) const {
    if (auto* peers = peers_.load())
        for (const auto& [conn, p] : peers->of(key)) send_to(p, f);
    if (auto* other_nodes = elsewhere_.load()) other_nodes->tell_player(key, f);
}

void notifications::notify(const player_ptr& to, std::string kind, nlohmann::json data) {
    if (!to || to->computer_level) return;
    notification_item item{0, std::move(kind), std::move(data), cfg_.clock.now_ms(), false};
    if (!store_ || !to->row || to->guest) {
        // Nothing is kept for a guest, and a guest has no preferences.
        push(to->key(), encode(notification_msg{std::move(item)}));
        return;
    }
    store_->notification_prefs_of(
        to->row, [this, row = to->row, key = to->key(),
                  item = std::move(item)](core::result<storage::notification_prefs> r) mutable {
            if (!r) spdlog::warn("notifications: preferences of {}: {}", row, r.reason());
            else if (!wanted(r.value(), item.kind)) return;
            store_and_push(row, std::move(key), std::move(item));
        });
}

void notifications::store_and_push(std::int64_t row, std::string key, notification_item item) {
    auto kind = item.kind;
    auto data = item.data.dump();
    store_->add_notification(
        row, std::move(kind), std::move(data), item.at_ms, cfg_.keep,
        [this, row, key = std::move(key),
         item = std::move(item)](core::result<storage::notification_row> r) mutable {
            if (!r) {
                spdlog::warn("notifications: storing for {}: {}", row, r.reason());
                return;
            }
            item.id = r.value().id;
            push(key, encode(notification_msg{item}));
            if (cfg_.deliver_elsewhere) cfg_.deliver_elsewhere(row, item);
        });
}

void notifications::send_list(const player_ptr& who, std::optional<peer_ref> to) {
    auto send = [this, to, key = who->key()](const frame& f) {
        if (to) send_to(*to, f);
        else push(key, f);
    };
    if (!store_ || !who->row || who->guest) return send(encode(notify_list_msg{}));
    store_->notifications_of(
        who->row, cfg_.list_limit, [send](core::result<storage::notification_page> r) {
            if (!r) return send(error_frame(store_failed(r.reason()), "notify.list"));
            notify_list_msg m;
            for (const auto& row : r.value().items) m.items.push_back(from_row(row));
            m.unread = r.value().unread;
            send(encode(m));
        });
}

void notifications::message(const player_ptr& who, const peer_ref& p, const notify_msg& m,
                            std::optional<std::int64_t> ack, const std::string& type) {
    if (!who) return;
    const bool kept = store_ && who->row && !who->guest;
    switch (m.action) {
    case notify_action::list:
        answer(p, std::nullopt, ack, type);
        return send_list(who, p);
    case notify_action::read:
        if (!kept) return answer(p, std::nullopt, ack, type);  // nothing kept: nothing to mark
        store_->mark_notifications_read(
            who->row, m.id, cfg_.clock.now_ms(), [this, who, p, ack, type](core::result<int> r) {
                if (!r) return answer(p, store_failed(r.reason()), ack, type);
                answer(p, std::nullopt, ack, type);
                send_list(who, std::nullopt);  // every tab's bell agrees
            });
        return;
    case notify_action::prefs:
        if (!kept && (m.all_off || m.muted)) return answer(p, account_required(), ack, type);
        return set_prefs(who, p, m, ack, type);
    }
}

void notifications::set_prefs(const player_ptr& who, const peer_ref& p, const notify_msg& m,
                              std::optional<std::int64_t> ack, const std::string& type) {
    if (!store_ || !who->row || who->guest) {
        answer(p, std::nullopt, ack, type);
        return send_to(p, encode(prefs_msg({})));
    }
    store_->notification_prefs_of(who->row, [this, row = who->row, p, m, ack,
                                             type](core::result<storage::notification_prefs> r) {
        if (!r) return answer(p, store_failed(r.reason()), ack, type);
        auto prefs = r.value();
        if (!m.all_off && !m.muted) {
            answer(p, std::nullopt, ack, type);
            return send_to(p, encode(prefs_msg(prefs)));
        }
        if (m.all_off) prefs.all_off = *m.all_off;
        if (m.muted) {
            prefs.muted.clear();
            for (const auto& k : *m.muted) prefs.muted += (prefs.muted.empty() ? "" : " ") + k;
        }
        store_->set_notification_prefs(row, prefs, [p, prefs, ack, type](core::result<bool> s) {
            if (!s) return answer(p, store_failed(s.reason()), ack, type);
            answer(p, std::nullopt, ack, type);
            send_to(p, encode(prefs_msg(prefs)));
        });
    });
}

}  // namespace kibitz::server
