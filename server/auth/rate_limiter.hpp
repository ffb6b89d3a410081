#pragma once
// Counts events per key in a sliding window: failed log-ins (a folded
// username, or "ip:" + address), sign-ups and new guests per address. (The
// per-connection message rate is net/token_bucket.hpp.) Log-in decisions:
// 5 failures per username or 20 per address within 15 minutes block further
// attempts on that key until the oldest failure leaves the window; a
// successful log-in clears the username's count (not the address's, so one
// good account cannot launder guesses against others).
// Thread-safe (one mutex; called from store and pool threads). Memory is
// bounded at max_keys: past it, the key counted least recently is forgotten,
// among the keys that block nothing first (security review F3: a full table
// used to clear itself, so a flood of junk keys unlocked every locked one).
#include <chrono>
#include <cstdint>
#include <deque>
#include <list>
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

    std::size_t size();

private:
    struct entry {
        std::deque<std::int64_t> times;
        bool blocking = false;  // it reached its limit when last counted
        std::list<std::string>::iterator at;  // in counting_ or blocking_
    };
    std::list<std::string>& list_of(const entry& e) { return e.blocking ? blocking_ : counting_; }
    void erase(std::unordered_map<std::string, entry>::iterator it);
    void evict_one();

    std::mutex mutex_;
    std::unordered_map<std::string, entry> failures_;
    // Keys least recently counted first: those below their limit, then those at it.
    std::list<std::string> counting_, blocking_;
    std::size_t max_keys_;
};

}  // namespace kibitz::server::auth
