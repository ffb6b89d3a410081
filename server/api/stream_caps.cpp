// The caps on open streams (line_feed.hpp).
#include "api/line_feed.hpp"

namespace kibitz::server::api {

stream_slot::stream_slot(std::shared_ptr<stream_caps> caps, std::int64_t account,
                         std::string address)
    : caps_(std::move(caps)), account_(account), address_(std::move(address)) {}

stream_slot::~stream_slot() { caps_->give_back(account_, address_); }

std::unique_ptr<stream_slot> stream_caps::take(std::int64_t account, const std::string& address) {
    {
        std::lock_guard lock(mu_);
        auto& mine = by_account_[account];
        auto& here = by_address_[address];
        if (open_ >= total_ || mine >= per_account_ || here >= per_address_) {
            if (mine == 0) by_account_.erase(account);
            if (here == 0) by_address_.erase(address);
            return nullptr;
        }
        ++open_;
        ++mine;
        ++here;
    }
    return std::make_unique<stream_slot>(shared_from_this(), account, address);
}

void stream_caps::give_back(std::int64_t account, const std::string& address) {
    std::lock_guard lock(mu_);
    --open_;
    if (auto it = by_account_.find(account); it != by_account_.end() && --it->second == 0)
        by_account_.erase(it);
    if (auto it = by_address_.find(address); it != by_address_.end() && --it->second == 0)
        by_address_.erase(it);
}

void stream_caps::set_limits(std::size_t per_account, std::size_t total, std::size_t per_address) {
    std::lock_guard lock(mu_);
    per_account_ = per_account;
    total_ = total;
    per_address_ = per_address;
}

std::size_t stream_caps::open() const {
    std::lock_guard lock(mu_);
    return open_;
}

}  // namespace kibitz::server::api
