// Games from a chosen position (the analysis board's "play the computer from
// here" and "challenge a friend from here"): they start there, are casual,
// survive a restart from the same start, are reviewed and exported from it;
// unreadable or finished positions and public or rated seeks are refused.
#include "helpers.hpp"
#include "temp_dir.hpp"

using namespace kibitz::test;

namespace {

// Checkers after 11-15 22-18 15x22 25x18: Black to move.
const std::string after_four = "B:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12";

json error_for(ws_client& c, int ack) {
    return c.expect("error", [&](const json& j) { return j["d"].value("ack", -1) == ack; });
}

bool has_move(const json& board, const std::string& text) {
    for (const auto& m : board["moves"])
        if (m.value("text", "") == text) return true;
    return false;
}

}  // namespace

TEST_CASE("start position: the computer from a position, which the room and the API carry") {
    test_server srv(quick_computer);
    ws_client a(srv.port());
    a.hello();
    a.send({{"t", "computer.play"},
            {"d", {{"game", "checkers"}, {"level", 1}, {"tc", nullptr}, {"color", "black"},
                   {"position", after_four}, {"ack", 1}}}});
    CHECK(!a.expect("ack", [](const json& j) { return j["d"]["ack"] == 1; }).is_null());
    std::string room = a.expect("game.found")["d"]["room"];
    auto st = a.expect("room.state");
    CHECK(st["d"]["start_position"] == after_four);
    // The board is the chosen one: 11 has gone, so the standard opening 11-15
    // is not there.
    CHECK(has_move(st["d"]["board"], "9-14"));
    CHECK(!has_move(st["d"]["board"], "11-15"));
    a.send(move_msg(room, "9-14", 2));
    CHECK(!a.expect("ack", [](const json& j) { return j["d"]["ack"] == 2; }).is_null());
    CHECK(!a.expect("move", [](const json& j) { return j["d"]["ply"] == 2; }, 5000ms).is_null());
}

TEST_CASE("start position: refused when unreadable, finished, public or rated") {
    test_server srv(quick_computer);
    ws_client a(srv.port());
    a.hello();
    auto computer = [&](const std::string& pos, int ack) {
        a.send({{"t", "computer.play"},
                {"d", {{"game", "checkers"}, {"level", 1}, {"tc", nullptr}, {"position", pos},
                       {"ack", ack}}}});
        return error_for(a, ack);
    };
    auto e = computer("garbage", 1);
    CHECK(e["d"]["code"] == "bad_position");
    CHECK(e["d"]["message"].get<std::string>().find("side to move") != std::string::npos);
    CHECK(computer("B:W18:B", 2)["d"]["code"] == "bad_position");  // Black has nothing left
    a.send({{"t", "seek.create"},
            {"d", {{"game", "checkers"}, {"tc", nullptr}, {"position", after_four}, {"ack", 3}}}});
    CHECK(error_for(a, 3)["d"]["code"] == "bad_message");
    a.send({{"t", "invite.create"},
            {"d", {{"game", "checkers"}, {"tc", {{"initial_s", 300}, {"increment_s", 0}}},
                   {"rated", true}, {"position", after_four}, {"ack", 4}}}});
    CHECK(error_for(a, 4)["d"]["code"] != "");
    CHECK(!a.sees("game.found"));
}

TEST_CASE("start position: an invite from a position, played on after a restart, exported") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto with_db = [&](kibitz::server::server_config& c) { c.db = db; };
    std::string room, token_a, token_b;
    {
        test_server srv(with_db);
        ws_client a(srv.port()), b(srv.port());
        a.hello();
        b.hello();
        token_a = a.token;
        token_b = b.token;
        a.send({{"t", "invite.create"},
                {"d", {{"game", "checkers"}, {"tc", nullptr}, {"color", "black"},
                       {"position", after_four}}}});
        auto inv = a.expect("invite.created");
        CHECK(inv["d"]["position"] == after_four);
        b.send({{"t", "invite.accept"}, {"d", {{"code", inv["d"]["code"]}}}});
        room = a.expect("game.found")["d"]["room"];
        b.expect("game.found");
        CHECK(b.expect("room.state")["d"]["start_position"] == after_four);
        play(a, room, "9-14", 1, {&a, &b});
        play(b, room, "18x9", 2, {&a, &b});
    }
    test_server srv(with_db);
    ws_client a(srv.port()), b(srv.port());
    a.hello(token_a);
    b.hello(token_b);
    a.send(room_msg("room.join", room));
    auto st = a.expect("room.state");
    CHECK(st["d"]["start_position"] == after_four);
    CHECK(st["d"]["moves"] == json({"9-14", "18x9"}));
    CHECK(has_move(st["d"]["board"], "5x14"));  // the recapture exists only from that start
    b.send(room_msg("room.join", room));
    b.expect("room.state");
    play(a, room, "5x14", 3, {&a, &b});
    auto exported = http_get(srv.port(), "/api/games/" + room + "/export");
    CHECK(exported.status == 200);
    CHECK(exported.body.find(after_four) != std::string::npos);
}
