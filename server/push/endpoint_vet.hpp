#pragma once
// Where a push endpoint's host resolves, and which of those addresses the
// sender may connect to (address_policy.hpp): checked when a browser
// subscribes and again before every connection, so a name that later
// resolves to a private address (DNS rebinding) is still never reached.
//
// Owns: one lookup at a time, until `done`. Runs on the executor it is given;
// `done` runs there exactly once.
#include <chrono>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "push/endpoint.hpp"

namespace kibitz::server::push {

struct refused_address {
    std::string why;
    bool lookup_failed = false;  // no answer from the resolver: may work later
};
using reachable = std::variant<std::vector<boost::asio::ip::tcp::endpoint>, refused_address>;

// The resolved addresses the sender may use: the public ones, or all of them
// for a host the rules allow privately (a test's service).
std::vector<boost::asio::ip::tcp::endpoint> keep_reachable(
    const boost::asio::ip::tcp::resolver::results_type& found, bool private_ok);

void resolve_reachable(boost::asio::any_io_executor ex, const endpoint_url& to, bool private_ok,
                       std::chrono::milliseconds timeout, std::function<void(reachable)> done);

}  // namespace kibitz::server::push
