#include "push/address_policy.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>

namespace kibitz::server::push {

namespace {
using boost::asio::ip::address_v4;
using boost::asio::ip::address_v6;

struct v4_block {
    std::uint32_t base;
    int bits;
};
constexpr std::uint32_t quad(unsigned a, unsigned b, unsigned c, unsigned d) {
    return (a << 24) | (b << 16) | (c << 8) | d;
}
// IANA's special-purpose IPv4 registry, the blocks that are not globally reachable.
constexpr std::array<v4_block, 15> v4_refused{{
    {quad(0, 0, 0, 0), 8},        // "this network", unspecified
    {quad(10, 0, 0, 0), 8},       // private
    {quad(100, 64, 0, 0), 10},    // CGNAT
    {quad(127, 0, 0, 0), 8},      // loopback
    {quad(169, 254, 0, 0), 16},   // link-local, cloud metadata
    {quad(172, 16, 0, 0), 12},    // private
    {quad(192, 0, 0, 0), 24},     // IETF protocol assignments
    {quad(192, 0, 2, 0), 24},     // documentation
    {quad(192, 88, 99, 0), 24},   // 6to4 relay anycast (deprecated)
    {quad(192, 168, 0, 0), 16},   // private
    {quad(198, 18, 0, 0), 15},    // benchmarking
    {quad(198, 51, 100, 0), 24},  // documentation
    {quad(203, 0, 113, 0), 24},   // documentation
    {quad(224, 0, 0, 0), 4},      // multicast
    {quad(240, 0, 0, 0), 4},      // reserved, broadcast
}};

bool public_v4(const address_v4& a) {
    const auto n = a.to_uint();
    return std::none_of(v4_refused.begin(), v4_refused.end(), [n](const v4_block& b) {
        return (n >> (32 - b.bits)) == (b.base >> (32 - b.bits));
    });
}

address_v4 v4_at(const address_v6::bytes_type& b, std::size_t at) {
    return address_v4(address_v4::bytes_type{b[at], b[at + 1], b[at + 2], b[at + 3]});
}

bool all_zero(const address_v6::bytes_type& b, std::size_t from, std::size_t to) {
    return std::all_of(b.begin() + static_cast<std::ptrdiff_t>(from),
                       b.begin() + static_cast<std::ptrdiff_t>(to),
                       [](unsigned char c) { return c == 0; });
}

bool public_v6(const address_v6& a) {
    const auto b = a.to_bytes();
    if (a.is_unspecified() || a.is_loopback() || a.is_multicast()) return false;
    if ((b[0] & 0xfe) == 0xfc) return false;                      // ULA fc00::/7
    if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return false;      // link-local fe80::/10
    if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) return false;      // site-local fec0::/10
    if (b[0] == 0x01 && b[1] == 0x00 && all_zero(b, 2, 8)) return false;  // discard 100::/64
    if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8) return false;  // docs
    if (a.is_v4_mapped()) return public_v4(v4_at(b, 12));  // ::ffff:a.b.c.d
    if (all_zero(b, 0, 12)) return public_v4(v4_at(b, 12));   // ::a.b.c.d (compatible)
    const address_v6::bytes_type nat64{0, 0x64, 0xff, 0x9b};
    if (std::equal(nat64.begin(), nat64.begin() + 4, b.begin()) && all_zero(b, 4, 12))
        return public_v4(v4_at(b, 12));  // 64:ff9b::/96
    if (b[0] == 0x20 && b[1] == 0x02) return public_v4(v4_at(b, 2));  // 6to4 2002::/16
    return true;
}

bool decimal(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    });
}
}  // namespace

bool public_address(const boost::asio::ip::address& a) {
    return a.is_v4() ? public_v4(a.to_v4()) : public_v6(a.to_v6());
}

bool numeric_host(std::string_view host) {
    // The URL standard's "ends in a number": the last label (a trailing dot
    // aside) is decimal or 0x-hexadecimal.
    if (!host.empty() && host.back() == '.') host.remove_suffix(1);
    auto last = host.substr(host.rfind('.') == std::string_view::npos ? 0 : host.rfind('.') + 1);
    if (decimal(last)) return true;
    if (last.size() >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X'))
        return std::all_of(last.begin() + 2, last.end(), [](char c) {
            return std::isxdigit(static_cast<unsigned char>(c)) != 0;
        });
    return false;
}

}  // namespace kibitz::server::push
