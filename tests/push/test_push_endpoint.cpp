// Subscriptions as browsers (and anyone else) send them: what is accepted.
#include <doctest/doctest.h>

#include "push/address_policy.hpp"
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

TEST_CASE("push: endpoints on the server's own machine or network are refused (review F1)") {
    auto key = p256_key::generate();
    REQUIRE(key);
    const auto p256dh = base64url_encode(key->public_point());
    const auto auth = base64url_encode(std::string(16, '\x07'));
    subscription_rules rules;
    for (auto inside :
         {"https://127.0.0.1:9443/p", "https://localhost/p", "https://LocalHost:8443/p",
          "https://push.localhost/p", "https://0x7f000001/p", "https://2130706433/p",
          "https://127.1/p", "https://0177.0.0.1/p", "https://10.0.0.1/wpush",
          "https://169.254.169.254/latest/meta-data/", "https://192.168.1.1/p",
          "https://172.16.0.1/p", "https://100.64.0.1/p", "https://0.0.0.0/p",
          "https://224.0.0.1/p", "https://255.255.255.255/p"})
        CHECK_MESSAGE(code_of(check_subscription(inside, p256dh, auth, rules)) == "bad_endpoint",
                      inside);
    for (auto outside : {"https://8.8.8.8/p", "https://fcm.googleapis.com/fcm/send/x",
                         "https://updates.push.services.mozilla.com/wpush/v2/x"})
        CHECK_MESSAGE(code_of(check_subscription(outside, p256dh, auth, rules)) == "ok", outside);
    rules.http_hosts = {"127.0.0.1"};  // a test's local service, and only that host
    CHECK(code_of(check_subscription("https://127.0.0.1:9443/p", p256dh, auth, rules)) == "ok");
    CHECK(code_of(check_subscription("https://localhost/p", p256dh, auth, rules)) ==
          "bad_endpoint");
}

TEST_CASE("push: which addresses the sender may reach") {
    using boost::asio::ip::make_address;
    for (auto inside : {"127.0.0.1",
                        "127.255.0.9",
                        "10.1.2.3",
                        "172.31.255.255",
                        "192.168.0.1",
                        "100.64.0.1",
                        "100.127.255.255",
                        "169.254.169.254",
                        "0.0.0.0",
                        "0.1.2.3",
                        "192.0.0.8",
                        "198.18.0.1",
                        "224.0.0.251",
                        "240.0.0.1",
                        "255.255.255.255",
                        "::",
                        "::1",
                        "fe80::1",
                        "fc00::1",
                        "fd12:3456::1",
                        "fec0::1",
                        "ff02::1",
                        "::ffff:127.0.0.1",
                        "::ffff:10.0.0.1",
                        "::127.0.0.1",
                        "64:ff9b::a9fe:a9fe",
                        "2002:7f00:1::1",
                        "100::1",
                        "2001:db8::1"})
        CHECK_MESSAGE(!public_address(make_address(inside)), inside);
    for (auto outside :
         {"8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.1", "172.32.0.1", "192.169.0.1",
          "2a00:1450:4001::1", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"})
        CHECK_MESSAGE(public_address(make_address(outside)), outside);
    for (auto number : {"2130706433", "0x7f000001", "127.1", "1.2.3.4", "a.b.0x10", "host.2"})
        CHECK_MESSAGE(numeric_host(number), number);
    for (auto name : {"push.example", "fcm.googleapis.com", "2a.example", "0xfoo.example"})
        CHECK_MESSAGE(!numeric_host(name), name);
}
