// The push sender over HTTPS (docs/push.md, "Testing"): a local push service
// with a self-signed certificate made here (self_signed.hpp). Trusted through
// the sender's CA file (--push-ca-file), the message arrives and verifies as
// over plain HTTP, the certificate and its name checked. Not trusted, the
// handshake fails and nothing is sent: the subscription is kept, the message
// tried again after the doubling backoff as for a 5xx and given up after the
// bounded attempts, while the player's other subscription gets it at once.
#include <doctest/doctest.h>

#include "eventually.hpp"
#include "push_rig.hpp"

using namespace kibitz::test;
using namespace kibitz::server;

TEST_CASE("push sender: an HTTPS push service whose certificate is trusted gets the message") {
    temp_dir certs;
    auto service_cert = make_self_signed(certs.path.string(), "service");
    push::push_sender_config cfg;
    cfg.ca_file = service_cert.cert_pem;
    rig r(cfg, service_cert);
    const std::string payload = R"({"kind":"your_turn","data":{"room":"r42"}})";
    r.sender->send(r.ada.row, payload, "high");
    REQUIRE(r.service.wait_for(1));
    auto got = r.service.received().at(0);
    CHECK(got.target == "/push/ada");
    // Signed for the https origin, and readable by the subscribed browser only.
    auto verdict = verify_with_node(got, r.service.url("/push/ada"), r.ua.key.private_pem(),
                                    r.ua.auth, push::base64url_encode(r.vapid.public_point()));
    CHECK_MESSAGE(verdict.ok, verdict.why);
    CHECK(verdict.plaintext == payload);
    CHECK(eventually([&] { return r.sender->counts().sent == 1; }));
    CHECK(r.service.wait_for_refusals(1, std::chrono::milliseconds(0)) == false);
}

TEST_CASE("push sender: an untrusted certificate fails cleanly, kept and tried again as a 5xx") {
    temp_dir certs;
    auto service_cert = make_self_signed(certs.path.string(), "service");
    auto other_cert = make_self_signed(certs.path.string(), "other");
    push::push_sender_config cfg;
    cfg.ca_file = other_cert.cert_pem;  // trusts another certificate, not the service's
    cfg.first_backoff = std::chrono::milliseconds(100);
    cfg.max_attempts = 3;
    rig r(cfg, service_cert);
    // The same player also subscribed from another browser, at a plain service.
    push_endpoint plain;
    must<storage::push_subscription>([&](auto h) {
        r.store->add_push_subscription(
            {0, r.ada.row, plain.url("/push/ada-phone"), r.ua.p256dh(), r.ua.auth, 1}, h);
    });

    const auto sent_at = std::chrono::steady_clock::now();
    r.sender->send(r.ada.row, "{}", "normal");
    // The other subscription is not held up by the failing one.
    REQUIRE(plain.wait_for(1));
    // Three handshakes refused: the first, then after 100 and 200 ms.
    REQUIRE(r.service.wait_for_refusals(3));
    CHECK(std::chrono::steady_clock::now() - sent_at >= std::chrono::milliseconds(295));
    CHECK(eventually([&] { return r.sender->counts().failed == 1; }));
    CHECK(r.sender->counts().retried == 2);
    CHECK(r.sender->counts().sent == 1);  // the plain one
    CHECK(r.service.received().empty());  // nothing crossed an unverified connection
    CHECK_FALSE(r.service.wait_for_refusals(4, std::chrono::milliseconds(400)));
    CHECK(r.subscriptions() == 2);  // a certificate problem is not a gone subscription
}
