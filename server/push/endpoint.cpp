#include "push/endpoint.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <boost/asio/ip/address_v4.hpp>

#include "push/address_policy.hpp"
#include "push/base64url.hpp"
#include "push/p256.hpp"

namespace kibitz::server::push {

namespace {
std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool host_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.';
}

// What can be judged without a lookup: localhost by name, and address literals.
bool public_host(const std::string& host) {
    if (host == "localhost" || host.ends_with(".localhost") || host == "localhost.") return false;
    boost::system::error_code ec;
    auto literal = boost::asio::ip::make_address_v4(host, ec);
    return ec || public_address(literal);
}
}  // namespace

std::optional<endpoint_url> parse_endpoint(std::string_view url) {
    endpoint_url e;
    auto scheme_end = url.find("://");
    if (scheme_end == std::string_view::npos) return std::nullopt;
    auto scheme = lower(url.substr(0, scheme_end));
    if (scheme != "https" && scheme != "http") return std::nullopt;
    e.tls = scheme == "https";
    e.port = e.tls ? 443 : 80;
    url.remove_prefix(scheme_end + 3);
    auto path_at = url.find('/');
    auto authority = url.substr(0, path_at);
    e.target = path_at == std::string_view::npos ? "/" : std::string(url.substr(path_at));
    if (e.target.find('#') != std::string::npos) return std::nullopt;
    for (char c : e.target)
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) return std::nullopt;
    auto colon = authority.rfind(':');
    auto host = authority.substr(0, colon);
    if (colon != std::string_view::npos) {
        auto p = authority.substr(colon + 1);
        unsigned port = 0;
        auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), port);
        if (p.empty() || ec != std::errc() || end != p.data() + p.size() || port == 0 ||
            port > 65535)
            return std::nullopt;
        e.port = static_cast<std::uint16_t>(port);
    }
    // A plain name or IPv4 address (no user info, no IPv6 literal).
    if (host.empty() || host.size() > 253 || !std::all_of(host.begin(), host.end(), host_char))
        return std::nullopt;
    e.host = lower(host);
    // "2130706433", "0x7f000001" or "127.1" reach 127.0.0.1 through some
    // resolvers: a numeric host is a plain dotted quad or nothing.
    if (numeric_host(e.host)) {
        boost::system::error_code ec;
        boost::asio::ip::make_address_v4(e.host, ec);
        if (ec) return std::nullopt;
    }
    e.origin = scheme + "://" + e.host;
    if (e.port != (e.tls ? 443 : 80)) e.origin += ":" + std::to_string(e.port);
    return e;
}

bool subscription_rules::allows_private(std::string_view host) const {
    return std::find(http_hosts.begin(), http_hosts.end(), host) != http_hosts.end();
}

std::variant<checked_subscription, subscription_error> check_subscription(
    std::string_view endpoint, std::string_view p256dh, std::string_view auth,
    const subscription_rules& rules) {
    auto url = endpoint.size() <= rules.max_endpoint ? parse_endpoint(endpoint) : std::nullopt;
    if (!url)
        return subscription_error{"bad_endpoint",
                                  "endpoint must be an absolute https URL of at most " +
                                      std::to_string(rules.max_endpoint) + " characters"};
    if (!url->tls && std::find(rules.http_hosts.begin(), rules.http_hosts.end(), url->host) ==
                         rules.http_hosts.end())
        return subscription_error{"bad_endpoint", "endpoint must use https"};
    if (!rules.allows_private(url->host) && !public_host(url->host))
        return subscription_error{"bad_endpoint",
                                  "endpoint must be on a push service's public address"};
    auto point = base64url_decode(p256dh);
    if (!point || point->size() != 65 || !p256_key::from_public(*point))
        return subscription_error{"bad_p256dh",
                                  "keys.p256dh must be a P-256 public key: 65 bytes in base64url"};
    auto secret = base64url_decode(auth);
    if (!secret || secret->size() != 16)
        return subscription_error{"bad_auth", "keys.auth must be 16 bytes in base64url"};
    return checked_subscription{std::string(endpoint), std::string(p256dh), std::string(auth)};
}

}  // namespace kibitz::server::push
