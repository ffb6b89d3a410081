// The store conformance suite, notifications and Web Push subscriptions
// (issue 25): what every backend must do, against the interface only. Run
// once per backend like conformance.cpp (store_backends.hpp).
#include <doctest/doctest.h>

#include "store/notification_store.hpp"
#include "store_backends.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
using test::must;

namespace {
using test::t0;

notification_store& notes(const std::unique_ptr<store>& s) {
    return test::store_part<notification_store>(s);
}
notification_row add(notification_store& s, player who, const std::string& kind, int keep = 50,
                     std::int64_t at = t0) {
    return must<notification_row>(
        [&](auto h) { s.add_notification(who.id, kind, R"({"room":"r1"})", at, keep, h); });
}
notification_page page(notification_store& s, player who, int limit = 50) {
    return must<notification_page>([&](auto h) { s.notifications_of(who.id, limit, h); });
}
int mark(notification_store& s, player who, std::optional<std::int64_t> id) {
    return must<int>([&](auto h) { s.mark_notifications_read(who.id, id, t0 + 5, h); });
}
}  // namespace

TEST_CASE("conformance: notifications are listed newest first, read one or all, per player") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& n = notes(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob");
    auto first = add(n, ada, "game_started");
    auto second = add(n, ada, "your_turn", 50, t0 + 1);
    add(n, bob, "game_over");
    CHECK(second.id > first.id);

    auto p = page(n, ada);
    REQUIRE(p.items.size() == 2);
    CHECK(p.unread == 2);
    CHECK(p.items[0].id == second.id);
    CHECK(p.items[0].kind == "your_turn");
    CHECK(p.items[0].data == R"({"room":"r1"})");
    CHECK(p.items[0].created_ms == t0 + 1);
    CHECK(p.items[0].read_ms == 0);

    CHECK(mark(n, bob, first.id) == 0);  // not bob's
    CHECK(mark(n, ada, first.id) == 1);
    CHECK(mark(n, ada, first.id) == 0);  // already read
    p = page(n, ada);
    CHECK(p.unread == 1);
    CHECK(p.items[1].read_ms == t0 + 5);
    CHECK(mark(n, ada, std::nullopt) == 1);
    CHECK(page(n, ada).unread == 0);
    CHECK(page(n, bob).unread == 1);  // bob's untouched

    // Kept across a restart.
    s.reset();
    s = place->open();
    CHECK(page(notes(s), ada).items.size() == 2);
}

TEST_CASE("conformance: a player's notifications are bounded, the oldest going first") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& n = notes(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob");
    add(n, bob, "game_over", 3);
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 5; ++i) ids.push_back(add(n, ada, "your_turn", 3).id);
    auto p = page(n, ada);
    REQUIRE(p.items.size() == 3);
    CHECK(p.items[0].id == ids[4]);
    CHECK(p.items[2].id == ids[2]);
    CHECK(p.unread == 3);
    CHECK(page(n, bob).items.size() == 1);  // another player's are not touched
    CHECK(page(n, ada, 2).items.size() == 2);
}

TEST_CASE("conformance: notification preferences are stored per player, everything on by default") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& n = notes(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob");
    auto prefs = must<notification_prefs>([&](auto h) { n.notification_prefs_of(ada.id, h); });
    CHECK_FALSE(prefs.all_off);
    CHECK(prefs.muted.empty());
    must<bool>([&](auto h) { n.set_notification_prefs(ada.id, {true, "game_started"}, h); });
    must<bool>([&](auto h) {
        n.set_notification_prefs(ada.id, {false, "your_turn game_over"}, h);
    });
    prefs = must<notification_prefs>([&](auto h) { n.notification_prefs_of(ada.id, h); });
    CHECK_FALSE(prefs.all_off);
    CHECK(prefs.muted == "your_turn game_over");
    must<bool>([&](auto h) { n.set_notification_prefs(ada.id, {true, prefs.muted}, h); });
    prefs = must<notification_prefs>([&](auto h) { n.notification_prefs_of(ada.id, h); });
    CHECK(prefs.all_off);
    prefs = must<notification_prefs>([&](auto h) { n.notification_prefs_of(bob.id, h); });
    CHECK_FALSE(prefs.all_off);
}

TEST_CASE("conformance: push subscriptions by endpoint, replaced on subscribing again, removed") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& n = notes(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob");
    auto of = [&](player p) {
        return must<std::vector<push_subscription>>(
            [&](auto h) { n.push_subscriptions_of(p.id, h); });
    };
    auto sub = [&](player p, const std::string& endpoint, const std::string& key) {
        return must<push_subscription>([&](auto h) {
            n.add_push_subscription({0, p.id, endpoint, key, "auth-" + key, t0}, h);
        });
    };
    auto a1 = sub(ada, "https://push.test/a1", "k1");
    sub(ada, "https://push.test/a2", "k2");
    CHECK(a1.id > 0);
    auto listed = of(ada);
    REQUIRE(listed.size() == 2);
    CHECK(listed[0].endpoint == "https://push.test/a1");
    CHECK(listed[0].p256dh == "k1");
    CHECK(listed[0].auth == "auth-k1");
    // The same browser, now logged in as bob, with new keys: the row moves.
    sub(bob, "https://push.test/a1", "k3");
    CHECK(of(ada).size() == 1);
    REQUIRE(of(bob).size() == 1);
    CHECK(of(bob)[0].p256dh == "k3");
    CHECK(must<bool>([&](auto h) { n.remove_push_subscription("https://push.test/a1", h); }));
    CHECK_FALSE(must<bool>([&](auto h) { n.remove_push_subscription("https://push.test/a1", h); }));
    CHECK(of(bob).empty());
}

TEST_CASE("conformance: a server key is made once and kept") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    int made = 0;
    auto key = [&](const std::unique_ptr<store>& st, std::string value) {
        return must<std::string>([&](auto h) {
            notes(st).server_key(
                "vapid",
                [&, value] {
                    ++made;
                    return value;
                },
                t0, h);
        });
    };
    CHECK(key(s, "first") == "first");
    CHECK(key(s, "second") == "first");
    s.reset();
    s = place->open();
    CHECK(key(s, "third") == "first");
    CHECK(made == 1);
}
