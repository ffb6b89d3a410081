// Restarts and stops (docs/cluster.md, "Restarts"; issue 29, F3 and F5): a
// node restarted under its own --node-id within its lease is a new owner
// that gives back at once what its previous life held (rooms, the lobby's
// leadership); SIGTERM gives the leases back before it waits for clients.
#include <boost/asio/connect.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include "cluster_game.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

// A WebSocket that opens and then never reads again: it never answers the
// server's close frame (as a stalled client or a lost network would not).
struct silent_ws {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::socket sock{ioc};
    explicit silent_ws(std::uint16_t port) {
        sock.connect({boost::asio::ip::make_address("127.0.0.1"), port});
        std::string req =
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n";
        boost::asio::write(sock, boost::asio::buffer(req));
        boost::asio::streambuf head;
        boost::asio::read_until(sock, head, "\r\n\r\n");
        std::string status(boost::asio::buffers_begin(head.data()),
                           boost::asio::buffers_begin(head.data()) + 12);
        REQUIRE(status == "HTTP/1.1 101");
    }
};

}  // namespace

TEST_CASE(
    "cluster restarts: SIGTERM gives the room leases back at once, with a client that never "
    "answers the close") {
    // A lease longer than the 3 s the shutdown waits for clients.
    game_on_two_nodes g("sigterm_silent", {"--lease-ms", "4000"});
    auto p = g.seat_on(*g.other, 0);
    silent_ws stalled(g.owner->port);
    const auto owner = g.owner->name;
    ::kill(g.owner->pid, SIGTERM);
    CHECK_MESSAGE(eventually([&] { return g.env.lease_holder(g.room) != owner; }, 1000ms, 20ms),
                  "the stopping node still held the room's lease a second after SIGTERM");
    // The other node takes the room at its next scan (half a lease).
    auto st = join_when_owned(*p, g.room, 5000ms);
    REQUIRE_MESSAGE(!st.is_null(), "the room was not handed over");
    p->send(move_msg(g.room, first_move(st["d"]["board"]), 401));
    CHECK(!answer(*p, "ack", 401, 5000ms).is_null());
    CHECK(g.owner->terminate() == 0);
}

TEST_CASE("cluster restarts: a node restarted under its own name at once gives its rooms up") {
    // A long lease: before, the room stayed its previous life's for most of it.
    // Reachable well inside it (5 of 8 s) is the point; a loaded machine (the
    // suite beside the others in CI) needs more than the 2 s an idle one does.
    game_on_two_nodes g("samename", {"--lease-ms", "8000"});
    // One move acknowledged first, so the game is committed as in play: a
    // takeover restores what the store holds, and a node killed within
    // milliseconds of a game's start may not have stored it yet.
    const int first = g.board["to_move"];
    {
        auto mover = g.seat_on(*g.owner, first);
        play_ply(*mover, g.room, g.board, 1, {});
    }
    g.owner->kill9();
    g.restart(g.owner);
    ws_client p(g.owner->port);
    CHECK(p.hello(g.token[1 - first])["resumed"] == true);
    auto st = join_when_owned(p, g.room, 5000ms);
    REQUIRE_MESSAGE(!st.is_null(), "the room stayed out of reach after the restart");
    p.send(move_msg(g.room, first_move(st["d"]["board"]), 501));
    CHECK(!answer(p, "ack", 501, 5000ms).is_null());
}

TEST_CASE(
    "cluster restarts: a lobby leader restarted under its own name: seeks made elsewhere are made "
    "again") {
    cluster_env env("lobby_samename");
    std::map<std::string, std::unique_ptr<node_process>> nodes;
    for (auto name : {"node-1", "node-2", "node-3"})
        nodes[name] = std::make_unique<node_process>(name, env.db, env.redis, env.web);
    {
        ws_client probe(nodes["node-1"]->port);
        probe.hello();
        lobby_snapshot(probe);
    }
    const auto leader = env.lobby_leader();
    REQUIRE(nodes.count(leader));
    std::string elsewhere;
    for (const auto& [name, n] : nodes)
        if (name != leader) elsewhere = name;
    ws_client a(nodes[elsewhere]->port);
    a.hello();
    lobby_snapshot(a);
    a.send({{"t", "seek.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}}}});
    REQUIRE(!a.expect("seek.created", {}, 5000ms).is_null());

    nodes[leader]->kill9();
    nodes[leader] = std::make_unique<node_process>(leader, env.db, env.redis, env.web);
    // The restarted node's lobby is empty: the seek is made there again.
    CHECK_MESSAGE(!a.expect("seek.created", {}, 10000ms).is_null(),
                  "the seek vanished with the leader's previous life");
}
