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
std::optional<token_holder> find(token_store& s, const std::string& hash, std::int64_t at,
                                 std::int64_t touch_every_ms = 0) {
    return must<std::optional<token_holder>>(
        [&](auto h) { s.find_api_token(hash, at, touch_every_ms, h); });
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
    // A use within `touch_every_ms` of the recorded one is not written; later, it is.
    CHECK(find(t, digest_a, t0 + 500, 1000)->token.last_used_ms == t0 + 10);
    CHECK(tokens_of(t, ada)[0].last_used_ms == t0 + 10);
    CHECK(find(t, digest_a, t0 + 1010, 1000)->token.last_used_ms == t0 + 1010);
    CHECK(tokens_of(t, ada)[0].last_used_ms == t0 + 1010);

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
    auto list = must<std::vector<bot_listing>>([&](auto h) { t.bots(50, 3, h); });
    REQUIRE(list.size() == 1);
    CHECK(list[0].who.name == "ada");
    CHECK(list[0].who.bot);
    // Asked again, it stays a bot (no error, no change).
    CHECK(must<player>([&](auto h) { t.make_bot(ada.id, t0 + 9, none, h); }).bot);
}

TEST_CASE("conformance: the bot list reads every bot's ratings and latest public games at once") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = tokens(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob"),
         cy = test::make_account(*s, "cy");
    auto dee = test::make_account(*s, "dee");
    auto none = [](int) -> std::optional<std::string> { return std::nullopt; };
    for (auto [who, at] : {std::pair{ada, t0 + 1}, {bob, t0 + 2}, {cy, t0 + 3}})
        must<player>([&](auto h) { t.make_bot(who.id, at, none, h); });

    auto game = [&](player a, player b, bool rated, bool hidden) {
        return must<game_key>([&](auto h) {
            s->start_game(
                {{"checkers", 60000, 0, rated, hidden, ""}, {a.id, b.id}, t0, "", nullptr}, h);
        });
    };
    // ada and bob, bots, play a rated game: both get a rating.
    auto rated = game(ada, bob, true, false);
    must<end_summary>([&](auto h) {
        game_end e{rated, game_status::finished, 0, "won", t0 + 50, nullptr};
        e.rate = [](const ending&) {
            return std::optional<std::array<rating_value, 2>>(
                {rating_value{1600, 200, 0.06, 1}, rating_value{1400, 200, 0.06, 1}});
        };
        s->end_game(std::move(e), h);
    });
    // ada plays dee four times more, on either side, one of them private.
    std::vector<game_key> ada_games{rated};
    for (int i = 0; i < 4; ++i)
        ada_games.push_back(i % 2 ? game(dee, ada, false, i == 3) : game(ada, dee, false, false));

    auto list = must<std::vector<bot_listing>>([&](auto h) { t.bots(10, 3, h); });
    REQUIRE(list.size() == 3);  // the newest bot first; dee is a person
    CHECK(list[0].who.name == "cy");
    CHECK(list[1].who.name == "bob");
    CHECK(list[2].who.name == "ada");
    CHECK(list[0].ratings.empty());
    CHECK(list[0].recent.empty());
    REQUIRE(list[1].recent.size() == 1);
    CHECK(list[1].recent[0].id == rated);
    // ada's three latest public ones, newest first (the private one left out).
    REQUIRE(list[2].recent.size() == 3);
    CHECK(list[2].recent[0].id == ada_games[3]);
    CHECK(list[2].recent[1].id == ada_games[2]);
    CHECK(list[2].recent[2].id == ada_games[1]);
    CHECK(list[2].recent[1].seats[1].id == ada.id);  // on either side
    CHECK(list[2].recent[1].seats[0].name == "dee");
    // The same as each bot's profile shows.
    for (const auto& b : list) {
        auto prof =
            must<std::optional<profile>>([&](auto h) { s->profile_of(b.who.name, 3, 0, h); });
        REQUIRE(prof);
        REQUIRE(prof->recent.size() == b.recent.size());
        for (std::size_t i = 0; i < b.recent.size(); ++i) {
            CHECK(prof->recent[i].id == b.recent[i].id);
            CHECK(prof->recent[i].plies == b.recent[i].plies);
            CHECK(prof->recent[i].status == b.recent[i].status);
        }
        REQUIRE(prof->ratings.size() == b.ratings.size());
        for (std::size_t i = 0; i < b.ratings.size(); ++i) {
            CHECK(prof->ratings[i].game_id == b.ratings[i].game_id);
            CHECK(prof->ratings[i].value.rating == b.ratings[i].value.rating);
        }
    }
    REQUIRE(list[2].ratings.size() == 1);
    CHECK(list[2].ratings[0].value.rating == 1600);
    CHECK(list[1].ratings[0].value.rating == 1400);

    // A limit keeps the newest bots, and only their games and ratings.
    auto two = must<std::vector<bot_listing>>([&](auto h) { t.bots(2, 1, h); });
    REQUIRE(two.size() == 2);
    CHECK(two[1].who.name == "bob");
    REQUIRE(two[1].recent.size() == 1);
    CHECK(two[1].ratings.size() == 1);
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

TEST_CASE("conformance: an account's language is unset until chosen, and kept") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = tokens(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob");
    CHECK(must<std::string>([&](auto h) { t.language(ada.id, h); }).empty());
    CHECK(must<bool>([&](auto h) { t.set_language(ada.id, "pt", h); }));
    CHECK(must<std::string>([&](auto h) { t.language(ada.id, h); }) == "pt");
    CHECK(must<std::string>([&](auto h) { t.language(bob.id, h); }).empty());  // hers alone
    CHECK(must<bool>([&](auto h) { t.set_language(ada.id, "", h); }));
    CHECK(must<std::string>([&](auto h) { t.language(ada.id, h); }).empty());
    CHECK_FALSE(must<bool>([&](auto h) { t.set_language(999999, "fr", h); }));  // nobody
}
