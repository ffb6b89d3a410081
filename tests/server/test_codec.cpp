// The codec against the examples in schema/protocol.md: every client example
// decodes, and malformed variants are refused with the right code.
#include <doctest/doctest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "protocol/codec.hpp"
#include "protocol_examples.hpp"

using namespace kibitz::server;
using nlohmann::json;

namespace {

std::string code_of(std::string_view text) {
    auto r = decode_client(text);
    if (auto* f = std::get_if<decode_failure>(&r)) return f->error.code;
    return "ok";
}

}  // namespace

TEST_CASE("codec: every client example in protocol.md decodes") {
    const std::set<std::string> client_types = {
        "hello",
        "ping",
        "lobby.sub",
        "lobby.unsub",
        "seek.create",
        "seek.cancel",
        "seek.accept",
        "quick.join",
        "quick.leave",
        "computer.play",
        "analysis.start",
        "analysis.stop",
        "review.request",
        "invite.create",
        "invite.show",
        "invite.accept",
        "invite.decline",
        "invite.cancel",
        "live.sub",
        "live.unsub",
        "room.join",
        "room.leave",
        "move",
        "resign",
        "abort",
        "claim",
        "draw.offer",
        "draw.accept",
        "draw.decline",
        "rematch.offer",
        "rematch.accept",
        "rematch.decline",
        "takeback.offer",
        "takeback.accept",
        "takeback.decline",
        "chat",
        "berserk",
        "tournament.join",
        "tournament.withdraw",
        "tournament.pause",
        "tournament.sub",
        "tournament.unsub",
        "tournament.chat",
        "notify.list",
        "notify.read",
        "notify.prefs",
        "puzzle.next",
        "puzzle.open",
        "puzzle.move",
        "puzzle.solution",
        "puzzle.streak",
    };
    std::set<std::string> seen;
    for (const auto& j : protocol_examples()) {
        std::string t = j.value("t", "");
        // Server events share some names (move, chat, tournament.chat); they
        // carry v, "from" or "lines".
        if (!client_types.count(t) || j.contains("v") ||
            (j.contains("d") && (j["d"].contains("from") || j["d"].contains("lines"))))
            continue;
        INFO(j.dump());
        CHECK(code_of(j.dump()) == "ok");
        seen.insert(t);
    }
    CHECK(seen == client_types);  // every client type has an example
}

TEST_CASE("codec: typed values") {
    auto r = decode_client(
        R"({"t":"seek.create","d":{"game":"oware","tc":{"initial_s":180,"increment_s":2},"rated":false,"color":"south","ack":4}})");
    auto& m = std::get<client_msg>(r);
    CHECK(m.ack == 4);
    auto& s = std::get<seek_create_msg>(m.body);
    CHECK(s.game == "oware");
    REQUIRE(s.tc);
    CHECK(s.tc->initial_s == 180);
    CHECK(s.tc->increment_s == 2);
    CHECK(s.color == "south");
    auto c = std::get<room_cmd_msg>(std::get<client_msg>(decode_client(
        R"({"t":"claim","d":{"room":"r1","result":"draw"}})")).body);
    CHECK(c.action == room_action::claim_draw);
}

