// The store conformance suite, tournaments (tournament_store.hpp): run once
// per backend like conformance.cpp (store_backends.hpp).
#include <doctest/doctest.h>

#include "store_backends.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
using test::must;

namespace {
using test::t0;

tournament_store& events(store& s) {
    auto* t = dynamic_cast<tournament_store*>(&s);
    REQUIRE(t != nullptr);
    return *t;
}
tournament_settings arena(std::int64_t starts = t0) {
    tournament_settings s;
    s.game_id = "g1";
    s.initial_ms = 60000;
    s.name = "Hourly arena";
    s.starts_ms = starts;
    s.duration_ms = 27 * 60000;
    s.extra = R"({"max_players":100})";
    return s;
}
tournament_record record_of(tournament_store& t, const std::string& id) {
    auto r = must<std::optional<tournament_record>>([&](auto h) { t.tournament(id, h); });
    REQUIRE(r.has_value());
    return *r;
}
}  // namespace

TEST_CASE("conformance: a tournament is stored as created and its status only moves forward") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = events(*s);
    auto made = must<tournament_row>([&](auto h) { t.create_tournament("a1", arena(), t0, h); });
    CHECK(made.id > 0);
    CHECK(made.status == "created");
    auto back = record_of(t, "a1");
    CHECK(back.row.id == made.id);
    CHECK(back.row.settings.kind == "arena");
    CHECK(back.row.settings.game_id == "g1");
    CHECK(back.row.settings.initial_ms == 60000);
    CHECK(back.row.settings.duration_ms == 27 * 60000);
    CHECK(back.row.settings.extra == R"({"max_players":100})");
    CHECK_FALSE(back.row.settings.created_by.has_value());
    CHECK_FALSE(back.row.ended_ms.has_value());
    CHECK(must<std::optional<tournament_record>>([&](auto h) { t.tournament("nope", h); }) ==
          std::nullopt);
    // The same public id twice is refused.
    CHECK_FALSE(
        test::get<tournament_row>([&](auto h) { t.create_tournament("a1", arena(), t0, h); }));

    CHECK(must<bool>([&](auto h) { t.set_tournament_status(made.id, "started", t0 + 1, h); }));
    CHECK_FALSE(
        must<bool>([&](auto h) { t.set_tournament_status(made.id, "created", t0 + 2, h); }));
    CHECK(must<bool>([&](auto h) { t.set_tournament_status(made.id, "finished", t0 + 3, h); }));
    CHECK_FALSE(
        must<bool>([&](auto h) { t.set_tournament_status(made.id, "finished", t0 + 4, h); }));
    back = record_of(t, "a1");
    CHECK(back.row.status == "finished");
    CHECK(back.row.ended_ms == t0 + 3);
}

TEST_CASE("conformance: tournament lists give unfinished events, then the latest finished") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = events(*s);
    std::vector<tournament_row> made;
    for (int i = 0; i < 4; ++i)
        made.push_back(must<tournament_row>([&](auto h) {
            t.create_tournament("t" + std::to_string(i), arena(t0 + 1000 * (4 - i)), t0, h);
        }));
    must<bool>([&](auto h) { t.set_tournament_status(made[0].id, "finished", t0 + 10, h); });
    must<bool>([&](auto h) { t.set_tournament_status(made[1].id, "finished", t0 + 20, h); });
    auto list = must<std::vector<tournament_row>>([&](auto h) { t.list_tournaments(1, h); });
    REQUIRE(list.size() == 3);
    CHECK(list[0].public_id == "t3");  // the earliest start first
    CHECK(list[1].public_id == "t2");
    CHECK(list[2].public_id == "t1");  // the one finished last
    auto open = must<std::vector<tournament_record>>([&](auto h) { t.unfinished_tournaments(h); });
    REQUIRE(open.size() == 2);
    CHECK(open[0].row.public_id == "t2");
}

