// The push sender against a local push service (push_endpoint.hpp), with a
// real store: what reaches the service decrypts and verifies with an
// independent implementation (verify_push.mjs: Node's crypto and npm
// http_ece); 404 and 410 drop the subscription; 429 is tried again after the
// service's Retry-After, 5xx after a doubling backoff, a bounded number of
// times; a flood from one player is cut at the per-minute limit.
#include <doctest/doctest.h>

#include "eventually.hpp"
#include "push/base64url.hpp"
#include "push_rig.hpp"
#include "silent_listener.hpp"

using namespace kibitz::test;
using namespace kibitz::server;

TEST_CASE("push sender: the message verifies and decrypts with an independent implementation") {
    rig r;
    const std::string payload = R"({"kind":"your_turn","data":{"room":"r42"}})";
    r.sender->send(r.ada.row, payload, "high");
    REQUIRE(r.service.wait_for(1));
    auto got = r.service.received().at(0);
    CHECK(got.target == "/push/ada");
    CHECK(got.content_encoding == "aes128gcm");
    CHECK(got.urgency == "high");
    CHECK(got.ttl == "86400");
    auto verdict = verify_with_node(got, r.service.url("/push/ada"), r.ua.key.private_pem(),
                                    r.ua.auth, push::base64url_encode(r.vapid.public_point()));
    CHECK_MESSAGE(verdict.ok, verdict.why);
    CHECK(verdict.plaintext == payload);
    // Another browser's keys cannot read it: the derivation binds the keys.
    browser other;
    auto wrong = verify_with_node(got, r.service.url("/push/ada"), other.key.private_pem(),
                                  r.ua.auth, push::base64url_encode(r.vapid.public_point()));
    CHECK_FALSE(wrong.ok);
    CHECK(wrong.why.find("decryption failed") != std::string::npos);
    // Nor does another server's key sign for this one.
    auto forged = verify_with_node(got, r.service.url("/push/ada"), r.ua.key.private_pem(),
                                   r.ua.auth, push::base64url_encode(other.key.public_point()));
    CHECK_FALSE(forged.ok);
    CHECK(eventually([&] { return r.sender->counts().sent == 1; }));
}

TEST_CASE("push sender: 404 and 410 drop the subscription") {
    for (int status : {404, 410}) {
        CAPTURE(status);
        rig r;
        r.service.script(status);
        r.sender->send(r.ada.row, "{}", "normal");
        REQUIRE(r.service.wait_for(1));
        CHECK(eventually([&] { return r.subscriptions() == 0; }));
        CHECK(r.sender->counts().gone == 1);
        CHECK_FALSE(r.service.wait_for(2, std::chrono::milliseconds(300)));  // not tried again
    }
}

TEST_CASE("push sender: 429 is tried again after the hinted delay") {
    push::push_sender_config cfg;
    cfg.first_backoff = std::chrono::milliseconds(10);  // the hint, not this, must decide
    rig r(cfg);
    r.service.script(429, "1");
    r.sender->send(r.ada.row, "{}", "normal");
    REQUIRE(r.service.wait_for(2));
    auto got = r.service.received();
    CHECK(got[1].at - got[0].at >= std::chrono::milliseconds(950));
    CHECK(eventually([&] { return r.sender->counts().sent == 1; }));
    CHECK(r.sender->counts().retried == 1);
    CHECK(r.subscriptions() == 1);
}

TEST_CASE("push sender: 5xx backs off and gives up after the bounded attempts") {
    push::push_sender_config cfg;
    cfg.first_backoff = std::chrono::milliseconds(100);
    cfg.max_attempts = 3;
    rig r(cfg);
    for (int i = 0; i < 5; ++i) r.service.script(503);
    r.sender->send(r.ada.row, "{}", "normal");
    REQUIRE(r.service.wait_for(3));
    auto got = r.service.received();
    CHECK(got[1].at - got[0].at >= std::chrono::milliseconds(95));   // 100 ms
    CHECK(got[2].at - got[1].at >= std::chrono::milliseconds(195));  // then 200
    CHECK(eventually([&] { return r.sender->counts().failed == 1; }));
    CHECK_FALSE(r.service.wait_for(4, std::chrono::milliseconds(500)));
    CHECK(r.sender->counts().retried == 2);
    CHECK(r.subscriptions() == 1);  // a failing service is not a gone subscription
}

