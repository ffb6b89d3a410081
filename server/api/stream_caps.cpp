// The caps on open streams (line_feed.hpp).
#include "api/line_feed.hpp"

namespace kibitz::server::api {

stream_slot::stream_slot(std::shared_ptr<stream_caps> caps, std::int64_t account)
    : caps_(std::move(caps)), account_(account) {}

stream_slot::~stream_slot() { caps_->give_back(account_); }

std::unique_ptr<stream_slot> stream_caps::take(std::int64_t account) {
    {
        std::lock_guard lock(mu_);
        auto& mine = by_account_[account];
        if (open_ >= total_ || mine >= per_account_) {
            if (mine == 0) by_account_.erase(account);
            return nullptr;
        }
        ++open_;
        ++mine;
    }
    return std::make_unique<stream_slot>(shared_from_this(), account);
}

void stream_caps::give_back(std::int64_t account) {
    std::lock_guard lock(mu_);
    --open_;
    if (auto it = by_account_.find(account); it != by_account_.end() && --it->second == 0)
        by_account_.erase(it);
}

void stream_caps::set_limits(std::size_t per_account, std::size_t total) {
    std::lock_guard lock(mu_);
    per_account_ = per_account;
    total_ = total;
}

std::size_t stream_caps::open() const {
    std::lock_guard lock(mu_);
    return open_;
}

}  // namespace kibitz::server::api
