// The store's fencing (docs/cluster.md): once another node has claimed a
// game, the node that had it can write none of it; the claimer can. On the
// scratch PostgreSQL (KIBITZ_PG_URL_FILE), in a schema of its own.
#include <doctest/doctest.h>

#include <unistd.h>
#include <array>
#include <fstream>
#include <future>

#include "store/pg_store.hpp"

using namespace kibitz::server::storage;

namespace {

std::string scratch_url(const std::string& schema) {
    const char* url_file = std::getenv("KIBITZ_PG_URL_FILE");
    REQUIRE_MESSAGE(url_file, "needs KIBITZ_PG_URL_FILE (tests/support/pg_scratch.sh)");
    std::ifstream in(url_file);
    std::string base;
    std::getline(in, base);
    auto admin = pg_db::open(base);
    REQUIRE_MESSAGE(admin.ok(), (admin ? std::string() : admin.reason()));
    admin.value()->exec("CREATE SCHEMA " + schema);
    return base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
}

template <class T, class F>
kibitz::core::result<T> wait(F call) {
    std::promise<kibitz::core::result<T>> p;
    call([&](kibitz::core::result<T> r) { p.set_value(std::move(r)); });
    return p.get_future().get();
}

std::unique_ptr<pg_store> open_as(const std::string& url, const std::string& node) {
    pg_options o;
    o.url = url;
    o.readers = 1;
    o.fence_node = node;
    auto s = pg_store::open(o);
    REQUIRE_MESSAGE(s.ok(), (s ? std::string() : s.reason()));
    return std::move(s).value();
}

// Two guests, "p0" and "p1", made through s: their ids.
auto two_guests(pg_store& s) {
    auto p0 = wait<player>([&](auto h) { s.create_guest("p0", 1, h); });
    auto p1 = wait<player>([&](auto h) { s.create_guest("p1", 1, h); });
    REQUIRE(p0.ok());
    REQUIRE(p1.ok());
    return std::array{p0.value().id, p1.value().id};
}

}  // namespace

TEST_CASE("fencing: a node that lost a game to another node can write none of it") {
    auto url = scratch_url("fence_" + std::to_string(::getpid()));
    auto a = open_as(url, "node-a");
    auto b = open_as(url, "node-b");
    const auto guests = two_guests(*a);
    const auto p0 = guests[0], p1 = guests[1];
    new_game g;
    g.settings.game_id = "checkers";
    g.seats = {p0, p1};
    g.created_ms = 1;
    g.public_id = "rfence";
    std::promise<kibitz::core::result<game_key>> started;
    auto key = a->start_game(g, [&](kibitz::core::result<game_key> r) { started.set_value(r); });
    REQUIRE(started.get_future().get().ok());

    // The starter owns it.
    CHECK(wait<bool>([&](auto h) { a->append_move(key, {0, 0, "11-15", {0, 0}, 2}, h); }).ok());
    // Another node that has not claimed it may not write it.
    CHECK_FALSE(wait<bool>([&](auto h) { b->append_move(key, {1, 1, "22-18", {0, 0}, 3}, h); }).ok());
    // It claims it: epoch 2; from now on it writes and the first node does not.
    auto epoch = wait<std::int64_t>([&](auto h) { b->claim_game(key, h); });
    REQUIRE(epoch.ok());
    CHECK(epoch.value() == 2);
    auto refused = wait<bool>([&](auto h) { a->append_move(key, {1, 1, "22-18", {0, 0}, 3}, h); });
    CHECK_FALSE(refused.ok());
    if (!refused.ok()) CHECK(refused.reason().find("owned by another node") != std::string::npos);
    CHECK_FALSE(wait<int>([&](auto h) { a->truncate_moves(key, 0, h); }).ok());
    CHECK(wait<bool>([&](auto h) { b->append_move(key, {1, 1, "22-18", {0, 0}, 3}, h); }).ok());
    auto stored = wait<std::optional<game_record>>([&](auto h) { b->game(key, h); });
    REQUIRE(stored.ok());
    REQUIRE(stored.value());
    CHECK(stored.value()->moves.size() == 2);
    // The first node claiming it back is a new epoch: the second is fenced off in turn.
    CHECK(wait<std::int64_t>([&](auto h) { a->claim_game(key, h); }).value() == 3);
    CHECK_FALSE(wait<bool>([&](auto h) { b->append_move(key, {2, 0, "8-11", {0, 0}, 4}, h); }).ok());
    CHECK(wait<bool>([&](auto h) { a->append_move(key, {2, 0, "8-11", {0, 0}, 4}, h); }).ok());
}

