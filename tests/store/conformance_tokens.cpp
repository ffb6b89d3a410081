// The store conformance suite, API tokens and bot accounts (issue 26): what
// every backend must do, against the interface only. Run once per backend
// like conformance.cpp (store_backends.hpp).
#include <doctest/doctest.h>

#include "store/token_store.hpp"
#include "store_backends.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
using test::get;
using test::must;

namespace {
using test::t0;

token_store& tokens(const std::unique_ptr<store>& s) { return test::store_part<token_store>(s); }

api_token new_token(token_store& s, player who, const std::string& hash,
                    const std::string& scopes) {
    api_token t{0, who.id, "for " + who.name, scopes, t0, 0};
    return must<api_token>([&](auto h) { s.create_api_token(hash, t, h); });
}
std::optional<token_holder> find(token_store& s, const std::string& hash, std::int64_t at) {
    return must<std::optional<token_holder>>([&](auto h) { s.find_api_token(hash, at, h); });
}
std::vector<api_token> tokens_of(token_store& s, player who) {
    return must<std::vector<api_token>>([&](auto h) { s.api_tokens_of(who.id, h); });
}
}  // namespace

TEST_CASE("conformance: API tokens are found by digest, listed, and revoked by their owner only") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = tokens(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob");
    std::string digest_a(32, '\xa1'), digest_b(32, '\x00');  // raw bytes, a NUL among them
    digest_b[5] = 'x';
    auto a = new_token(t, ada, digest_a, "bot:play board:play");
    auto b = new_token(t, bob, digest_b, "preference:read");
    CHECK(a.id != b.id);

    auto found = find(t, digest_a, t0 + 10);
    REQUIRE(found);
    CHECK(found->who.id == ada.id);
    CHECK(found->who.name == "ada");
    CHECK(found->token.id == a.id);
    CHECK(found->token.scopes == "bot:play board:play");
    CHECK(found->token.description == "for ada");
    CHECK_FALSE(find(t, std::string(32, '\xa2'), t0));

    auto listed = tokens_of(t, ada);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].id == a.id);
    CHECK(listed[0].created_ms == t0);
    CHECK(listed[0].last_used_ms == t0 + 10);  // the use above was recorded
    CHECK(tokens_of(t, bob)[0].last_used_ms == 0);

    // Bob cannot revoke Ada's token; Ada can, once.
    CHECK_FALSE(must<bool>([&](auto h) { t.revoke_api_token(bob.id, a.id, h); }));
    CHECK(find(t, digest_a, t0 + 20));
    CHECK(must<bool>([&](auto h) { t.revoke_api_token(ada.id, a.id, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { t.revoke_api_token(ada.id, a.id, h); }));
    CHECK_FALSE(find(t, digest_a, t0 + 30));
    CHECK(tokens_of(t, ada).empty());
    CHECK(find(t, digest_b, t0 + 30));  // the other one is untouched

    // A digest is unique: a second row with the same one is refused.
    CHECK_FALSE(get<api_token>([&](auto h) {
                    t.create_api_token(digest_b, {0, ada.id, "dup", "bot:play", t0, 0}, h);
                }).ok());
}

TEST_CASE("conformance: an account becomes a bot for good, if the rule admits it") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = tokens(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob"),
         cy = test::make_account(*s, "cy");
    auto guest = must<player>([&](auto h) { s->create_guest("Guest-7", t0, h); });
    CHECK_FALSE(ada.bot);

    // bob has a rated game: the rule sees it and refuses; nothing changes.
    s->start_game({{"checkers", 60000, 0, true, false, ""}, {bob.id, cy.id}, t0, "", nullptr},
                  nullptr);
    int seen = -1;
    auto refused = get<player>([&](auto h) {
        t.make_bot(
            bob.id, t0,
            [&](int rated) -> std::optional<std::string> {
                seen = rated;
                if (rated > 0) return "has rated games";
                return std::nullopt;
            },
            h);
    });
    CHECK(seen == 1);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.reason() == "has rated games");

    auto none = [](int) -> std::optional<std::string> { return std::nullopt; };
    auto bot = must<player>([&](auto h) { t.make_bot(ada.id, t0 + 5, none, h); });
    CHECK(bot.bot);
    CHECK(bot.id == ada.id);
    CHECK_FALSE(get<player>([&](auto h) { t.make_bot(guest.id, t0, none, h); }).ok());

    // It shows wherever a player is read: a profile, a game's seats, the bot list.
    auto prof = must<std::optional<profile>>([&](auto h) { s->profile_of("ADA", 5, 0, h); });
    REQUIRE(prof);
    CHECK(prof->who.bot);
    auto key = must<game_key>([&](auto h) {  // waited for: the read below is on another connection
        s->start_game({{"checkers", 60000, 0, false, false, ""}, {ada.id, bob.id}, t0, "", nullptr},
                      h);
    });
    auto rec = must<std::optional<game_record>>([&](auto h) { s->game(key, h); });
    REQUIRE(rec);
    CHECK(rec->summary.seats[0].bot);
    CHECK_FALSE(rec->summary.seats[1].bot);
    auto list = must<std::vector<player>>([&](auto h) { t.bots(50, h); });
    REQUIRE(list.size() == 1);
    CHECK(list[0].name == "ada");
    CHECK(list[0].bot);
    // Asked again, it stays a bot (no error, no change).
    CHECK(must<player>([&](auto h) { t.make_bot(ada.id, t0 + 9, none, h); }).bot);
}

TEST_CASE("conformance: a person's opt-in to bot challenges is off until set, and kept") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = tokens(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob");
    CHECK_FALSE(must<bool>([&](auto h) { t.bot_challenges(ada.id, h); }));
    CHECK(must<bool>([&](auto h) { t.set_bot_challenges(ada.id, true, h); }));
    CHECK(must<bool>([&](auto h) { t.bot_challenges(ada.id, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { t.bot_challenges(bob.id, h); }));  // hers alone
    CHECK(must<bool>([&](auto h) { t.set_bot_challenges(ada.id, false, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { t.bot_challenges(ada.id, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { t.set_bot_challenges(999999, true, h); }));  // nobody
    CHECK_FALSE(must<bool>([&](auto h) { t.bot_challenges(999999, h); }));
}
