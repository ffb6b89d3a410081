#pragma once
// The Web Push sender (issue 25, docs/push.md): each stored notification of
// a player goes, encrypted (ece.hpp) and signed (vapid.hpp), to every push
// subscription the player has (the store's), over HTTPS (push_request.hpp).
// A subscription the push service says is gone (404, 410) is deleted; a busy
// or failing service (429, 5xx, no answer) is tried again after its
// Retry-After or a doubling backoff, a bounded number of times. A player who
// sets off more than `per_player_per_minute` notifications has the rest
// dropped for that minute (in a cluster, counted across the nodes when the
// shared budget answers: share()), and at most `queue_limit` deliveries wait.
// Deliveries wait in one queue per player, served in turn, with at most
// `per_player_in_flight` of a player's under way: a player whose endpoints
// never answer holds up only their own (security review F2). An endpoint
// whose host resolves to no public address is dropped (address_policy.hpp).
//
// Owns: the VAPID key, the TLS context, the waiting deliveries, the rate
// windows, the retry timers. Runs on its own strand of the app's io_context;
// send() returns at once from any thread (a room's strand, a store thread),
// so nothing ever waits on a push service.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <list>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "domain/wall_clock.hpp"
#include "observe/metrics.hpp"
#include "push/endpoint.hpp"
#include "push/p256.hpp"
#include "push/push_request.hpp"
#include "push/shared_budget.hpp"
#include "store/notification_store.hpp"

namespace kibitz::server::push {

struct push_sender_config {
    std::string subject = "mailto:push@kibitz.invalid";  // VAPID `sub`: whom to contact
    subscription_rules rules;  // plain-http hosts allowed (a test's endpoint)
    std::chrono::seconds ttl{24 * 3600};  // how long a push service keeps an undelivered one
    push_limits limits;  // connect (lookup included), then the rest of one exchange
    std::chrono::milliseconds first_backoff{1000};  // then doubling
    std::chrono::milliseconds max_retry_after{120000};
    int max_attempts = 4;
    int per_player_per_minute = 20;
    std::size_t queue_limit = 1000;
    int in_flight = 8;
    int per_player_in_flight = 2;
    std::string ca_file;  // extra roots to trust (a test's self-signed endpoint)
    wall_clock clock;
};

// The sender's counts, shown on /metrics (kibitz_push_*_total).
struct push_counts {
    std::atomic<std::uint64_t> sent{0}, gone{0}, retried{0}, failed{0}, rate_limited{0}, dropped{0},
        refused{0};
};

class push_sender : public std::enable_shared_from_this<push_sender> {
public:
    push_sender(boost::asio::io_context& ioc, storage::notification_store& store, p256_key vapid,
                push_sender_config cfg);

    // Registers the counts as gauges (start-up, before the server listens).
    void count_on(metrics& m);
    // The cluster's per-player budget, checked after this node's own window
    // (both must allow a push). Set once at start-up, before any send.
    void share(std::shared_ptr<shared_budget> budget) { budget_ = std::move(budget); }
    // A new notification for stored player `who`: `payload` the JSON the
    // service worker reads, `urgency` RFC 8030's ("high" for your move).
    void send(std::int64_t who, std::string payload, std::string urgency);
    void stop();  // no new deliveries; retries waiting are dropped

    const push_counts& counts() const { return *counts_; }

private:
    struct delivery {
        storage::push_subscription to;
        std::shared_ptr<const std::string> payload;
        std::string urgency;
        int attempt = 1;
    };
    bool allow(std::int64_t who);
    void give_back(std::int64_t who);  // refused by the cluster: not spent here either
    // To every subscription of `who`.
    void fan_out(std::int64_t who, std::shared_ptr<const std::string> payload, std::string urgency);
    void enqueue(delivery d);
    void pump();
    // The next delivery of the next player in turn who may start one, if any.
    std::optional<delivery> next_turn();
    void deliver(delivery d);
    void ended(std::int64_t who);  // one of `who`'s deliveries is no longer under way
    void answered(delivery d, const push_answer& a);
    void retry_later(delivery d, std::chrono::milliseconds wait);

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    storage::notification_store& store_;
    p256_key vapid_;
    push_sender_config cfg_;
    boost::asio::ssl::context tls_;
    std::shared_ptr<push_counts> counts_ = std::make_shared<push_counts>();
    std::shared_ptr<shared_budget> budget_;  // none: a single node
    std::unordered_map<std::int64_t, std::deque<delivery>> waiting_;  // by player
    std::deque<std::int64_t> turns_;  // players with deliveries waiting, in turn
    std::unordered_map<std::int64_t, int> running_of_;  // by player
    std::size_t waiting_count_ = 0;
    int running_ = 0;
    bool stopped_ = false;
    struct window {
        std::chrono::steady_clock::time_point start;
        int count = 0;
    };
    std::unordered_map<std::int64_t, window> windows_;
    std::list<std::shared_ptr<boost::asio::steady_timer>> retries_;
};

// Retry-After as delta-seconds; nullopt for an HTTP-date or nothing.
std::optional<std::chrono::milliseconds> retry_after_of(std::string_view header);

}  // namespace kibitz::server::push
