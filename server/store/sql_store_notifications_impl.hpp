#pragma once
// sql_store (see sql_store.hpp): notifications, their preferences, Web Push
// subscriptions and the server's keys (issue 25).
#include "store/sql_store_impl.hpp"

namespace kibitz::server::storage {

namespace sql_store_detail {
inline const std::string notification_columns = "id, player_id, kind, data, created_ms, read_ms";
inline const std::string subscription_columns = "id, player_id, endpoint, p256dh, auth, created_ms";

template <class Rows>
notification_row read_notification(const Rows& r) {
    return {r.i64(0), r.i64(1), r.text(2), r.text(3), r.i64(4), r.i64(5)};  // i64: 0 for NULL
}
template <class Rows>
push_subscription read_subscription(const Rows& r) {
    return {r.i64(0), r.i64(1), r.text(2), r.text(3), r.text(4), r.i64(5)};
}
}  // namespace sql_store_detail

template <class D>
void sql_store<D>::add_notification(player_id who, std::string kind, std::string data,
                                    std::int64_t now_ms, int keep, handler<notification_row> h) {
    write<notification_row>(
        std::move(h), [=, kind = std::move(kind), data = std::move(data)](db_type& db) {
            notification_row n{0, who, kind, data, now_ms, 0};
            {
                auto r = db.query(
                    "INSERT INTO notifications(player_id, kind, data, created_ms) "
                    "VALUES ($1, $2, $3, $4) RETURNING id",
                    who, kind, data, now_ms);
                r.next();
                n.id = r.i64(0);
            }
        // The newest `keep` stay: the id of the oldest kept bounds the rest.
            db.query(
                "DELETE FROM notifications WHERE player_id = $1 AND id < "
                "(SELECT MIN(id) FROM (SELECT id FROM notifications WHERE player_id = $1 "
                "ORDER BY id DESC LIMIT $2) AS kept)",
                who, std::max(1, keep));
            return n;
        });
}

template <class D>
void sql_store<D>::notifications_of(player_id who, int limit, handler<notification_page> h) {
    read<notification_page>(std::move(h), [who, limit](db_type& db) {
        using namespace sql_store_detail;
        notification_page page;
        page.items = all_rows<notification_row>(
            db,
            "SELECT " + notification_columns +
                " FROM notifications WHERE player_id = $1 ORDER BY id DESC LIMIT $2",
            [](const auto& r) { return read_notification(r); }, who, clamp_limit(limit));
        auto r = db.query(
            "SELECT COUNT(*) FROM notifications WHERE player_id = $1 AND read_ms IS NULL", who);
        r.next();
        page.unread = static_cast<int>(r.i64(0));
        return page;
    });
}

template <class D>
void sql_store<D>::mark_notifications_read(player_id who, std::optional<std::int64_t> id,
                                           std::int64_t now_ms, handler<int> h) {
    write<int>(std::move(h), [who, id, now_ms](db_type& db) {
        if (id)
            return static_cast<int>(db.query("UPDATE notifications SET read_ms = $1 "
                                             "WHERE player_id = $2 AND id = $3 AND read_ms IS NULL",
                                             now_ms, who, *id)
                                        .affected());
        return static_cast<int>(db.query("UPDATE notifications SET read_ms = $1 "
                                         "WHERE player_id = $2 AND read_ms IS NULL",
                                         now_ms, who)
                                    .affected());
    });
}

template <class D>
void sql_store<D>::notification_prefs_of(player_id who, handler<notification_prefs> h) {
    read<notification_prefs>(std::move(h), [who](db_type& db) {
        notification_prefs p;
        auto r =
            db.query("SELECT all_off, muted FROM notification_prefs WHERE player_id = $1", who);
        if (r.next()) p = {r.flag(0), r.text(1)};
        return p;
    });
}

template <class D>
void sql_store<D>::set_notification_prefs(player_id who, notification_prefs p, handler<bool> h) {
    write<bool>(std::move(h), [who, p = std::move(p)](db_type& db) {
        db.query(
            "INSERT INTO notification_prefs(player_id, all_off, muted) VALUES ($1, $2, $3) "
            "ON CONFLICT(player_id) DO UPDATE SET all_off = excluded.all_off, "
            "muted = excluded.muted",
            who, p.all_off, p.muted);
        return true;
    });
}

template <class D>
void sql_store<D>::add_push_subscription(push_subscription s, handler<push_subscription> h) {
    write<push_subscription>(std::move(h), [s = std::move(s)](db_type& db) mutable {
        auto r = db.query(
            "INSERT INTO push_subscriptions(player_id, endpoint, p256dh, auth, created_ms) "
            "VALUES ($1, $2, $3, $4, $5) ON CONFLICT(endpoint) DO UPDATE SET "
            "player_id = excluded.player_id, p256dh = excluded.p256dh, auth = excluded.auth, "
            "created_ms = excluded.created_ms RETURNING id",
            s.who, s.endpoint, s.p256dh, s.auth, s.created_ms);
        r.next();
        s.id = r.i64(0);
        return s;
    });
}

template <class D>
void sql_store<D>::push_subscriptions_of(player_id who, handler<std::vector<push_subscription>> h) {
    read<std::vector<push_subscription>>(std::move(h), [who](db_type& db) {
        using namespace sql_store_detail;
        return all_rows<push_subscription>(
            db,
            "SELECT " + subscription_columns +
                " FROM push_subscriptions WHERE player_id = $1 ORDER BY id",
            [](const auto& r) { return read_subscription(r); }, who);
    });
}

template <class D>
void sql_store<D>::remove_push_subscription(std::string endpoint, handler<bool> h) {
    write<bool>(std::move(h), [endpoint = std::move(endpoint)](db_type& db) {
        return db.query("DELETE FROM push_subscriptions WHERE endpoint = $1", endpoint).affected() >
               0;
    });
}

template <class D>
void sql_store<D>::server_key(std::string name, std::function<std::string()> make,
                              std::int64_t now_ms, handler<std::string> h) {
    write<std::string>(
        std::move(h), [name = std::move(name), make = std::move(make), now_ms](db_type& db) {
            {
                auto r = db.query("SELECT value FROM server_keys WHERE name = $1", name);
                if (r.next()) return r.text(0);
            }
            auto made = make();
            if (made.empty()) throw db_error("server key " + name + ": could not be made");
            // Another server on the same database may have stored one meanwhile: its stays.
            db.query(
                "INSERT INTO server_keys(name, value, created_ms) VALUES ($1, $2, $3) "
                "ON CONFLICT(name) DO NOTHING",
                name, made, now_ms);
            auto r = db.query("SELECT value FROM server_keys WHERE name = $1", name);
            r.next();
            return r.text(0);
        });
}

}  // namespace kibitz::server::storage
