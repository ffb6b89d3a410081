// A full game to its end for each of the five game ids, over real sockets. The
// test mirrors the game with the rules core only to choose moves (win if it
// can, else capture, else a seeded random move) and to check that the server's
// legal moves are the core's. A spectator watches and must see every move.
#include <random>

#include "helpers.hpp"
#include "kibitz/core/registry.hpp"

using namespace kibitz::test;

namespace {

std::string choose(const kibitz::core::game& g, const json& board, std::mt19937& rng) {
    const auto& moves = board["moves"];
    REQUIRE(!moves.empty());
    int me = g.to_move();
    std::vector<std::string> captures;
    for (const auto& m : moves) {
        auto probe = g.clone();
        auto r = probe->try_move(m["text"].get<std::string>());
        REQUIRE(r.ok());
        auto st = probe->current_status();
        if (st.kind == kibitz::core::status_kind::win && st.winner == me) return m["text"];
        if (!m["affected"].empty()) captures.push_back(m["text"]);
    }
    if (!captures.empty()) return captures[rng() % captures.size()];
    return moves[rng() % moves.size()]["text"];
}

void full_game(const std::string& id) {
    CAPTURE(id);
    test_server srv;
    ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
    a.hello();
    b.hello();
    watcher.hello();
    auto t = pair_by_seek(a, b, id, untimed(), "random");
    REQUIRE(!t.room.empty());
    watcher.send({{"t", "room.join"}, {"d", {{"room", t.room}}}});
    auto ws = watcher.expect("room.state");
    CHECK(ws["d"]["you"]["seat"].is_null());

    ws_client* seat[2];
    seat[t.seat_a] = &a;
    seat[1 - t.seat_a] = &b;
    auto mirror = kibitz::core::find_game(id)->new_game();
    json board = t.state_a["d"]["board"];
    std::mt19937 rng(12345);
    int ply = 0, ack = 0;
    bool ended = false;
    while (!ended && ply < 600) {
        // The server's legal moves are the core's.
        REQUIRE(board["moves"].size() == mirror->move_count());
        for (std::size_t i = 0; i < mirror->move_count(); ++i)
            CHECK(board["moves"][i]["text"] == mirror->move_text(i));
        CHECK(board["to_move"] == mirror->to_move());
        std::string mv = choose(*mirror, board, rng);
        ws_client& mover = *seat[mirror->to_move()];
        mover.send(move_msg(t.room, mv, ++ack));
        int my_ack = ack;
        auto got = mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == my_ack; });
        REQUIRE(!got.is_null());
        REQUIRE(mirror->try_move(mv).ok());
        ++ply;
        auto pred = [&](const json& j) { return j["d"]["ply"] == ply; };
        auto ev_a = a.expect("move", pred);
        auto ev_b = b.expect("move", pred);
        auto ev_w = watcher.expect("move", pred);
        REQUIRE(!ev_w.is_null());
        CHECK(ev_a["v"] == ev_w["v"]);
        CHECK(ev_w["d"]["move"] == ev_a["d"]["move"]);
        board = ev_a["d"]["board"];
        ended = mirror->current_status().over();
    }
    if (!ended) {
        // Very long random games end by agreement so the test stays short.
        auto* offerer = seat[0];
        offerer->send(room_msg("draw.offer", t.room));
        seat[1]->expect("offer");
        seat[1]->send(room_msg("draw.accept", t.room));
    }
    auto end_a = a.expect("end");
    auto end_b = b.expect("end");
    auto end_w = watcher.expect("end");
    REQUIRE(!end_w.is_null());
    CHECK(end_w["d"]["status"]["state"] == "over");
    if (ended) {
        auto st = mirror->current_status();
        CHECK(end_w["d"]["status"]["winner"] == st.winner);
        CHECK(end_w["d"]["status"]["reason"] == st.reason);
    }
    MESSAGE(id << ": " << ply << " plies, " << end_w["d"]["status"].dump());
}

}  // namespace

TEST_CASE("full game: checkers") { full_game("checkers"); }
TEST_CASE("full game: oferhlyp") { full_game("oferhlyp"); }
TEST_CASE("full game: opprimo") { full_game("opprimo"); }
TEST_CASE("full game: oware") { full_game("oware"); }
TEST_CASE("full game: ouril") { full_game("ouril"); }