TEST_CASE("push sender: a service that hangs up without answering is tried again") {
    push::push_sender_config cfg;
    cfg.first_backoff = std::chrono::milliseconds(50);
    rig r(cfg);
    r.service.script(0);
    r.sender->send(r.ada.row, "{}", "normal");
    REQUIRE(r.service.wait_for(2));
    CHECK(eventually([&] { return r.sender->counts().sent == 1; }));
    CHECK(r.sender->counts().retried == 1);
    CHECK(r.subscriptions() == 1);
}

TEST_CASE("push sender: a flood from one player is cut at the limit") {
    push::push_sender_config cfg;
    cfg.per_player_per_minute = 3;
    rig r(cfg);
    for (int i = 0; i < 10; ++i) r.sender->send(r.ada.row, "{}", "normal");
    REQUIRE(r.service.wait_for(3));
    CHECK(eventually([&] { return r.sender->counts().rate_limited == 7; }));
    CHECK(eventually([&] { return r.sender->counts().sent == 3; }));
    CHECK_FALSE(r.service.wait_for(4, std::chrono::milliseconds(300)));
}

TEST_CASE("push sender: a host that resolves to loopback is never connected to (review F1)") {
    silent_listener internal;
    push::push_sender_config cfg;
    cfg.rules.http_hosts = {"127.0.0.1"};  // the rig's service only; "localhost" is not allowed
    rig r(cfg);
    // Stored as a row edited by hand, or a name that resolved elsewhere when
    // the browser subscribed (DNS rebinding): the sender checks it again.
    const auto inside = "https://localhost:" + std::to_string(internal.port()) + "/p";
    must<storage::push_subscription>([&](auto h) {
        r.store->add_push_subscription({0, r.ada.row, inside, r.ua.p256dh(), r.ua.auth, 1}, h);
    });
    r.sender->send(r.ada.row, "{}", "normal");
    REQUIRE(r.service.wait_for(1));  // the allowed one is delivered
    CHECK(eventually([&] { return r.sender->counts().refused == 1; }));
    CHECK(internal.connections() == 0);
    CHECK(eventually([&] { return r.subscriptions() == 1; }));  // the refused one is dropped
    CHECK(r.sender->counts().retried == 0);
}

TEST_CASE("push sender: one player's silent endpoints do not hold up another's (review F2)") {
    silent_listener tarpit;
    push::push_sender_config cfg;
    cfg.limits.exchange = std::chrono::seconds(5);
    cfg.max_attempts = 1;
    rig r(cfg);
    auto mallory = register_account(r.db, "mallory", "long enough password");
    for (int i = 0; i < 10; ++i)
        must<storage::push_subscription>([&](auto h) {
            r.store->add_push_subscription(
                {0, mallory.row,
                 "http://127.0.0.1:" + std::to_string(tarpit.port()) + "/m" + std::to_string(i),
                 r.ua.p256dh(), r.ua.auth, 1},
                h);
        });
    for (int i = 0; i < 3; ++i) r.sender->send(mallory.row, "{}", "normal");  // 30 deliveries
    REQUIRE(eventually([&] { return tarpit.connections() >= 2; }));
    // One queue in arrival order would hold 30 five-second waits, 8 at a time.
    r.sender->send(r.ada.row, "{}", "high");
    CHECK(r.service.wait_for(1, std::chrono::seconds(3)));
    CHECK(tarpit.connections() == 2);  // mallory's own share only
}
