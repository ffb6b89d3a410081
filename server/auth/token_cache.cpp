#include "auth/token_cache.hpp"

namespace kibitz::server::auth {

std::optional<storage::token_holder> token_cache::find(const std::string& digest,
                                                       std::int64_t now_ms) const {
    std::lock_guard lock(mu_);
    auto it = entries_.find(digest);
    if (it == entries_.end() || now_ms - it->second.checked_ms >= ttl_ms_) return std::nullopt;
    return it->second.holder;
}

std::uint64_t token_cache::generation() const {
    std::lock_guard lock(mu_);
    return generation_;
}

void token_cache::keep(const std::string& digest, storage::token_holder h, std::int64_t checked_ms,
                       std::uint64_t asked_at_generation) {
    std::lock_guard lock(mu_);
    if (asked_at_generation != generation_) return;
    if (entries_.size() >= limit_ && !entries_.contains(digest)) {
        std::erase_if(entries_,
                      [&](const auto& e) { return checked_ms - e.second.checked_ms >= ttl_ms_; });
        if (entries_.size() >= limit_) entries_.clear();
    }
    entries_[digest] = {std::move(h), checked_ms};
}

template <class Pred>
void token_cache::forget_if(Pred gone) {
    std::lock_guard lock(mu_);
    ++generation_;
    std::erase_if(entries_, [&](const auto& e) { return gone(e.second.holder); });
}

void token_cache::forget_token(std::int64_t token_id) {
    forget_if([&](const storage::token_holder& h) { return h.token.id == token_id; });
}

void token_cache::forget_player(storage::player_id who) {
    forget_if([&](const storage::token_holder& h) { return h.who.id == who; });
}

std::size_t token_cache::size() const {
    std::lock_guard lock(mu_);
    return entries_.size();
}

}  // namespace kibitz::server::auth
