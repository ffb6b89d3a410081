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
    auto& q = it->second.times;
    expire(q, now_ms, limit.window_ms);
    if (static_cast<int>(q.size()) < limit.max_failures) return 0;
    // Allowed again once enough old failures have left the window.
    auto oldest_counted = q[q.size() - static_cast<std::size_t>(limit.max_failures)];
    return oldest_counted + limit.window_ms - now_ms;
}

void rate_limiter::failure(const std::string& key, rate_limit limit, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    auto it = failures_.find(key);
    if (it == failures_.end()) {
        if (failures_.size() >= max_keys_) evict_one();
        it = failures_.emplace(key, entry{}).first;
        it->second.at = counting_.insert(counting_.end(), key);
    }
    auto& e = it->second;
    expire(e.times, now_ms, limit.window_ms);
    e.times.push_back(now_ms);
    // Keep only what can still matter, so one key cannot grow without bound.
    while (static_cast<int>(e.times.size()) > limit.max_failures) e.times.pop_front();
    // The most recently counted goes last in its list.
    auto& from = list_of(e);
    e.blocking = static_cast<int>(e.times.size()) >= limit.max_failures;
    auto& to = list_of(e);
    to.splice(to.end(), from, e.at);
}

void rate_limiter::clear(const std::string& key) {
    std::lock_guard lock(mutex_);
    if (auto it = failures_.find(key); it != failures_.end()) erase(it);
}

void rate_limiter::forgive_one(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = failures_.find(key);
    if (it == failures_.end() || it->second.times.empty()) return;
    it->second.times.pop_back();
    if (it->second.times.empty()) erase(it);
}

std::size_t rate_limiter::size() {
    std::lock_guard lock(mutex_);
    return failures_.size();
}

void rate_limiter::erase(std::unordered_map<std::string, entry>::iterator it) {
    list_of(it->second).erase(it->second.at);
    failures_.erase(it);
}

void rate_limiter::evict_one() {
    // A key below its limit blocks nothing: losing its count costs least. The
    // least recently counted goes first, as its failures are the likeliest to
    // have left their window already.
    auto& from = counting_.empty() ? blocking_ : counting_;
    if (from.empty()) return;
    erase(failures_.find(from.front()));
}

}  // namespace kibitz::server::auth
