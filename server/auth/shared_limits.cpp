#include "auth/shared_limits.hpp"

#include <algorithm>

namespace kibitz::server::auth {

void limiter::attempt(std::vector<limited_key> keys, std::int64_t now_ms, answer done) {
    std::int64_t wait = 0;
    for (const auto& k : keys) wait = std::max(wait, local_.wait_ms(k.key, k.limit, now_ms));
    if (wait > 0) return done(wait);
    // Counted before the shared answer: parallel attempts cannot all slip in here.
    for (const auto& k : keys) local_.failure(k.key, k.limit, now_ms);
    if (!shared_) return done(0);
    shared_->attempt(keys, [this, keys, done = std::move(done)](std::optional<std::int64_t> w) {
        if (w && *w > 0)  // refused by the cluster: not an attempt here either
            for (const auto& k : keys) local_.forgive_one(k.key);
        done(w ? *w : 0);
    });
}

void limiter::forgive_one(const std::string& key) {
    local_.forgive_one(key);
    if (shared_) shared_->forgive_one(key);
}

void limiter::clear(const std::string& key) {
    local_.clear(key);
    if (shared_) shared_->clear(key);
}

}  // namespace kibitz::server::auth
