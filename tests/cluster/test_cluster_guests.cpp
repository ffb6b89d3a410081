// A guest not stored yet (play/session/guest_book.hpp) is known to every node of a
// cluster (docs/cluster.md, "Guests across nodes"): its token, made on one
// node, resumes it on another.
#include "cluster_nodes.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

TEST_CASE("cluster guests: a guest made on one node resumes on another with its token") {
    cluster_env env("guests");
    node_process n1("guest-1", env.db, env.redis, env.web);
    node_process n2("guest-2", env.db, env.redis, env.web);
    json made;
    std::string token;
    {
        ws_client a(n1.port);
        made = a.hello();  // only looked around: nothing stored
        REQUIRE(!made.is_null());
        token = a.token;
    }
    ws_client b(n2.port);
    b.send({{"t", "hello"}, {"d", {{"token", token}}}});
    auto back = b.expect("welcome", {}, 5000ms);
    REQUIRE(!back.is_null());
    CHECK(back["d"]["resumed"] == true);
    CHECK(back["d"]["user"]["id"] == made["user"]["id"]);
    CHECK(back["d"]["user"]["name"] == made["user"]["name"]);
    CHECK(back["d"]["token"] == token);
    CHECK(!b.sees("error", 0ms));
    // An unknown token is still stale there.
    ws_client c(n2.port);
    c.send({{"t", "hello"}, {"d", {{"token", "not-a-token-anyone-made"}}}});
    auto stale = c.expect("error", {}, 5000ms);
    REQUIRE(!stale.is_null());
    CHECK(stale["d"]["code"] == "stale_token");

    // Another guest, logged out on the node that made it: no other node
    // knows its token then.
    std::string gone_token;
    {
        ws_client e(n1.port);
        REQUIRE(!e.hello().is_null());
        gone_token = e.token;
    }
    CHECK(http_post(n1.port, "/api/logout", {{"token", gone_token}}).status == 200);
    ws_client d(n2.port);
    d.send({{"t", "hello"}, {"d", {{"token", gone_token}}}});
    auto gone = d.expect("error", {}, 5000ms);
    REQUIRE(!gone.is_null());
    CHECK(gone["d"]["code"] == "stale_token");
}
