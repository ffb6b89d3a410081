// The store conformance suite, blocks and reports (issue 43): what every
// backend must do, against the interface only. Run once per backend like
// conformance.cpp (store_backends.hpp).
#include <doctest/doctest.h>

#include "store/relation_store.hpp"
#include "store_backends.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
using test::must;

namespace {
using test::t0;

relation_store& relations(const std::unique_ptr<store>& s) {
    return test::store_part<relation_store>(s);
}
block_answer block(relation_store& r, player who, const std::string& name, int cap = 500) {
    return must<block_answer>([&](auto h) { r.block(who.id, name, cap, t0, h); });
}
std::vector<std::string> names_blocked_by(relation_store& r, player who) {
    std::vector<std::string> out;
    for (const auto& p : must<std::vector<player>>([&](auto h) { r.blocks_of(who.id, h); }))
        out.push_back(p.name);
    return out;
}
report_answer file(relation_store& r, player by, const std::string& name, const std::string& reason,
                   std::int64_t at = t0, const std::string& game = "") {
    report_record rec{by.id, name, reason, "why", game, at};
    auto evidence = [](player_id reported, const std::vector<chat_record>& chat) {
        std::string out;
        for (const auto& c : chat) out += (c.who == reported ? "*" : "") + c.text + ";";
        return out;
    };
    return must<report_answer>([&](auto h) { r.file_report(rec, 5, evidence, h); });
}
}  // namespace

TEST_CASE("conformance: blocks are kept per blocker, capped, listed and undone") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& r = relations(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob"),
         cy = test::make_account(*s, "cy");
    auto guest = test::make_guest(*s, "Guest-1");

    auto b = block(r, ada, "BOB");  // names compare without case
    CHECK(b.outcome == block_outcome::blocked);
    CHECK(b.who.id == bob.id);
    CHECK(block(r, ada, "bob").outcome == block_outcome::already);
    CHECK(block(r, ada, "ada").outcome == block_outcome::self);
    CHECK(block(r, ada, "nobody").outcome == block_outcome::unknown);
    CHECK(block(r, ada, "Guest-1").outcome == block_outcome::unknown);  // guests are not blocked
    CHECK(block(r, ada, "cy", 1).outcome == block_outcome::full);
    CHECK(block(r, bob, "ada").outcome == block_outcome::blocked);
    CHECK(names_blocked_by(r, ada) == std::vector<std::string>{"bob"});
    CHECK(names_blocked_by(r, cy).empty());
    auto all = must<std::vector<block_pair>>([&](auto h) { r.all_blocks(h); });
    CHECK(all.size() == 2);

    auto gone = must<std::optional<player>>([&](auto h) { r.unblock(ada.id, "Bob", h); });
    REQUIRE(gone);
    CHECK(gone->id == bob.id);
    CHECK_FALSE(must<std::optional<player>>([&](auto h) { r.unblock(ada.id, "bob", h); }));
    CHECK(names_blocked_by(r, ada).empty());
    CHECK(names_blocked_by(r, bob) == std::vector<std::string>{"ada"});
    (void)guest;
}

TEST_CASE("conformance: a report is kept once while open, with its evidence, five a day") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& r = relations(s);
    auto ada = test::make_account(*s, "ada"), bob = test::make_account(*s, "bob");
    auto guest = test::make_guest(*s, "Guest-9");
    new_game g{
        {"checkers", 60000, 1000, false, false, ""}, {ada.id, bob.id}, t0, "Room42", nullptr};
    auto key = s->start_game(std::move(g), nullptr);
    CHECK(must<bool>([&](auto h) { s->add_chat(key, ada.id, "players", "hi", t0 + 1, h); }));
    CHECK(must<bool>([&](auto h) { s->add_chat(key, bob.id, "players", "rude", t0 + 2, h); }));

    auto first = file(r, ada, "bob", "chat", t0 + 10, "Room42");
    CHECK(first.outcome == report_outcome::stored);
    auto again = file(r, ada, "bob", "chat", t0 + 11);
    CHECK(again.outcome == report_outcome::repeated);
    CHECK(again.id == first.id);
    auto open = must<std::vector<stored_report>>([&](auto h) { r.open_reports(bob.id, h); });
    REQUIRE(open.size() == 1);
    CHECK(open[0].reporter == ada.id);
    CHECK(open[0].game == "Room42");
    CHECK(open[0].evidence == "hi;*rude;");
    CHECK(open[0].text == "why");

    CHECK(file(r, ada, "ada", "other").outcome == report_outcome::self);
    CHECK(file(r, ada, "nobody", "other").outcome == report_outcome::unknown);
    CHECK(file(r, ada, "Guest-9", "other").outcome == report_outcome::stored);  // a stored guest
    CHECK(file(r, ada, "bob", "cheat", t0 + 12).outcome == report_outcome::stored);
    CHECK(file(r, ada, "bob", "stall", t0 + 13).outcome == report_outcome::stored);
    CHECK(file(r, ada, "bob", "other", t0 + 14).outcome == report_outcome::stored);
    // Five in 24 hours: the sixth waits for the first to be a day old.
    CHECK(file(r, bob, "ada", "other", t0 + 15).outcome == report_outcome::stored);
    CHECK(file(r, ada, "Guest-9", "chat", t0 + 16).outcome == report_outcome::too_many);
    CHECK(file(r, ada, "Guest-9", "chat", t0 + 24 * 3600 * 1000 + 11).outcome ==
          report_outcome::stored);
    (void)guest;
}
