// push_sender (push_sender.hpp). Every member is touched on strand_ only.
#include "push/push_sender.hpp"

#include <algorithm>
#include <charconv>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/beast/http/field.hpp>

#include "push/base64url.hpp"
#include "push/ece.hpp"
#include "push/vapid.hpp"

namespace kibitz::server::push {

namespace net = boost::asio;
namespace http = boost::beast::http;

std::optional<std::chrono::milliseconds> retry_after_of(std::string_view header) {
    while (!header.empty() && header.front() == ' ') header.remove_prefix(1);
    while (!header.empty() && header.back() == ' ') header.remove_suffix(1);
    unsigned long s = 0;
    auto [end, ec] = std::from_chars(header.data(), header.data() + header.size(), s);
    if (header.empty() || ec != std::errc() || end != header.data() + header.size())
        return std::nullopt;
    return std::chrono::milliseconds(std::min<unsigned long>(s, 86400) * 1000);
}

push_sender::push_sender(net::io_context& ioc, storage::notification_store& store, p256_key vapid,
                         push_sender_config cfg)
    : strand_(net::make_strand(ioc)),
      store_(store),
      vapid_(std::move(vapid)),
      cfg_(std::move(cfg)),
      tls_(net::ssl::context::tls_client) {
    tls_.set_default_verify_paths();
    tls_.set_verify_mode(net::ssl::verify_peer);
    if (!cfg_.ca_file.empty()) tls_.load_verify_file(cfg_.ca_file);
}

void push_sender::count_on(metrics& m) {
    auto add = [&](const char* name, const char* help, std::atomic<std::uint64_t> push_counts::*f) {
        m.add_gauge(name, help,
                    [c = counts_, f] { return static_cast<long long>(((*c).*f).load()); });
    };
    add("kibitz_push_sent_total", "Web Push messages a push service accepted.", &push_counts::sent);
    add("kibitz_push_gone_total", "Push subscriptions dropped: the service answered 404 or 410.",
        &push_counts::gone);
    add("kibitz_push_retried_total", "Web Push messages tried again (429, 5xx, no answer).",
        &push_counts::retried);
    add("kibitz_push_failed_total", "Web Push messages given up on.", &push_counts::failed);
    add("kibitz_push_rate_limited_total", "Notifications not pushed: the player's limit.",
        &push_counts::rate_limited);
    add("kibitz_push_dropped_total", "Web Push messages dropped: the queue was full.",
        &push_counts::dropped);
    add("kibitz_push_refused_total",
        "Push subscriptions dropped: their host resolves to no public address.",
        &push_counts::refused);
}

void push_sender::send(std::int64_t who, std::string payload, std::string urgency) {
    net::post(strand_, [self = shared_from_this(), who, payload = std::move(payload),
                        urgency = std::move(urgency)]() mutable {
        if (self->stopped_) return;
        if (!self->allow(who)) {
            ++self->counts_->rate_limited;
            return;
        }
        auto shared = std::make_shared<const std::string>(std::move(payload));
        if (!self->budget_) return self->fan_out(who, std::move(shared), std::move(urgency));
        // The cluster's budget too; no answer in time: this node's window alone decides.
        self->budget_->spend_push(
            who, self->cfg_.per_player_per_minute,
            [self, who, shared, urgency = std::move(urgency)](std::optional<bool> allowed) {
                net::post(self->strand_, [self, who, shared, urgency, allowed] {
                    if (allowed && !*allowed) {
                        self->give_back(who);
                        ++self->counts_->rate_limited;
                        return;
                    }
                    if (!self->stopped_) self->fan_out(who, shared, urgency);
                });
            });
    });
}

void push_sender::fan_out(std::int64_t who, std::shared_ptr<const std::string> payload,
                          std::string urgency) {
    store_.push_subscriptions_of(
        who, [self = shared_from_this(), payload, urgency = std::move(urgency)](
                 core::result<std::vector<storage::push_subscription>> r) {
            if (!r) return spdlog::warn("push: subscriptions: {}", r.reason());
            // From the store's thread back to the strand.
            net::post(self->strand_, [self, payload, urgency, subs = std::move(r.value())] {
                for (const auto& s : subs) self->enqueue({s, payload, urgency, 1});
            });
        });
}

bool push_sender::allow(std::int64_t who) {
    const auto now = std::chrono::steady_clock::now();
    if (windows_.size() > 10000)  // forget windows long over, so the map stays small
        std::erase_if(windows_, [&](const auto& w) {
            return now - w.second.start >= std::chrono::minutes(1);
        });
    auto& w = windows_[who];
    if (now - w.start >= std::chrono::minutes(1)) w = {now, 0};
    return ++w.count <= cfg_.per_player_per_minute;
}

void push_sender::give_back(std::int64_t who) {
    if (auto it = windows_.find(who); it != windows_.end() && it->second.count > 0)
        --it->second.count;
}

void push_sender::enqueue(delivery d) {
    if (stopped_) return;
    if (waiting_count_ >= cfg_.queue_limit) {
        ++counts_->dropped;
        return;
    }
    auto& queue = waiting_[d.to.who];
    if (queue.empty()) turns_.push_back(d.to.who);
    queue.push_back(std::move(d));
    ++waiting_count_;
    pump();
}

std::optional<push_sender::delivery> push_sender::next_turn() {
    for (std::size_t tried = 0; tried < turns_.size(); ++tried) {
        const auto who = turns_.front();
        turns_.pop_front();
        auto& queue = waiting_[who];
        if (running_of_[who] >= cfg_.per_player_in_flight) {
            turns_.push_back(who);  // their turn comes back when one of theirs ends
            continue;
        }
        auto d = std::move(queue.front());
        queue.pop_front();
        --waiting_count_;
        if (queue.empty()) waiting_.erase(who);
        else turns_.push_back(who);
        return d;
    }
    return std::nullopt;
}

void push_sender::pump() {
    while (!stopped_ && running_ < cfg_.in_flight) {
        auto d = next_turn();
        if (!d) return;
        ++running_;
        ++running_of_[d->to.who];
        deliver(std::move(*d));
    }
}

void push_sender::deliver(delivery d) {
    auto url = parse_endpoint(d.to.endpoint);
    auto ua = base64url_decode(d.to.p256dh);
    auto auth = base64url_decode(d.to.auth);
    // Checked when stored; a row that fails now (edited by hand) is given up.
    const bool private_ok = url && cfg_.rules.allows_private(url->host);
    bool allowed = url && (url->tls || private_ok);
    auto body = allowed && ua && auth ? encrypt_aes128gcm(*d.payload, *ua, *auth) : std::nullopt;
    const auto exp = cfg_.clock.now_ms() / 1000 + 12 * 3600;  // RFC 8292: at most 24 h ahead
    auto vapid = body ? vapid_authorization(vapid_, url->origin, cfg_.subject, exp) : std::nullopt;
    if (!vapid) {
        spdlog::warn("push: cannot send to subscription {}", d.to.id);
        ++counts_->failed;
        ended(d.to.who);
        return pump();
    }
    push_http_request req{http::verb::post, "/", 11};
    req.set(http::field::authorization, *vapid);
    req.set(http::field::content_type, "application/octet-stream");
    req.set(http::field::content_encoding, "aes128gcm");
    req.set("TTL", std::to_string(cfg_.ttl.count()));
    req.set("Urgency", d.urgency);
    req.body() = std::move(*body);
    const auto to = *url;
    post_push(strand_, tls_, to, private_ok, std::move(req), cfg_.limits,
              [self = shared_from_this(), d = std::move(d)](push_answer a) mutable {
                  self->ended(d.to.who);
                  self->answered(std::move(d), a);
                  self->pump();
              });
}

void push_sender::ended(std::int64_t who) {
    --running_;
    if (auto it = running_of_.find(who); it != running_of_.end() && --it->second <= 0)
        running_of_.erase(it);
}

void push_sender::answered(delivery d, const push_answer& a) {
    if (a.status >= 200 && a.status < 300) {
        ++counts_->sent;
        return;
    }
    if (a.refused) {  // never reachable from here: kept, it would be tried on every notice
        spdlog::info("push: dropping subscription {}: {}", d.to.id, a.error);
        ++counts_->refused;
        store_.remove_push_subscription(d.to.endpoint, [](core::result<bool> r) {
            if (!r) spdlog::warn("push: removing a refused subscription: {}", r.reason());
        });
        return;
    }
    if (a.status == 404 || a.status == 410) {
        ++counts_->gone;
        store_.remove_push_subscription(d.to.endpoint, [](core::result<bool> r) {
            if (!r) spdlog::warn("push: removing a gone subscription: {}", r.reason());
        });
        return;
    }
    const bool transient = a.status == 0 || a.status == 429 || a.status >= 500;
    if (!transient || d.attempt >= cfg_.max_attempts || stopped_) {
        spdlog::info("push: giving up on subscription {} after {} attempt(s): {}", d.to.id,
                     d.attempt, a.status ? std::to_string(a.status) : a.error);
        ++counts_->failed;
        return;
    }
    auto wait = cfg_.first_backoff * (1 << std::min(d.attempt - 1, 10));
    if (auto hinted = retry_after_of(a.retry_after)) wait = *hinted;
    retry_later(std::move(d), std::min(wait, cfg_.max_retry_after));
}

void push_sender::retry_later(delivery d, std::chrono::milliseconds wait) {
    ++counts_->retried;
    ++d.attempt;
    auto timer = std::make_shared<net::steady_timer>(strand_, wait);
    auto at = retries_.insert(retries_.end(), timer);
    timer->async_wait(
        [self = shared_from_this(), at, d = std::move(d)](boost::system::error_code ec) mutable {
            self->retries_.erase(at);
            if (!ec && !self->stopped_) self->enqueue(std::move(d));
        });
}

void push_sender::stop() {
    net::post(strand_, [self = shared_from_this()] {
        self->stopped_ = true;
        self->waiting_.clear();
        self->turns_.clear();
        self->waiting_count_ = 0;
        for (auto& t : self->retries_) t->cancel();
    });
}

}  // namespace kibitz::server::push
