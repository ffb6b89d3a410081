#include "auth/rate_limiter.hpp"

namespace kibitz::server::auth {

namespace {
void expire(std::deque<std::int64_t>& q, std::int64_t now_ms, std::int64_t window_ms) {
    while (!q.empty() && q.front() <= now_ms - window_ms) q.pop_front();
}
}  // namespace

std::int64_t rate_limiter::wait_ms(const std::string& key, rate_limit limit, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    auto it = failures_.find(key);
    if (it == failures_.end()) return 0;
    auto& q = it->second;
    expire(q, now_ms, limit.window_ms);
    if (static_cast<int>(q.size()) < limit.max_failures) return 0;
    // Allowed again once enough old failures have left the window.
    auto oldest_counted = q[q.size() - static_cast<std::size_t>(limit.max_failures)];
    return oldest_counted + limit.window_ms - now_ms;
}

void rate_limiter::failure(const std::string& key, rate_limit limit, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    if (failures_.size() >= max_keys_ && !failures_.count(key)) prune(now_ms, limit.window_ms);
    auto& q = failures_[key];
    expire(q, now_ms, limit.window_ms);
    q.push_back(now_ms);
    // Keep only what can still matter, so one key cannot grow without bound.
    while (static_cast<int>(q.size()) > limit.max_failures) q.pop_front();
}

void rate_limiter::clear(const std::string& key) {
    std::lock_guard lock(mutex_);
    failures_.erase(key);
}

void rate_limiter::forgive_one(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = failures_.find(key);
    if (it == failures_.end() || it->second.empty()) return;
    it->second.pop_back();
    if (it->second.empty()) failures_.erase(it);
}

void rate_limiter::prune(std::int64_t now_ms, std::int64_t window_ms) {
    for (auto it = failures_.begin(); it != failures_.end();) {
        expire(it->second, now_ms, window_ms);
        it = it->second.empty() ? failures_.erase(it) : std::next(it);
    }
    // Still full of live keys (an attack from many addresses): forget the lot
    // rather than grow; blocking is best-effort, memory is not.
    if (failures_.size() >= max_keys_) failures_.clear();
}

}  // namespace kibitz::server::auth
