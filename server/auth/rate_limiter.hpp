#pragma once
// Counts events per key in a sliding window: failed log-ins (a folded
// username, or "ip:" + address), sign-ups and new guests per address. (The
// per-connection message rate is net/token_bucket.hpp.) Log-in decisions:
// 5 failures per username or 20 per address within 15 minutes block further
// attempts on that key until the oldest failure leaves the window; a
// successful log-in clears the username's count (not the address's, so one
// good account cannot launder guesses against others).
// Thread-safe (one mutex; called from store and pool threads). Memory is
// bounded: keys whose failures all expired are pruned, and past max_keys the
// table is pruned before a new key is added.
#include <chrono>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kibitz::server::auth {

struct rate_limit {
    int max_failures;
    std::int64_t window_ms;
};

class rate_limiter {
public:
    explicit rate_limiter(std::size_t max_keys = 100000) : max_keys_(max_keys) {}

    // 0 when an attempt is allowed now; otherwise milliseconds until it is.
    std::int64_t wait_ms(const std::string& key, rate_limit limit, std::int64_t now_ms);
    void failure(const std::string& key, rate_limit limit, std::int64_t now_ms);
    void clear(const std::string& key);
    // Takes back the newest failure: attempts are counted before they are
    // checked (so parallel guesses cannot all slip in), and a success forgives.
    void forgive_one(const std::string& key);

private:
    void prune(std::int64_t now_ms, std::int64_t window_ms);

    std::mutex mutex_;
    std::unordered_map<std::string, std::deque<std::int64_t>> failures_;
    std::size_t max_keys_;
};

}  // namespace kibitz::server::auth
