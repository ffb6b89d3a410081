// Subscriptions as browsers (and anyone else) send them: what is accepted.
#include <doctest/doctest.h>

#include "push/base64url.hpp"
#include "push/endpoint.hpp"
#include "push/p256.hpp"

using namespace kibitz::server::push;

namespace {
std::string code_of(const std::variant<checked_subscription, subscription_error>& r) {
    if (auto* e = std::get_if<subscription_error>(&r)) return e->code;
    return "ok";
}
}  // namespace

TEST_CASE("push: endpoint URLs") {
    auto e = parse_endpoint("https://Push.Example:8443/wpush/v2/abc?x=1");
    REQUIRE(e);
    CHECK(e->tls);
    CHECK(e->host == "push.example");
    CHECK(e->port == 8443);
    CHECK(e->target == "/wpush/v2/abc?x=1");
    CHECK(e->origin == "https://push.example:8443");
    auto plain = parse_endpoint("http://127.0.0.1:9/p");
    REQUIRE(plain);
    CHECK_FALSE(plain->tls);
    CHECK(plain->origin == "http://127.0.0.1:9");
    CHECK(parse_endpoint("https://push.example")->target == "/");
    CHECK(parse_endpoint("https://push.example/a")->origin == "https://push.example");
    for (auto bad :
         {"ftp://push.example/a", "push.example/a", "https://user@push.example/",
          "https://push.example:0/", "https://push.example:99999/", "https://push.example/a#frag",
          "https:///a", "https://[::1]/a", "https://push.example/a b"})
        CHECK_MESSAGE(!parse_endpoint(bad), bad);
}

TEST_CASE("push: subscriptions are checked before they are kept") {
    auto key = p256_key::generate();
    REQUIRE(key);
    const auto p256dh = base64url_encode(key->public_point());
    const auto auth = base64url_encode(std::string(16, '\x07'));
    subscription_rules rules;
    CHECK(code_of(check_subscription("https://push.example/s/1", p256dh, auth, rules)) == "ok");
    CHECK(code_of(check_subscription("http://127.0.0.1:9/s", p256dh, auth, rules)) ==
          "bad_endpoint");
    rules.http_hosts = {"127.0.0.1"};
    CHECK(code_of(check_subscription("http://127.0.0.1:9/s", p256dh, auth, rules)) == "ok");
    CHECK(code_of(check_subscription("http://10.0.0.1/s", p256dh, auth, rules)) == "bad_endpoint");
    CHECK(code_of(check_subscription("https://push.example/" + std::string(2000, 'a'), p256dh, auth,
                                     rules)) == "bad_endpoint");
    CHECK(code_of(check_subscription("https://push.example/s", p256dh.substr(1), auth, rules)) ==
          "bad_p256dh");
    auto off_curve = key->public_point();
    off_curve[40] = static_cast<char>(off_curve[40] ^ 0x10);
    CHECK(code_of(check_subscription("https://push.example/s", base64url_encode(off_curve), auth,
                                     rules)) == "bad_p256dh");
    CHECK(code_of(check_subscription("https://push.example/s", p256dh,
                                     base64url_encode(std::string(15, 'x')), rules)) == "bad_auth");
    CHECK(code_of(check_subscription("https://push.example/s", p256dh, "!!", rules)) == "bad_auth");
}
