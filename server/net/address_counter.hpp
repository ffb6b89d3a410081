#pragma once
// Open connections per client address, to cap them (--max-conns-per-address):
// one address must not take every descriptor. A connection holds a slot from
// accept to close (the HTTP session, then its WebSocket); dropping the slot
// frees it. Thread-safe (one mutex, held to count). IPv6 addresses count by
// their /64 (client_address.hpp).
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>

#include <boost/asio/ip/address.hpp>

namespace kibitz::server {

using address_slot = std::shared_ptr<void>;

class address_counter {
public:
    // A slot for one more connection from `a`, or null when it already has
    // `max` (0: no cap; the slot is then not counted).
    address_slot take(const boost::asio::ip::address& a, std::size_t max);
    std::size_t count(const boost::asio::ip::address& a) const;

private:
    void release(const boost::asio::ip::address& a);

    mutable std::mutex mu_;
    std::map<boost::asio::ip::address, std::size_t> open_;
};

}  // namespace kibitz::server
