#include "net/address_counter.hpp"

#include "net/client_address.hpp"

namespace kibitz::server {

address_slot address_counter::take(const boost::asio::ip::address& peer, std::size_t max) {
    if (max == 0) return std::make_shared<int>(0);
    const auto a = budget_address(peer);
    {
        std::lock_guard lock(mu_);
        auto& n = open_[a];
        if (n >= max) return nullptr;
        ++n;
    }
    // The counter outlives every connection (app owns both, the counter longer).
    return address_slot(static_cast<void*>(this), [this, a](void*) { release(a); });
}

void address_counter::release(const boost::asio::ip::address& a) {
    std::lock_guard lock(mu_);
    auto it = open_.find(a);
    if (it == open_.end()) return;
    if (--it->second == 0) open_.erase(it);
}

std::size_t address_counter::count(const boost::asio::ip::address& peer) const {
    std::lock_guard lock(mu_);
    auto it = open_.find(budget_address(peer));
    return it == open_.end() ? 0 : it->second;
}

}  // namespace kibitz::server