TEST_CASE("codec: malformed variants are refused") {
    CHECK(code_of("") == "bad_message");
    CHECK(code_of("{") == "bad_message");
    CHECK(code_of("[1,2]") == "bad_message");
    CHECK(code_of("\"hello\"") == "bad_message");
    CHECK(code_of(R"({"d":{}})") == "bad_message");
    CHECK(code_of(R"({"t":5})") == "bad_message");
    CHECK(code_of(R"({"t":"hello","d":[]})") == "bad_message");
    CHECK(code_of(R"({"t":"fly"})") == "unknown_type");
    CHECK(code_of(R"({"t":"move","d":{"room":"r1","move":"11-15"}})") == "bad_message");  // no ack
    CHECK(code_of(R"({"t":"move","d":{"room":"r1","move":15,"ack":1}})") == "bad_message");
    CHECK(code_of(R"({"t":"move","d":{"room":7,"move":"11-15","ack":1}})") == "bad_message");
    CHECK(code_of(R"({"t":"move","d":{"room":"r1","move":"11-15","ack":"1"}})") == "bad_message");
    CHECK(code_of(R"({"t":"move","d":{"room":"r1","move":"11-15","ack":-1}})") == "bad_message");
    CHECK(code_of(R"({"t":"move","d":{"room":"r1","move":"","ack":1}})") == "bad_message");
    CHECK(code_of(R"({"t":"seek.create","d":{"game":"oware","rated":false}})") == "bad_message");
    CHECK(code_of(R"({"t":"seek.create","d":{"game":"oware","tc":{"initial_s":0,"increment_s":0}}})") == "bad_message");
    CHECK(code_of(R"({"t":"seek.create","d":{"game":"oware","tc":{"initial_s":99999,"increment_s":0}}})") == "bad_message");
    CHECK(code_of(R"({"t":"seek.create","d":{"game":"oware","tc":{"initial_s":60.5,"increment_s":0}}})") == "bad_message");
    CHECK(code_of(R"({"t":"seek.create","d":{"game":"oware","tc":null,"rated":"no"}})") == "bad_message");
    CHECK(code_of(R"({"t":"claim","d":{"room":"r1","result":"lose"}})") == "bad_message");
    CHECK(code_of(R"({"t":"computer.play","d":{"game":"oware","level":9,"tc":null}})") == "bad_message");
    CHECK(code_of(R"({"t":"analysis.start","d":{"game":"oware","moves":"a b","id":1}})") == "bad_message");
    CHECK(code_of(R"({"t":"analysis.start","d":{"game":"oware","moves":[1],"id":1}})") == "bad_message");
    CHECK(code_of(R"({"t":"analysis.start","d":{"game":"oware"}})") == "bad_message");
    CHECK(code_of(R"({"t":"computer.play","d":{"game":"oware","level":0,"tc":null}})") == "bad_message");
    CHECK(code_of(R"({"t":"computer.play","d":{"game":"oware","level":"8","tc":null}})") == "bad_message");
    CHECK(code_of(R"({"t":"computer.play","d":{"game":"oware","tc":null}})") == "bad_message");
    CHECK(code_of(R"({"t":"computer.play","d":{"game":"oware","level":2}})") == "bad_message");
    CHECK(code_of(R"({"t":"room.join","d":{"room":"r1","v":"3"}})") == "bad_message");
    CHECK(code_of(R"({"t":"ping","d":{"at":"now"}})") == "bad_message");
    CHECK(code_of(R"({"t":"ping","d":{"at":-1}})") == "bad_message");
    CHECK(code_of(R"({"t":"takeback.offer","d":{}})") == "bad_message");
    CHECK(code_of(R"({"t":"chat","d":{"room":"r1","text":")" + std::string(301, 'x') + "\"}}") ==
          "bad_message");
    CHECK(code_of("{\"t\":\"hello\",\"d\":{\"token\":\"\xff\xfe\"}}") == "bad_message");
    // Limits count characters, not bytes: 300 × "é" (600 bytes) is a full chat line.
    std::string e300;
    for (int i = 0; i < 300; ++i) e300 += "\xc3\xa9";
    CHECK(code_of(R"({"t":"chat","d":{"room":"r1","text":")" + e300 + "\"}}") == "ok");
    CHECK(code_of(R"({"t":"chat","d":{"room":"r1","text":")" + e300 + "\xc3\xa9\"}}") ==
          "bad_message");
}

TEST_CASE("codec: chat is cleaned of control and bidirectional characters (review F12)") {
    auto chat_text = [](const std::string& text) -> std::string {
        auto r = decode_client(json{{"t", "chat"}, {"d", {{"room", "r1"}, {"text", text}}}}.dump());
        if (auto* f = std::get_if<decode_failure>(&r)) return "refused: " + f->error.code;
        return std::get<room_cmd_msg>(std::get<client_msg>(r).body).text;
    };
    CHECK(chat_text("\u202e"
                    "Official results") == "Official results");  // RLO spoofing
    CHECK(chat_text("gg \u2066wp\u2069") == "gg wp");  // isolates
    CHECK(chat_text(std::string("a\0b", 3)) == "ab");  // NUL
    CHECK(chat_text("\x1b[2Jclear") == "[2Jclear");  // ESC sequence
    CHECK(chat_text("line\nbreak\r") == "linebreak");
    CHECK(chat_text("  spaced  ") == "spaced");
    CHECK(chat_text("\u200b\u200b\u200b") == "refused: bad_message");  // zero-width only
    CHECK(chat_text(" \u202e ") == "refused: bad_message");  // blank once cleaned
    CHECK(chat_text("\U0001F468\u200D\U0001F469\u200D\U0001F467") ==  // a ZWJ family stays
          "\U0001F468\u200D\U0001F469\u200D\U0001F467");
    auto tournament_line = decode_client(
        json{{"t", "tournament.chat"}, {"d", {{"id", "tK3v9QaZ1"}, {"text", "\u202ehi"}}}}.dump());
    REQUIRE(std::holds_alternative<client_msg>(tournament_line));
    CHECK(std::get<tournament_msg>(std::get<client_msg>(tournament_line).body).text == "hi");
}
