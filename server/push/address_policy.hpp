#pragma once
// Where the push sender may connect (security review F1): a push endpoint is
// named by the client, so the server must not be made to open connections to
// its own machine, its private network or a cloud metadata service. Public
// unicast addresses only; the hosts a test allows (--push-http-host) are the
// one exception. Pure: safe on any thread.
#include <string_view>

#include <boost/asio/ip/address.hpp>

namespace kibitz::server::push {

// False for loopback, "this network" (0/8), RFC 1918, CGNAT (100.64/10),
// link-local (169.254/16: metadata services; fe80::/10), IETF protocol
// assignments (192.0.0/24), benchmarking (198.18/15), documentation,
// multicast, reserved (240/4) and broadcast, unspecified, ULA (fc00::/7),
// site-local (fec0::/10), discard (100::/64); an IPv4 address inside IPv6
// (mapped, compatible, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged as the
// IPv4 address it carries.
bool public_address(const boost::asio::ip::address& a);

// True for a host the URL standard reads as a number ("2130706433",
// "0x7f000001", "127.1", "1.2.3.4"): such a host is accepted only as a
// dotted quad of four decimal parts without leading zeros.
bool numeric_host(std::string_view host);

}  // namespace kibitz::server::push
