// The move fast path of decode_client against the full parser: for every input
// (valid moves in many spellings, and every small corruption of them) both
// must give the same message or the same error.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "protocol/codec.hpp"

using namespace kibitz::server;

namespace {

std::string describe(const decode_result& r) {
    if (auto* f = std::get_if<decode_failure>(&r))
        return "failure " + f->error.code + " / " + f->error.message + " / re=" + f->type +
               " / ack=" + (f->ack ? std::to_string(*f->ack) : "-");
    const auto& m = std::get<client_msg>(r);
    std::string out = "msg " + m.type + " ack=" + (m.ack ? std::to_string(*m.ack) : "-");
    if (auto* c = std::get_if<room_cmd_msg>(&m.body))
        out += " cmd " + std::to_string(static_cast<int>(c->action)) + " room=" + c->room + " text=" + c->text;
    else
        out += " body#" + std::to_string(m.body.index());
    return out;
}

void same(const std::string& input) {
    INFO("input: " << input);
    CHECK(describe(decode_client(input)) == describe(decode_client_full(input)));
}

}  // namespace

TEST_CASE("codec: the move fast path answers exactly as the full parser") {
    const std::string room64(64, 'r'), room65(65, 'r'), move128(128, 'm'), move129(129, 'm');
    std::vector<std::string> inputs = {
        R"({"t":"move","d":{"room":"rAbc123xyz","move":"11-15","ack":7}})",
        R"({"d":{"ack":7,"move":"11-15","room":"rAbc123xyz"},"t":"move"})",
        R"( { "t" : "move" , "d" : { "room" : "r1" , "move" : "a1-b2" , "ack" : 0 } } )",
        "{\"t\":\"move\",\n\t\"d\":{\"room\":\"r1\",\r\n\"move\":\"x\",\"ack\":2147483647}}",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":2147483648}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":-1}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":1.0}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":1e3}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":007}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":"7"}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":null}})",
        R"({"t":"move","d":{"room":"r1","move":"x"}})",
        R"({"t":"move","d":{"room":"r1","ack":1}})",
        R"({"t":"move","d":{"move":"x","ack":1}})",
        R"({"t":"move","d":{"room":"","move":"x","ack":1}})",
        R"({"t":"move","d":{"room":"r1","move":"","ack":1}})",
        R"({"t":"move","d":{"room":")" + room64 + R"(","move":")" + move128 + R"(","ack":1}})",
        R"({"t":"move","d":{"room":")" + room65 + R"(","move":"x","ack":1}})",
        R"({"t":"move","d":{"room":"r1","move":")" + move129 + R"(","ack":1}})",
        R"({"t":"move","d":{"room":"r\u0031","move":"x","ack":1}})",
        R"({"t":"move","d":{"room":"r1","move":"a\"b","ack":1}})",
        R"({"t":"move","d":{"room":"r1","move":"é","ack":1}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":1,"extra":true}})",
        R"({"t":"move","d":{"room":"r1","room":"r2","move":"x","ack":1}})",
        R"({"t":"move","t":"move","d":{"room":"r1","move":"x","ack":1}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":1},"x":1})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":1}} x)",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":1}}})",
        R"({"t":"move","d":null})",
        R"({"t":"move","d":[]})",
        R"({"t":"move"})",
        R"({"t":"resign","d":{"room":"r1"}})",
        R"({"t":"mov","d":{"room":"r1","move":"x","ack":1}})",
        R"({"t":"move","d":{"room":1,"move":"x","ack":1}})",
        R"({"t":"move","d":{"room":"r1","move":["x"],"ack":1}})",
        R"({"t":"move","d":{"room":"r1","move":"x","ack":1,}})",
        R"({"t":"move",,"d":{"room":"r1","move":"x","ack":1}})",
        R"(["t","move"])",
        "",
        "{}",
        "{",
    };
    // Every single-character corruption of a valid move: deleted, or replaced
    // by a character that matters to JSON.
    const std::string base = R"({"t":"move","d":{"room":"r9","move":"3-7","ack":12}})";
    const std::string specials = "\"{}[],:\\ 0-9.e\x01a";
    for (std::size_t i = 0; i < base.size(); ++i) {
        std::string del = base;
        del.erase(i, 1);
        inputs.push_back(del);
        for (char c : specials) {
            std::string rep = base;
            rep[i] = c;
            inputs.push_back(rep);
            std::string ins = base;
            ins.insert(i, 1, c);
            inputs.push_back(ins);
        }
    }
    for (const auto& in : inputs) same(in);
    // And the fast path does take the valid ones.
    auto r = decode_client(inputs[0]);
    REQUIRE(std::holds_alternative<client_msg>(r));
    const auto& m = std::get<client_msg>(r);
    CHECK(m.type == "move");
    CHECK(m.ack == 7);
    CHECK(std::get<room_cmd_msg>(m.body).room == "rAbc123xyz");
    CHECK(std::get<room_cmd_msg>(m.body).text == "11-15");
}
