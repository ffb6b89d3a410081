#pragma once
// Whose budget a connection spends (security review F3): an IPv4 address, or
// the /64 network of an IPv6 one, since a single subscriber is usually given
// a whole /64 and could otherwise take a fresh budget per address. An IPv4
// address carried in IPv6 (::ffff:a.b.c.d, a dual-stack listener) is its
// IPv4 address. Pure, header-only.
#include <string>

#include <boost/asio/ip/address.hpp>

namespace kibitz::server {

inline boost::asio::ip::address budget_address(const boost::asio::ip::address& a) {
    if (a.is_v4()) return a;
    auto v6 = a.to_v6();
    if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6);
    auto bytes = v6.to_bytes();
    for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
    return boost::asio::ip::address_v6(bytes);
}

// The key the rate limits count under: "192.0.2.7", "2001:db8:1:2::/64".
inline std::string budget_key(const boost::asio::ip::address& a) {
    auto b = budget_address(a);
    return b.is_v4() ? b.to_string() : b.to_string() + "/64";
}

}  // namespace kibitz::server