TEST_CASE("conformance: entries join once, withdraw, pause and come back") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = events(*s);
    auto ev = must<tournament_row>([&](auto h) { t.create_tournament("a1", arena(), t0, h); });
    auto a = test::make_guest(*s, "A"), b = test::make_guest(*s, "B");
    CHECK(must<bool>([&](auto h) { t.join_tournament(ev.id, a.id, t0 + 1, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { t.join_tournament(ev.id, a.id, t0 + 2, h); }));
    CHECK(must<bool>([&](auto h) { t.join_tournament(ev.id, b.id, t0 + 3, h); }));
    CHECK(must<bool>([&](auto h) { t.set_entry_state(ev.id, b.id, true, false, h); }));
    CHECK_FALSE(must<bool>([&](auto h) { t.set_entry_state(ev.id, 999999, true, false, h); }));
    auto rec = record_of(t, "a1");
    REQUIRE(rec.entries.size() == 2);
    CHECK(rec.entries[0].who.id == a.id);
    CHECK(rec.entries[0].who.name == "A");
    CHECK_FALSE(rec.entries[0].who.bot);  // read with every player column, not the entry's
    CHECK(rec.entries[0].joined_ms == t0 + 1);
    CHECK(rec.entries[1].withdrawn);
    // Coming back keeps the entry (and its place by join time).
    CHECK(must<bool>([&](auto h) { t.join_tournament(ev.id, b.id, t0 + 9, h); }));
    rec = record_of(t, "a1");
    CHECK_FALSE(rec.entries[1].withdrawn);
    CHECK(rec.entries[1].joined_ms == t0 + 3);
    CHECK(must<bool>([&](auto h) { t.set_entry_state(ev.id, a.id, false, true, h); }));
    CHECK(record_of(t, "a1").entries[0].paused);
    // A paused player comes back by joining again.
    CHECK(must<bool>([&](auto h) { t.join_tournament(ev.id, a.id, t0 + 10, h); }));
    CHECK_FALSE(record_of(t, "a1").entries[0].paused);
}

TEST_CASE("conformance: a pairing's result is applied exactly once, with the scores") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto ev_id = std::int64_t{0};
    player a, b;
    std::int64_t pid = 0;
    {
        auto s = place->open();
        auto& t = events(*s);
        ev_id = must<tournament_row>([&](auto h) { t.create_tournament("a1", arena(), t0, h); }).id;
        a = test::make_guest(*s, "A");
        b = test::make_guest(*s, "B");
        must<bool>([&](auto h) { t.join_tournament(ev_id, a.id, t0, h); });
        must<bool>([&](auto h) { t.join_tournament(ev_id, b.id, t0, h); });
        tournament_pairing p;
        p.round = 1;
        p.room = "room-1";
        p.seats = {a.id, b.id};
        p.created_ms = t0 + 5;
        pid = must<std::int64_t>([&](auto h) { t.add_pairing(ev_id, p, h); });
        CHECK(must<bool>([&](auto h) { t.set_berserk("room-1", 1, h); }));
        pairing_result r{"room-1", 0, 31, t0 + 50, {{a.id, 2, "W"}, {b.id, 0, "L"}}};
        CHECK(must<bool>([&](auto h) { t.record_result(r, h); }));
        // The same game reported again (a retry, a restart): nothing changes.
        pairing_result again{"room-1", 1, 40, t0 + 60, {{a.id, 0, "L"}, {b.id, 2, "W"}}};
        CHECK_FALSE(must<bool>([&](auto h) { t.record_result(again, h); }));
        CHECK_FALSE(must<bool>([&](auto h) { t.set_berserk("room-1", 0, h); }));  // over
        // The same room cannot hold two pairings.
        CHECK_FALSE(test::get<std::int64_t>([&](auto h) { t.add_pairing(ev_id, p, h); }));
    }
    // Reopened, as after a restart.
    auto s = place->open();
    auto rec = record_of(events(*s), "a1");
    REQUIRE(rec.pairings.size() == 1);
    const auto& p = rec.pairings[0];
    CHECK(p.id == pid);
    CHECK(p.room == "room-1");
    CHECK(p.seats == std::array<player_id, 2>{a.id, b.id});
    CHECK(p.berserk == std::array<bool, 2>{false, true});
    CHECK(p.result == 0);
    CHECK(p.plies == 31);
    CHECK(p.ended_ms == t0 + 50);
    REQUIRE(rec.entries.size() == 2);
    CHECK(rec.entries[0].score == 2);
    CHECK(rec.entries[0].sheet == "W");
    CHECK(rec.entries[1].score == 0);
    CHECK(rec.entries[1].sheet == "L");
}

