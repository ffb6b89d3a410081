// The open challenges of the bot API (challenge_book.hpp).
#include "api/challenge_book.hpp"

namespace kibitz::server::api {

void challenge_book::add(const std::string& code, entry e) {
    std::lock_guard lock(mu_);
    if (!open_.insert_or_assign(code, std::move(e)).second) return;  // known: same place
    order_.push_back(code);
    while (open_.size() > limit_ && !order_.empty()) {
        open_.erase(order_.front());
        order_.pop_front();
    }
    // Codes taken since they were added only take room: drop them when they dominate.
    if (order_.size() > 2 * limit_ + 16) {
        std::deque<std::string> kept;
        for (auto& c : order_)
            if (open_.count(c)) kept.push_back(std::move(c));
        order_ = std::move(kept);
    }
}

std::optional<challenge_book::entry> challenge_book::take(const std::string& code) {
    std::lock_guard lock(mu_);
    auto it = open_.find(code);
    if (it == open_.end()) return std::nullopt;
    auto e = std::move(it->second);
    open_.erase(it);
    return e;
}

std::size_t challenge_book::size() const {
    std::lock_guard lock(mu_);
    return open_.size();
}

}  // namespace kibitz::server::api
