// app::start_push (app.hpp): Web Push's part of the composition root
// (docs/push.md). The VAPID key pair is made at the first start and kept in
// the store (server_keys), so every restart, and every node of a cluster,
// signs with the same key the browsers subscribed with.
#include <future>

#include "app.hpp"
#include "push/base64url.hpp"
#include "push/push_sender.hpp"

namespace kibitz::server {

namespace {
// RFC 8030 section 5.3: what brings a player back at once goes first.
std::string urgency_of(std::string_view kind) {
    return kind == "your_turn" || kind == "challenge" || kind == "game_started" ? "high" : "normal";
}
}  // namespace

std::optional<std::string> app::start_push(notifications_config& nc) {
    if (!notification_store_) return std::nullopt;  // no database: no subscriptions either
    // Start-up only, before any I/O thread runs: waiting here blocks no one.
    std::promise<core::result<std::string>> stored;
    notification_store_->server_key(
        "vapid",
        [] {
            auto k = push::p256_key::generate();
            return k ? k->private_pem() : std::string();
        },
        cfg_.clock.now_ms(), [&](core::result<std::string> r) { stored.set_value(std::move(r)); });
    auto pem = stored.get_future().get();
    if (!pem) return "database " + db_name() + ": the VAPID key: " + pem.reason();
    auto key = push::p256_key::from_pem(pem.value());
    if (!key) return "database " + db_name() + ": the stored VAPID key is not a P-256 key";

    push::push_sender_config pc;
    pc.subject = cfg_.push_subject;
    pc.rules.http_hosts = cfg_.push_http_hosts;
    pc.ca_file = cfg_.push_ca_file;
    pc.per_player_per_minute = cfg_.push_per_minute;
    pc.first_backoff = cfg_.push_first_backoff;
    pc.clock = cfg_.clock;
    try {
        push_ = std::make_shared<push::push_sender>(ioc_, *notification_store_, *key, pc);
    } catch (const std::exception& e) {  // an unreadable --push-ca-file
        return std::string("--push-ca-file: ") + e.what();
    }
    push_->count_on(metrics_);
    ctx_->api.push = {notification_store_, push::base64url_encode(key->public_point()), pc.rules,
                      10, ioc_.get_executor()};
    nc.deliver_elsewhere = [sender = push_](std::int64_t row, const notification_item& item) {
        sender->send(row, to_json(item).dump(), urgency_of(item.kind));
    };
    return std::nullopt;
}

}  // namespace kibitz::server