TEST_CASE("conformance: an event's own settings text is replaced as given") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = events(*s);
    auto made = must<tournament_row>([&](auto h) { t.create_tournament("a1", arena(), t0, h); });
    const std::string marked = R"({"announced":true,"max_players":100})";
    CHECK(must<bool>([&](auto h) { t.set_tournament_extra(made.id, marked, h); }));
    CHECK(record_of(t, "a1").row.settings.extra == marked);
    CHECK_FALSE(must<bool>([&](auto h) { t.set_tournament_extra(made.id + 99, "{}", h); }));
}

TEST_CASE("conformance: an unfinished game paired by an event comes back with it") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    {
        auto s = place->open();
        auto& t = events(*s);
        auto ev = must<tournament_row>([&](auto h) { t.create_tournament("a1", arena(), t0, h); });
        auto a = test::make_guest(*s, "A"), b = test::make_guest(*s, "B");
        new_game paired{{"g1", 60000, 0, false, false, ""}, {a.id, b.id}, t0, "room-1", nullptr};
        new_game casual{{"g1", 60000, 0, false, false, ""}, {b.id, a.id}, t0, "room-2", nullptr};
        s->start_game(std::move(paired), nullptr);
        s->start_game(std::move(casual), nullptr);
        tournament_pairing p;
        p.round = 1;
        p.room = "room-1";
        p.seats = {a.id, b.id};
        p.created_ms = t0;
        must<std::int64_t>([&](auto h) { t.add_pairing(ev.id, p, h); });
        CHECK(must<bool>([&](auto h) { t.set_berserk("room-1", 0, h); }));
    }
    auto s = place->open();  // as after a restart
    auto games = must<std::vector<game_record>>([&](auto h) { s->unfinished_games(h); });
    REQUIRE(games.size() == 2);
    for (const auto& g : games) {
        INFO(g.summary.public_id);
        if (g.summary.public_id == "room-2") {
            CHECK_FALSE(g.tournament.has_value());
            continue;
        }
        REQUIRE(g.tournament.has_value());
        CHECK(g.tournament->id == "a1");
        CHECK(g.tournament->kind == "arena");
        CHECK(g.tournament->berserk == std::array<bool, 2>{true, false});
        // The same from one game's record (a cluster node taking the room over).
        auto one = must<std::optional<game_record>>([&](auto h) { s->game(g.summary.id, h); });
        REQUIRE(one.has_value());
        REQUIRE(one->tournament.has_value());
        CHECK(one->tournament->berserk == std::array<bool, 2>{true, false});
    }
}

TEST_CASE("conformance: an event's chat comes back with it, its last lines in order") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto& t = events(*s);
    auto made = must<tournament_row>([&](auto h) { t.create_tournament("c1", arena(), t0, h); });
    CHECK(record_of(t, "c1").chat.empty());
    const int said = tournament_record::chat_kept + 3;
    for (int i = 0; i < said; ++i)
        CHECK(must<bool>([&](auto h) {
            t.add_tournament_chat(made.id, {"g-1", "Guest-1", "line " + std::to_string(i), t0 + i},
                                  h);
        }));
    const auto chat = record_of(t, "c1").chat;
    REQUIRE(chat.size() == tournament_record::chat_kept);
    CHECK(chat.front().text == "line 3");
    CHECK(chat.back().text == "line " + std::to_string(said - 1));
    CHECK(chat.back().player == "g-1");
    CHECK(chat.back().name == "Guest-1");
    CHECK(chat.back().at_ms == t0 + said - 1);
}
