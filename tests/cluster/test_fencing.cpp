// The store's fencing (docs/cluster.md): once another node has claimed a
// game, the node that had it can write none of it; the claimer can. On the
// scratch PostgreSQL (KIBITZ_PG_URL_FILE), in a schema of its own.
#include <doctest/doctest.h>

#include <fstream>
#include <future>
#include <unistd.h>

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

}  // namespace

TEST_CASE("fencing: a node that lost a game to another node can write none of it") {
    auto url = scratch_url("fence_" + std::to_string(::getpid()));
    auto a = open_as(url, "node-a");
    auto b = open_as(url, "node-b");
    auto p0 = wait<player>([&](auto h) { a->create_guest("p0", 1, h); });
    auto p1 = wait<player>([&](auto h) { a->create_guest("p1", 1, h); });
    REQUIRE(p0.ok());
    REQUIRE(p1.ok());
    new_game g;
    g.settings.game_id = "checkers";
    g.seats = {p0.value().id, p1.value().id};
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