TEST_CASE("fencing: a node that lost the tournaments' lead writes no pairing or result") {
    auto url = scratch_url("tfence_" + std::to_string(::getpid()));
    auto a = open_as(url, "node-a");
    auto b = open_as(url, "node-b");
    const auto guests = two_guests(*a);
    const auto p0 = guests[0], p1 = guests[1];
    tournament_settings s;
    s.game_id = "checkers";
    s.name = "fenced";
    s.duration_ms = 60000;
    // Any node stores a new event (an account's request on a node that does
    // not lead); the leader runs it.
    auto row = wait<tournament_row>([&](auto h) { b->create_tournament("tfence1", s, 1, h); });
    REQUIRE(row.ok());
    const auto id = row.value().id;
    const auto pairing = [&](const char* room) {
        tournament_pairing p;
        p.round = 1;
        p.room = room;
        p.seats = {p0, p1};
        return p;
    };
    const auto result = [&](const char* room) {
        return pairing_result{room, 0, 30, 2, {{p0, 2, "W2"}, {p1, 0, "L0"}}};
    };

    // A node that never took the lead writes nothing of it.
    CHECK_FALSE(wait<bool>([&](auto h) { a->join_tournament(id, p0, 1, h); }).ok());
    // Node A leads: epoch 1; it enters, pairs and scores.
    REQUIRE(wait<std::int64_t>([&](auto h) { a->claim_tournaments(h); }).value() == 1);
    CHECK(wait<bool>([&](auto h) { a->join_tournament(id, p0, 1, h); }).value());
    CHECK(wait<bool>([&](auto h) { a->join_tournament(id, p1, 1, h); }).value());
    CHECK(wait<std::int64_t>([&](auto h) { a->add_pairing(id, pairing("rtf1"), h); }).ok());
    CHECK(wait<bool>([&](auto h) { a->set_tournament_status(id, "started", 2, h); }).value());

    // A stalls; B takes the lead (epoch 2). A wakes: every write it tries is
    // refused, B's pass.
    REQUIRE(wait<std::int64_t>([&](auto h) { b->claim_tournaments(h); }).value() == 2);
    auto refused = wait<bool>([&](auto h) { a->record_result(result("rtf1"), h); });
    CHECK_FALSE(refused.ok());
    if (!refused.ok()) CHECK(refused.reason().find("led by another node") != std::string::npos);
    CHECK_FALSE(wait<std::int64_t>([&](auto h) { a->add_pairing(id, pairing("rtf2"), h); }).ok());
    CHECK_FALSE(wait<bool>([&](auto h) { a->set_berserk("rtf1", 0, h); }).ok());
    CHECK_FALSE(wait<bool>([&](auto h) { a->set_entry_state(id, p0, true, false, h); }).ok());
    CHECK_FALSE(wait<bool>([&](auto h) { a->set_tournament_extra(id, "{}", h); }).ok());
    CHECK_FALSE(wait<bool>([&](auto h) { a->set_tournament_status(id, "finished", 3, h); }).ok());
    CHECK(wait<bool>([&](auto h) { b->record_result(result("rtf1"), h); }).value());

    // The event as B left it: one pairing, its result, the scores; started.
    auto stored =
        wait<std::optional<tournament_record>>([&](auto h) { b->tournament("tfence1", h); });
    REQUIRE(stored.ok());
    REQUIRE(stored.value());
    CHECK(stored.value()->row.status == "started");
    REQUIRE(stored.value()->pairings.size() == 1);
    CHECK(stored.value()->pairings[0].result == 0);
    for (const auto& e : stored.value()->entries) {
        CHECK_FALSE(e.withdrawn);
        CHECK(e.score == (e.who.id == p0 ? 2 : 0));
    }
}
