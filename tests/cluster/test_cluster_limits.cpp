// Limits that hold across the nodes of a cluster (docs/cluster.md, "Limits
// across nodes"): new guests and log-in attempts from one address, spread
// over three nodes, spend one budget, not one per node.
#include "cluster_nodes.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

// POST /api/login: the status (401 a wrong password, 429 refused by the limit).
int login(std::uint16_t port, const std::string& user) {
    return http_post(port, "/api/login", {{"username", user}, {"password", "not the password"}})
        .status;
}

struct limited_nodes {
    cluster_env env;
    node_process n1, n2, n3;
    limited_nodes(const std::string& name, const std::vector<std::string>& flags)
        : env(name),
          n1("limit-1-" + name, env.db, env.redis, env.web, flags),
          n2("limit-2-" + name, env.db, env.redis, env.web, flags),
          n3("limit-3-" + name, env.db, env.redis, env.web, flags) {}
};

}  // namespace

TEST_CASE("cluster limits: new guests from one address spend one budget across the nodes") {
    limited_nodes c("guests", {"--guests-per-address", "6"});
    c.env.redis_command("DEL", "kibitz:limit:guest:127.0.0.1");  // earlier tests' guests
    // Two guests on each node: six in all, no node near six of its own.
    for (auto* n : {&c.n1, &c.n2, &c.n3})
        for (int i = 0; i < 2; ++i) {
            ws_client g(n->port);
            REQUIRE(!g.hello().is_null());
        }
    // The seventh is refused, whichever node it asks.
    for (auto* n : {&c.n3, &c.n1}) {
        ws_client g(n->port);
        g.send({{"t", "hello"}, {"d", json::object()}});
        auto refused = g.expect("error", {}, 5000ms);
        REQUIRE(!refused.is_null());
        CHECK(refused["d"]["code"] == "rate_limited");
        CHECK(!g.sees("welcome", 100ms));
    }
}

TEST_CASE("cluster limits: failed log-ins from one address spend one budget across the nodes") {
    limited_nodes c("logins", {});
    c.env.redis_command("DEL", "kibitz:limit:ip:127.0.0.1");
    c.env.redis_command("DEL", "kibitz:limit:user:victim");
    std::vector<node_process*> nodes = {&c.n1, &c.n2, &c.n3};
    // Five guesses at one name (at most 5 per name), two nodes or fewer each:
    // the sixth is refused on the node that saw one.
    for (int i = 0; i < 5; ++i) CHECK(login(nodes[i % 3]->port, "victim") == 401);
    CHECK(login(c.n3.port, "victim") == 429);
    // Fifteen more under other names make the address's twenty, seven or
    // fewer on each node: the next, under a fresh name, is refused.
    for (int i = 0; i < 15; ++i)
        CHECK(login(nodes[i % 3]->port, "someone" + std::to_string(i)) == 401);
    CHECK(login(c.n2.port, "nobody") == 429);
    CHECK(login(c.n1.port, "nobody") == 429);
}

TEST_CASE("cluster limits: with Redis unreachable a node keeps its own limit") {
    cluster_env env("nolimits");
    // Nothing listens there: every shared answer fails, the node decides alone.
    node_process n("limit-alone", env.db, "redis://127.0.0.1:" + std::to_string(free_port()),
                   env.web, {"--guests-per-address", "2"});
    for (int i = 0; i < 2; ++i) {
        ws_client g(n.port);
        REQUIRE(!g.hello().is_null());
    }
    ws_client g(n.port);
    g.send({{"t", "hello"}, {"d", json::object()}});
    auto refused = g.expect("error", {}, 5000ms);
    REQUIRE(!refused.is_null());
    CHECK(refused["d"]["code"] == "rate_limited");
}
