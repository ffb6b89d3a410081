// The per-player Web Push limit across the nodes of a cluster
// (docs/cluster.md, "Limits across nodes"; docs/push.md): notifications one
// player sets off on two nodes spend one budget in Redis, not one per node,
// and a node that cannot reach Redis keeps its own limit. The pushes go to
// the suite's local push service (tests/push/push_endpoint.hpp).
#include "cluster_nodes.hpp"
#include "push/base64url.hpp"
#include "push/p256.hpp"
#include "push_endpoint.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;
namespace push = kibitz::server::push;

namespace {

// Two pushes a minute per player (challenges set off more).
const std::vector<std::string> push_flags = {"--push-http-host", "127.0.0.1", "--push-per-minute",
                                             "2"};

// An account made on `n`, subscribed at `service`: its session token.
std::string subscribed_account(node_process& n, push_endpoint& service, const std::string& name) {
    auto r = http_post(n.port, "/api/register",
                       {{"username", name}, {"password", "correct horse battery"}});
    REQUIRE(r.status == 200);
    const std::string token = json::parse(r.body)["token"];
    const auto key = *push::p256_key::generate();
    json sub = {{"endpoint", service.url("/push/" + name)},
                {"keys",
                 {{"p256dh", push::base64url_encode(key.public_point())},
                  {"auth", push::base64url_encode(std::string("0123456789abcdef"))}}}};
    REQUIRE(http_post(n.port, "/api/push/subscribe", sub, token).status == 201);
    return token;
}

// An account made on `n` that may challenge others over the API: its API
// token (a live game notifies nothing, so a challenge sets a push off).
std::string challenger(node_process& n, const std::string& name) {
    auto r = http_post(n.port, "/api/register",
                       {{"username", name}, {"password", "correct horse battery"}});
    REQUIRE(r.status == 200);
    const std::string session = json::parse(r.body)["token"];
    auto t = http_post(n.port, "/api/token",
                       {{"description", "t"}, {"scopes", {"challenge:write"}}}, session);
    REQUIRE(t.status == 201);
    return json::parse(t.body)["token"];
}

// `token`'s challenge to `name`, made on the node at `port`: a notification,
// hence one push, set off there.
void challenge(std::uint16_t port, const std::string& token, const std::string& name) {
    REQUIRE(http_post(port, "/api/challenge/" + name, {{"game", "checkers"}, {"days", 1}}, token)
                .status == 201);
}

}  // namespace

TEST_CASE("cluster push: one player's pushes set off on two nodes spend one budget") {
    push_endpoint service;
    cluster_env env("pushlimit");
    node_process n1("push-1", env.db, env.redis, env.web, push_flags);
    node_process n2("push-2", env.db, env.redis, env.web, push_flags);
    subscribed_account(n1, service, "ada");
    const auto row =
        env.admin
            ->query("SELECT id FROM " + env.schema + ".players WHERE name = $1", std::string("ada"))
            .i64(0, 0);
    env.redis_command("DEL", "kibitz:limit:push:" + std::to_string(row));  // an earlier run's

    // Two on node 1: its budget, and the cluster's, spent.
    const auto eve = challenger(n1, "eve");
    challenge(n1.port, eve, "ada");
    challenge(n1.port, eve, "ada");
    REQUIRE(service.wait_for(2));

    // A third on node 2, whose own window is empty: refused by the shared one.
    challenge(n2.port, eve, "ada");
    CHECK(eventually([&] { return metric(n2.port, "kibitz_push_rate_limited_total") == 1; }));
    CHECK(metric(n2.port, "kibitz_push_sent_total") == 0);
    CHECK(service.received().size() == 2);
}

TEST_CASE("cluster push: with Redis unreachable a node keeps its own push limit") {
    push_endpoint service;
    cluster_env env("pushalone");
    // Nothing listens there: every shared answer fails, the node decides alone.
    node_process n("push-alone", env.db, "redis://127.0.0.1:" + std::to_string(free_port()),
                   env.web, push_flags);
    subscribed_account(n, service, "bob");
    const auto eve = challenger(n, "eve");
    for (int i = 1; i <= 3; ++i) challenge(n.port, eve, "bob");
    REQUIRE(service.wait_for(2));
    CHECK(eventually([&] { return metric(n.port, "kibitz_push_rate_limited_total") == 1; }));
    // Counted once the service's answer is read, a moment after it received the request.
    CHECK(eventually([&] { return metric(n.port, "kibitz_push_sent_total") == 2; }));
    CHECK(service.received().size() == 2);
}
