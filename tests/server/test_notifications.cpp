// Notifications over real sockets (issue 25): a correspondence game notifies
// both accounts of its start, the player to move after each move, and both of
// its end; each is pushed to every open tab and kept (read/unread) in the
// store; the list and "mark read" agree across tabs; what a player turned off
// (a kind, or all) is neither pushed nor kept; a guest gets them live only and
// may not keep preferences; bad messages are refused; a live game adds none.
#include <doctest/doctest.h>

#include "correspondence_fixture.hpp"

using namespace kibitz::test;

namespace {

json note_msg(const std::string& type, json d = json::object(), int ack = 0) {
    if (ack) d["ack"] = ack;
    return {{"t", type}, {"d", std::move(d)}};
}
bool of_kind(const json& j, const std::string& kind) { return j["d"]["kind"] == kind; }
std::string stored(const std::string& kind, std::int64_t row) {
    return "SELECT COUNT(*) FROM notifications WHERE kind = '" + kind +
           "' AND player_id = " + std::to_string(row);
}

}  // namespace

TEST_CASE("notifications: a correspondence game's start, turns and end, kept and read") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "long enough password");
    auto bob = register_account(db, "bob", "long enough password");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port()), b2(srv.port());
    a.hello(ada.token);
    b.hello(bob.token);
    b2.hello(bob.token);  // bob's second tab

    auto t = pair_by_seek(a, b, "checkers", days(3));
    auto started =
        a.expect("notification", [](const json& j) { return of_kind(j, "game_started"); });
    CHECK(started["d"]["id"].get<std::int64_t>() > 0);
    CHECK(started["d"]["read"] == false);
    CHECK(started["d"]["data"]["room"] == t.room);
    CHECK(started["d"]["data"]["opponent"] == "bob");
    CHECK(started["d"]["data"]["correspondence"] == true);
    for (auto* tab : {&b, &b2})
        tab->expect("notification", [](const json& j) { return of_kind(j, "game_started"); });

    // The first mover moves: the other gets "your turn", on every tab.
    json board = t.state_a["d"]["board"];
    bool a_moves = board["to_move"] == t.seat_a;
    ws_client& mover = a_moves ? a : b;
    ws_client& other = a_moves ? b : a;
    mover.send(move_msg(t.room, first_move(board), 1));
    auto turn = other.expect("notification", [](const json& j) { return of_kind(j, "your_turn"); });
    CHECK(turn["d"]["data"]["room"] == t.room);
    CHECK(turn["d"]["data"]["deadline_ms"].is_number());
    if (a_moves) b2.expect("notification", [](const json& j) { return of_kind(j, "your_turn"); });
    CHECK_FALSE(mover.sees("notification", 200ms));  // nothing for the one who moved

    // Bob's list: newest first, unread counted; reading all updates both tabs.
    b.send(note_msg("notify.list"));
    auto list = b.expect("notifications");
    int bob_unread = a_moves ? 2 : 1;
    CHECK(list["d"]["unread"] == bob_unread);
    REQUIRE(list["d"]["items"].size() == static_cast<std::size_t>(bob_unread));
    CHECK(list["d"]["items"][0]["kind"] == (a_moves ? "your_turn" : "game_started"));
    b2.clear();
    b.send(note_msg("notify.read", json::object(), 7));
    b.expect("ack", [](const json& j) { return j["d"]["ack"] == 7; });
    CHECK(b.expect("notifications")["d"]["unread"] == 0);
    CHECK(b2.expect("notifications")["d"]["unread"] == 0);

    // Marking one: only that one.
    a.send(note_msg("notify.list"));
    auto a_list = a.expect("notifications");
    REQUIRE(!a_list["d"]["items"].empty());
    std::int64_t first_id = a_list["d"]["items"].back()["id"];
    a.send(note_msg("notify.read", {{"id", first_id}}));
    auto after = a.expect("notifications");
    CHECK(after["d"]["unread"] == a_list["d"]["unread"].get<int>() - 1);
    CHECK(after["d"]["items"].back()["read"] == true);

    // The end (aborted: only one side has moved): both hear how it went.
    a.send(room_msg("abort", t.room));
    auto over_a = a.expect("notification", [](const json& j) { return of_kind(j, "game_over"); });
    auto over_b = b.expect("notification", [](const json& j) { return of_kind(j, "game_over"); });
    CHECK(over_a["d"]["data"]["result"] == "aborted");
    CHECK(over_b["d"]["data"]["result"] == "aborted");
    CHECK(over_b["d"]["data"]["opponent"] == "ada");
    REQUIRE(eventually([&] { return db_scalar(db, stored("game_over", ada.row)) == 1; }));
    CHECK(db_scalar(db, stored("game_started", bob.row)) == 1);
}

