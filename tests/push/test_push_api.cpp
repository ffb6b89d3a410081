// Web Push through the whole server: the key it makes once and keeps, the
// subscribe and unsubscribe endpoints (what they refuse, and why), and a
// real game's notification reaching the player's subscription, encrypted and
// signed as verify_push.mjs (an independent implementation) accepts.
#include <doctest/doctest.h>

#include "eventually.hpp"
#include "push/base64url.hpp"
#include "push/p256.hpp"
#include "push_browser.hpp"
#include "push_endpoint.hpp"
#include "store_helpers.hpp"

using namespace kibitz::test;
using namespace kibitz::server;

namespace {

std::function<void(server_config&)> with_push(const std::string& db) {
    return [db](server_config& c) {
        with_db(db)(c);
        c.push_http_hosts = {"127.0.0.1"};  // the local push service below
    };
}

std::string error_of(const http_reply& r) {
    auto j = json::parse(r.body, nullptr, false);
    return j.is_object() && j.contains("error") ? j["error"].get<std::string>() : "";
}

}  // namespace

TEST_CASE("push api: the key is made once and kept across restarts") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    std::string first;
    {
        test_server srv(with_push(db));
        auto r = http_get(srv.port(), "/api/push/key");
        REQUIRE(r.status == 200);
        first = json::parse(r.body)["key"];
        auto point = push::base64url_decode(first);
        REQUIRE(point);
        CHECK(point->size() == 65);
        CHECK(push::p256_key::from_public(*point));
        CHECK(http_post(srv.port(), "/api/push/key", json::object()).status == 405);
    }
    test_server again(with_push(db));
    CHECK(json::parse(http_get(again.port(), "/api/push/key").body)["key"] == first);
}

TEST_CASE("push api: subscriptions are for accounts, checked, capped and one's own") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "long enough password");
    auto bob = register_account(db, "bob", "long enough password");
    test_server srv(with_push(db));
    const auto port = srv.port();
    browser ua;
    auto ok = ua.subscription("https://push.example/s/1");

    CHECK(http_post(port, "/api/push/subscribe", ok).status == 401);
    ws_client guest(port);
    guest.hello();
    // A guest's session is the play layer's alone: the API knows no such token.
    CHECK(http_post(port, "/api/push/subscribe", ok, guest.token).status == 401);
    // Once it plays it is stored, and the API knows it, as a guest: push is
    // for accounts (docs/push.md, "Accounts only"), said so.
    ws_client other(port);
    other.hello();
    pair_by_seek(guest, other, "checkers", tc(300, 0));
    http_reply as_guest;
    CHECK(eventually([&] {
        as_guest = http_post(port, "/api/push/subscribe", ok, guest.token);
        return as_guest.status != 401;
    }));
    CHECK(as_guest.status == 403);
    CHECK(error_of(as_guest) == "account_required");
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM push_subscriptions") == 0);

    auto refused = [&](json body, const std::string& code) {
        auto r = http_post(port, "/api/push/subscribe", body, ada.token);
        CHECK(r.status == 400);
        CHECK(error_of(r) == code);
    };
    refused(ua.subscription("http://push.example/s"), "bad_endpoint");  // not https
    refused(ua.subscription("javascript:alert(1)"), "bad_endpoint");
    refused(json{{"keys", ok["keys"]}}, "bad_endpoint");
    auto bad_key = ok;
    bad_key["keys"]["p256dh"] = push::base64url_encode(std::string(65, '\x04'));  // off the curve
    refused(bad_key, "bad_p256dh");
    auto bad_auth = ok;
    bad_auth["keys"]["auth"] = "c2hvcnQ";
    refused(bad_auth, "bad_auth");
    refused(json{{"endpoint", ok["endpoint"]}, {"keys", "x"}}, "bad_p256dh");

    CHECK(http_post(port, "/api/push/subscribe", ok, ada.token).status == 201);
    CHECK(http_post(port, "/api/push/subscribe", ok, ada.token).status == 201);  // again: replaced
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM push_subscriptions") == 1);
    for (int i = 2; i <= 10; ++i)
        CHECK(http_post(port, "/api/push/subscribe",
                        ua.subscription("https://push.example/s/" + std::to_string(i)), ada.token)
                  .status == 201);
    auto over = http_post(port, "/api/push/subscribe", ua.subscription("https://push.example/s/11"),
                          ada.token);
    CHECK(over.status == 409);
    CHECK(error_of(over) == "too_many_subscriptions");

    json gone = {{"endpoint", "https://push.example/s/1"}};
    CHECK(http_post(port, "/api/push/unsubscribe", gone, bob.token).status == 404);  // not bob's
    CHECK(http_post(port, "/api/push/unsubscribe", gone, ada.token).status == 200);
    CHECK(http_post(port, "/api/push/unsubscribe", gone, ada.token).status == 404);
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM push_subscriptions") == 9);
}

TEST_CASE("push api: a game's notification reaches the player's browser, readable only there") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "long enough password");
    auto bob = register_account(db, "bob", "long enough password");
    push_endpoint service;
    test_server srv(with_push(db));
    browser ua;
    const auto endpoint = service.url("/push/bob-phone");
    REQUIRE(
        http_post(srv.port(), "/api/push/subscribe", ua.subscription(endpoint), bob.token).status ==
        201);
    const std::string key = json::parse(http_get(srv.port(), "/api/push/key").body)["key"];

    ws_client a(srv.port()), b(srv.port());
    a.hello(ada.token);
    b.hello(bob.token);
    auto t = pair_by_seek(a, b, "checkers", {{"days", 3}});
    REQUIRE(service.wait_for(1));
    auto got = service.received().at(0);
    CHECK(got.target == "/push/bob-phone");
    auto verdict = verify_with_node(got, endpoint, ua.key.private_pem(), ua.auth, key);
    CHECK_MESSAGE(verdict.ok, verdict.why);
    auto note = json::parse(verdict.plaintext, nullptr, false);
    REQUIRE(note.is_object());
    CHECK(note["kind"] == "game_started");
    CHECK(note["data"]["room"] == t.room);
    CHECK(note["data"]["opponent"] == "ada");
    CHECK(note["id"].get<std::int64_t>() > 0);
    CHECK(got.urgency == "high");
    CHECK(eventually([&] { return metric(srv.port(), "kibitz_push_sent_total") == 1; }));
}
