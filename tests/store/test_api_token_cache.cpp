// auth::api_tokens's cache of checked tokens (token_cache.hpp), over a real
// SQLite store and a manual clock: a checked token asks no store for a while,
// its last use is written at most once a minute, and a revocation or a bot
// upgrade made here is seen at once, while another node (another api_tokens
// on the same database) sees it within the cache's time.
#include <doctest/doctest.h>

#include "auth/api_tokens.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server;
using namespace kibitz::server::storage;
using test::must;

namespace {

auth::api_tokens_options at(const manual_clock& clock) {
    auth::api_tokens_options o;
    o.per_token = {1000, 60 * 1000};
    o.clock = clock.clock();
    return o;  // cache_ms 10 s, touch_every_ms 60 s: the defaults
}

std::optional<token_holder> check(auth::api_tokens& t, const std::string& secret) {
    auto c = must<auth::token_check>([&](auto h) { t.check(secret, h); });
    return c.holder;
}

std::int64_t last_used(auth::api_tokens& t, player who) {
    auto rows = must<std::vector<api_token>>([&](auto h) { t.list(who.id, h); });
    REQUIRE(rows.size() == 1);
    return rows[0].last_used_ms;
}

}  // namespace

TEST_CASE("api token cache: last use written once a minute; revocation and upgrade at once here") {
    test::temp_dir dir;
    auto s = test::open_store(dir.file("k.db"));
    manual_clock clock(1700000000000);
    const auto t0 = clock.now_ms();
    auth::api_tokens here(*s, at(clock));
    auth::api_tokens other_node(*s, at(clock));
    auto ada = test::make_account(*s, "ada");
    auth::scope_set scopes;
    scopes.add(auth::api_scope::bot_play);
    auto made = must<auth::new_api_token>([&](auto h) { here.create(ada, "t", scopes, h); });

    REQUIRE(check(here, made.secret));
    REQUIRE(check(other_node, made.secret));
    CHECK(last_used(here, ada) == t0);
    clock.advance(std::chrono::seconds(30));  // past the cache: asked again, not written
    REQUIRE(check(here, made.secret));
    CHECK(last_used(here, ada) == t0);
    clock.advance(std::chrono::seconds(31));
    REQUIRE(check(here, made.secret));
    CHECK(last_used(here, ada) == t0 + 61000);
    REQUIRE(check(other_node, made.secret));  // both cache it now

    // A bot upgrade: at once here; the other node's cached "person" lasts
    // until its cache time runs out.
    auto none = [](int) -> std::optional<std::string> { return std::nullopt; };
    CHECK(must<player>([&](auto h) { here.make_bot(ada.id, none, h); }).bot);
    CHECK(check(here, made.secret)->who.bot);
    CHECK_FALSE(check(other_node, made.secret)->who.bot);

    // A revocation: refused at once here, within the cache's time there.
    CHECK(must<bool>([&](auto h) { here.revoke(ada.id, made.row.id, h); }));
    CHECK_FALSE(check(here, made.secret));
    CHECK(check(other_node, made.secret));
    clock.advance(std::chrono::milliseconds(auth::api_tokens_options{}.cache_ms));
    CHECK_FALSE(check(other_node, made.secret));
}

TEST_CASE("api token cache: bounded, never keeps an unknown token, forgets by token or player") {
    auth::token_cache cache(1000, 2);
    token_holder a{{1, 10, "", "", 0, 0}, {10, "ada", std::nullopt}};
    token_holder b{{2, 20, "", "", 0, 0}, {20, "bob", std::nullopt}};
    token_holder c{{3, 10, "", "", 0, 0}, {10, "ada", std::nullopt}};
    cache.keep("a", a, 0, cache.generation());
    cache.keep("b", b, 500, cache.generation());
    CHECK(cache.find("a", 999));
    CHECK_FALSE(cache.find("a", 1000));  // stale
    cache.keep("c", c, 1200, cache.generation());  // full: the stale one goes
    CHECK(cache.size() == 2);
    CHECK(cache.find("b", 1300));
    CHECK(cache.find("c", 1300));
    // An answer asked for before a revocation is not kept.
    auto before = cache.generation();
    cache.forget_token(2);
    cache.keep("b", b, 1300, before);
    CHECK_FALSE(cache.find("b", 1300));
    cache.forget_player(10);
    CHECK(cache.size() == 0);
}
