#pragma once
// A push subscription as a browser sends it, checked before it is stored
// (issue 25, "bad input gets a clear error"), and the parts of its endpoint
// URL the sender connects to. Pure: safe on any thread.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace kibitz::server::push {

struct endpoint_url {
    bool tls = true;
    std::string host;
    std::uint16_t port = 443;
    std::string target;  // path and query, "/" at least
    std::string origin;  // "https://host[:port]": the VAPID audience
};

// An absolute http(s) URL without user info or fragment, whose host is a
// name or a dotted quad (no other numeric form); empty otherwise.
std::optional<endpoint_url> parse_endpoint(std::string_view url);

struct subscription_rules {
    // Hosts of a test's local push service (--push-http-host): their plain-http
    // endpoints are accepted and their private addresses reachable; every
    // other endpoint must be https on a public address (address_policy.hpp).
    std::vector<std::string> http_hosts;
    std::size_t max_endpoint = 1024;

    bool allows_private(std::string_view host) const;
};

struct checked_subscription {
    std::string endpoint;
    std::string p256dh;  // base64url, as sent
    std::string auth;
};
struct subscription_error {
    std::string code;  // "bad_endpoint", "bad_p256dh", "bad_auth"
    std::string message;
};

// The fields of {"endpoint", "keys": {"p256dh", "auth"}} (PushSubscription's
// JSON): the endpoint https (or an allowed http host), not localhost nor a
// non-public address literal, p256dh a point on P-256 (65 bytes), auth 16
// bytes. Where a name resolves is checked apart (endpoint_vet.hpp).
std::variant<checked_subscription, subscription_error> check_subscription(
    std::string_view endpoint, std::string_view p256dh, std::string_view auth,
    const subscription_rules& rules);

}  // namespace kibitz::server::push