TEST_CASE("notifications: a live game, played on its open page, adds none") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "long enough password");
    auto bob = register_account(db, "bob", "long enough password");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port());
    a.hello(ada.token);
    b.hello(bob.token);
    auto t = pair_by_seek(a, b, "checkers", tc(60, 0));
    a.send(room_msg("abort", t.room));
    a.expect("end", [&](const json& j) { return j["d"]["room"] == t.room; });
    CHECK_FALSE(a.sees("notification", 300ms));
    CHECK_FALSE(b.sees("notification", 100ms));
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM notifications") == 0);
    // A correspondence game still does.
    pair_by_seek(a, b, "checkers", days(1));
    a.expect("notification", [](const json& j) { return of_kind(j, "game_started"); });
}

TEST_CASE("notifications: what a player turned off is neither pushed nor kept") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "long enough password");
    auto bob = register_account(db, "bob", "long enough password");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port());
    a.hello(ada.token);
    b.hello(bob.token);

    // Preferences as stored: everything on at first.
    a.send(note_msg("notify.prefs"));
    auto prefs = a.expect("notification.prefs");
    CHECK(prefs["d"]["all_off"] == false);
    CHECK(prefs["d"]["muted"].empty());
    a.send(note_msg("notify.prefs", {{"muted", {"game_started"}}}, 3));
    a.expect("ack", [](const json& j) { return j["d"]["ack"] == 3; });
    CHECK(a.expect("notification.prefs")["d"]["muted"] == json::array({"game_started"}));
    b.send(note_msg("notify.prefs", {{"all_off", true}}));
    CHECK(b.expect("notification.prefs")["d"]["all_off"] == true);

    auto t = pair_by_seek(a, b, "checkers", days(1));
    a.send(room_msg("abort", t.room));
    a.expect("notification", [](const json& j) { return of_kind(j, "game_over"); });
    CHECK_FALSE(b.sees("notification", 300ms));
    CHECK(db_scalar(db, stored("game_started", ada.row)) == 0);
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM notifications WHERE player_id = " +
                            std::to_string(bob.row)) == 0);

    // All on again: the muted kinds stay as they were.
    b.send(note_msg("notify.prefs", {{"all_off", false}}));
    auto back = b.expect("notification.prefs");
    CHECK(back["d"]["all_off"] == false);
    // Unknown kinds and wrong types are refused.
    a.send(note_msg("notify.prefs", {{"muted", {"everything"}}}, 4));
    CHECK(a.expect("error")["d"]["code"] == "bad_message");
    a.send(note_msg("notify.prefs", {{"all_off", "yes"}}, 5));
    CHECK(a.expect("error")["d"]["code"] == "bad_message");
    a.send(note_msg("notify.read", {{"id", "x"}}, 6));
    CHECK(a.expect("error")["d"]["code"] == "bad_message");
}

TEST_CASE("notifications: a guest's are pushed live, kept nowhere, and have no preferences") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto t = pair_by_seek(a, b, "checkers", days(1));
    auto n = a.expect("notification", [](const json& j) { return of_kind(j, "game_started"); });
    CHECK(n["d"]["id"] == 0);
    CHECK(n["d"]["data"]["room"] == t.room);
    a.send(note_msg("notify.list"));
    auto list = a.expect("notifications");
    CHECK(list["d"]["items"].empty());
    CHECK(list["d"]["unread"] == 0);
    a.send(note_msg("notify.prefs", {{"all_off", true}}, 2));
    CHECK(a.expect("error")["d"]["code"] == "account_required");
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM notifications") == 0);
}
