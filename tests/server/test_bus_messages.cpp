// The cluster's bus messages (server/cluster/bus_messages.hpp), without
// Redis: every example of docs/cluster.md decodes and encodes back to itself,
// every message type round-trips, and malformed input is an error value.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/bus_messages.hpp"

using namespace kibitz::server;
namespace bus = kibitz::server::cluster::bus;
using nlohmann::json;

namespace {

// The JSON values of every ```json block of docs/cluster.md (a block may hold
// several, one after another), in order.
std::vector<json> cluster_examples() {
    std::ifstream in(std::string(KIBITZ_SOURCE_DIR) + "/docs/cluster.md");
    REQUIRE(in.good());
    std::vector<json> out;
    std::string line, value;
    bool inside = false, in_string = false, escaped = false;
    int depth = 0;
    while (std::getline(in, line)) {
        if (!inside) {
            inside = line.rfind("```json", 0) == 0;
            continue;
        }
        if (line.rfind("```", 0) == 0) {
            CHECK_MESSAGE(value.find_first_not_of(" \n") == std::string::npos,
                          "an unfinished example: " << value);
            inside = false;
            value.clear();
            continue;
        }
        for (char c : line + "\n") {
            value += c;
            if (in_string) {
                if (escaped) escaped = false;
                else if (c == '\\') escaped = true;
                else if (c == '"') in_string = false;
            } else if (c == '"') {
                in_string = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                auto j = json::parse(value, nullptr, false);
                CHECK_MESSAGE(!j.is_discarded(), "an example is not JSON: " << value);
                if (!j.is_discarded()) out.push_back(j);
                value.clear();
            }
        }
    }
    return out;
}

std::string type_of(const bus::message& m) {
    return json::parse(bus::encode(m)).at("t").get<std::string>();
}

player ann() {
    player p;
    p.id = "u-5";
    p.name = "ann";
    p.guest = false;
    p.row = 5;
    p.rating = 1612;
    return p;
}

live_position board(int running) {
    live_position p;
    p.pieces = {{"14", 0, "man", 0, 0}, {"23", 1, "king", 2, 3}};
    p.to_move = 1;
    p.last_path = {"11", "14"};
    p.last_affected = {"12"};
    p.clocks = clocks_snapshot{{300000, 280000}, running, 300000, 2000, std::nullopt};
    p.read_at = std::chrono::steady_clock::now();
    return p;
}

client_msg lobby_message(client_body body, std::string type, std::optional<std::int64_t> ack) {
    return {std::move(type), ack, std::move(body)};
}

// One of each message type, optional parts present and absent.
std::vector<bus::message> one_of_each() {
    room_cmd_msg chat{room_action::chat, "rAb12Cd34", "good luck"};
    player computer = ann();
    computer.guest = true;
    computer.row = 0;
    computer.computer_level = 8;
    seek_create_msg invite;
    invite.game = "checkers";
    invite.tc = time_control{300, 2};
    invite.rated = false;
    invite.color = "white";
    invite.invite = true;
    invite.code = "k4TQ9zpW2m";
    seek_create_msg challenge = invite;  // the bot API's: its game is public
    challenge.public_game = true;
    challenge.challenged = "#9";  // whom the lobby tells of a cancel
    bus::listing listed{"checkers", json{{"room", "rAb12Cd34"}, {"plies", 3}}, board(-1)};
    return {
        bus::join{"rAb12Cd34", "node-2", 7, ann(), 12},
        bus::join{"rAb12Cd34", "node-2", 7, computer, std::nullopt},
        bus::leave{"rAb12Cd34", "node-2", 7, true},
        bus::cmd{"node-2", 7, ann(), chat, "chat", 4},
        bus::cmd{"node-2", 8, ann(), {room_action::resign, "r1", ""}, "resign", std::nullopt},
        bus::frame{7, R"({"t":"move","v":13,"d":{"text":"11-15"}})"},
        bus::unknown{"rAb12Cd34", 7, "move", 3},
        bus::unknown{"rAb12Cd34", 7, "room.join", std::nullopt},
        bus::moved{"rAb12Cd34", "node-3"},
        bus::lobby{
            "node-2",
            7,
            ann(),
            {{"checkers", {1612.5, 80.25, 0.06, 31}}},
            lobby_message(quick_join_msg{"checkers", time_control{60, 0}, true}, "quick.join", 9)},
        bus::lobby{"node-2", 7, ann(), {}, lobby_message(invite, "invite.create", std::nullopt)},
        bus::lobby{"node-2",
                   7,
                   ann(),
                   {},
                   lobby_message(live_sub_msg{"oware", false}, "live.unsub", std::nullopt)},
        bus::lobby{"node-2",
                   7,
                   ann(),
                   {},
                   lobby_message(invite_answer_msg{"k4TQ9zpW2m", invite_answer::decline},
                                 "invite.decline", 5)},
        bus::lobby_closed{"node-2", 7, ann()},
        bus::lobby_seek{7, "sX3k9PqL2a", false, true},
        bus::lobby_seek{7, "k4TQ9zpW2m", true, false},
        bus::seated{"node-1", "rAb12Cd34", ann(), R"({"t":"game.found","d":{}})"},
        bus::game{"node-2", "rAb12Cd34", {"#17", "#3"}, true},
        bus::game{"node-2", "rPr1vate00", {"#17", "g-abc"}, false},
        bus::live{"node-2", "rAb12Cd34", listed},
        bus::live_update{"node-2", "rAb12Cd34", "checkers", 3, 1, board(-1)},
        bus::live_update{"node-2", "rAb12Cd34", "checkers", 4, 0, std::nullopt},
        bus::game_over{"node-2", "rAb12Cd34"},
        bus::games_ask{"node-3"},
        bus::games{"node-2",
                   {{"rAb12Cd34", {"#17", "#3"}, true, false, listed},
                    {"rP", {"#1"}, false, false, std::nullopt},
                    {"rC", {"#1", "#2"}, false, true, std::nullopt}}},
        bus::games{"node-2", {}},
        bus::game{"node-2", "rCo77Rr55", {"#17", "#18"}, false, true},
        bus::player_frame{"node-2", "#17", R"({"t":"challenge","d":{}})"},
        bus::tournament_over{"node-2", "rAb12Cd34", 0, false, 41, 1764190000000},
        bus::tournament_over{"node-3", "rXy", -1, true, 0, 1764190000001},
        bus::tournament_load{"tAbc12345"},
        bus::lobby{"node-2",
                   7,
                   ann(),
                   {},
                   lobby_message(tournament_msg{tournament_action::join, "tAbc12345", "s3cret", {}},
                                 "tournament.join", 6)},
        bus::lobby{"node-2",
                   7,
                   ann(),
                   {},
                   lobby_message(tournament_msg{tournament_action::chat, "sAbc12345", {}, "gl all"},
                                 "tournament.chat", std::nullopt)},
        // Last, so that the indexes the tests below use stay put.
        bus::lobby{"node-2", 7, ann(), {}, lobby_message(challenge, "invite.create", std::nullopt)},
    };
}

bool refused(const std::string& text) { return !bus::decode(text).ok(); }

}  // namespace

TEST_CASE("bus: every example in docs/cluster.md decodes and encodes back to itself") {
    auto examples = cluster_examples();
    std::set<std::string> types;
    for (const auto& ex : examples) {
        CAPTURE(ex.dump());
        auto m = bus::decode(ex.dump());
        REQUIRE_MESSAGE(m.ok(), m.reason());
        CHECK(json::parse(bus::encode(m.value())) == ex);
        types.insert(ex.at("t").get<std::string>());
    }
    // Every message type has its example.
    std::set<std::string> all;
    for (const auto& m : one_of_each()) all.insert(type_of(m));
    CHECK(all.size() == std::variant_size_v<bus::message>);
    CHECK(types == all);
}

TEST_CASE("bus: every message type round-trips") {
    for (const auto& m : one_of_each()) {
        auto text = bus::encode(m);
        CAPTURE(text);
        auto back = bus::decode(text);
        REQUIRE_MESSAGE(back.ok(), back.reason());
        CHECK(back.value().index() == m.index());
        CHECK(bus::encode(back.value()) == text);
    }
    // A few fields, read back as what they were.
    auto j = std::get<bus::join>(bus::decode(bus::encode(one_of_each()[1])).value());
    CHECK(j.who.computer_level == 8);
    CHECK(j.who.guest);
    CHECK(!j.v);
    auto c = std::get<bus::cmd>(bus::decode(bus::encode(one_of_each()[3])).value());
    CHECK(c.command.action == room_action::chat);
    CHECK(c.command.text == "good luck");
    CHECK(c.ack == 4);
    auto l = std::get<bus::lobby>(bus::decode(bus::encode(one_of_each()[10])).value());
    auto* invite = std::get_if<seek_create_msg>(&l.m.body);
    REQUIRE(invite);
    CHECK(invite->invite);
    CHECK(invite->code == "k4TQ9zpW2m");  // beside "m", never inside it
    CHECK(json::parse(bus::encode(l)).at("m").at("d").count("code") == 0);
    auto off = std::get<bus::lobby>(bus::decode(bus::encode(one_of_each()[11])).value());
    CHECK(!std::get<live_sub_msg>(off.m.body).on);
    auto decline = std::get<bus::lobby>(bus::decode(bus::encode(one_of_each()[12])).value());
    CHECK(std::get<invite_answer_msg>(decline.m.body).answer == invite_answer::decline);
    auto challenge = std::get<bus::lobby>(bus::decode(bus::encode(one_of_each().back())).value());
    CHECK(std::get<seek_create_msg>(challenge.m.body).public_game);
    CHECK(std::get<seek_create_msg>(challenge.m.body).challenged == "#9");
    CHECK(std::get<seek_create_msg>(l.m.body).challenged.empty());
    CHECK(!std::get<seek_create_msg>(l.m.body).public_game);
    // The tournaments' (docs/cluster.md, "Tournaments").
    const auto all = one_of_each();
    const auto n = all.size();
    auto over = std::get<bus::tournament_over>(bus::decode(bus::encode(all[n - 6])).value());
    CHECK(over.winner == 0);
    CHECK(over.plies == 41);
    CHECK(over.at == 1764190000000);
    CHECK(std::get<bus::tournament_over>(bus::decode(bus::encode(all[n - 5])).value()).aborted);
    auto join = std::get<bus::lobby>(bus::decode(bus::encode(all[n - 3])).value());
    CHECK(std::get<tournament_msg>(join.m.body).code == "s3cret");
    CHECK(join.m.ack == 6);
    auto said = std::get<bus::lobby>(bus::decode(bus::encode(all[n - 2])).value());
    CHECK(std::get<tournament_msg>(said.m.body).text == "gl all");
    CHECK(std::get<tournament_msg>(said.m.body).id == "sAbc12345");
}

TEST_CASE("bus: a running clock is counted down to the moment it is encoded") {
    auto p = board(0);  // the first seat's clock runs
    p.read_at -= std::chrono::seconds(2);
    auto j = json::parse(bus::encode(bus::live_update{"n", "r", "checkers", 1, 0, p}));
    auto ms = j.at("pos").at("clocks").at("ms");
    CHECK(ms[0].get<std::int64_t>() <= 298000);
    CHECK(ms[0].get<std::int64_t>() > 290000);
    CHECK(ms[1].get<std::int64_t>() == 280000);
}

TEST_CASE("bus: malformed messages are errors, never exceptions") {
    CHECK(refused(""));
    CHECK(refused("{"));
    CHECK(refused("[1,2]"));
    CHECK(refused("\"join\""));
    CHECK(refused(R"({"room":"r"})"));
    CHECK(refused(R"({"t":7})"));
    CHECK(refused(R"({"t":"party","from":"node-2"})"));
    auto e = bus::decode(R"({"t":"party"})");
    REQUIRE(!e.ok());
    CHECK(e.reason().find("party") != std::string::npos);
    // A result for a seat that does not exist, and a negative ply count.
    CHECK(refused(
        R"({"t":"tournament.over","from":"n","room":"r","winner":2,"aborted":false,"plies":1,"at":1})"));
    CHECK(refused(
        R"({"t":"tournament.over","from":"n","room":"r","winner":0,"aborted":false,"plies":-1,"at":1})"));

    // Every required field of every example, left out or of another type.
    const std::set<std::string> optional = {"v",    "ack", "computer", "correspondence",
                                            "code", "pos"};
    for (const auto& ex : cluster_examples()) {
        for (const auto& [key, value] : ex.items()) {
            CAPTURE(ex.dump());
            CAPTURE(key);
            auto without = ex;
            without.erase(key);
            const bool may_go = optional.count(key) && !(key == "pos" && ex["t"] == "live");
            CHECK(refused(without.dump()) != may_go);
            auto retyped = ex;
            retyped[key] = value.is_string() ? json(5) : json("x");
            CHECK(refused(retyped.dump()));
        }
    }

    // Values out of bounds.
    auto join = json::parse(bus::encode(one_of_each()[0]));
    auto with = [&join](const std::string& key, json v) {
        auto j = join;
        j[key] = std::move(v);
        return j.dump();
    };
    CHECK(refused(with("conn", -1)));
    CHECK(refused(with("conn", 1.5)));
    CHECK(refused(with("v", 1e300)));
    CHECK(refused(with("v", json(std::uint64_t(1) << 63))));
    CHECK(refused(with("room", std::string(bus::max_name + 1, 'r'))));
    CHECK(refused(with("from", std::string(1 << 20, 'n'))));
    CHECK(refused(with("who", json{{"id", "u-5"}, {"name", "ann"}})));
    auto bad_who = join["who"];
    bad_who["computer"] = 99;
    CHECK(refused(with("who", bad_who)));
    auto cmd = json::parse(bus::encode(one_of_each()[3]));
    for (json action : {json(-1), json(99), json("0")}) {
        cmd["action"] = action;
        CHECK(refused(cmd.dump()));
    }
    // A lobby message must be one the client could send to the lobby.
    auto lobby = json::parse(bus::encode(one_of_each()[9]));
    lobby["m"] = {{"t", "room.join"}, {"d", {{"room", "rAb12Cd34"}}}};
    CHECK(refused(lobby.dump()));
    lobby["m"] = {{"t", "seek.create"}, {"d", {{"game", 5}}}};
    CHECK(refused(lobby.dump()));
    lobby["m"] = {{"t", "quick.leave"}, {"d", json::object()}};
    lobby["ratings"] = {{"checkers", {{"rating", "high"}}}};
    CHECK(refused(lobby.dump()));
    // A mini board with something else than pieces in it.
    auto live = json::parse(bus::encode(one_of_each()[19]));
    live["pos"]["board"]["pieces"] = json::array({7});
    CHECK(refused(live.dump()));
    live["pos"] = {{"board", {{"pieces", json::array()}, {"to_move", 0}}},
                   {"last", nullptr},
                   {"clocks", {{"ms", {1}}}}};
    CHECK(refused(live.dump()));

    // A payload past the bound is refused before it is parsed.
    CHECK(refused(std::string(bus::max_payload + 1, ' ')));
    // Deep nesting, in a field no message reads.
    auto deep = join;
    deep["extra"] = json::parse(std::string(2000, '[') + std::string(2000, ']'));
    CHECK(!refused(deep.dump()));
}

TEST_CASE("bus: a guest kept in Redis reads back, and a malformed one is an error") {
    auto g = bus::decode_guest(bus::encode_guest({"g-5e8f3a2b", "Guest-5E8F"}));
    REQUIRE(g.ok());
    CHECK(g.value().id == "g-5e8f3a2b");
    CHECK(g.value().name == "Guest-5E8F");
    CHECK(!bus::decode_guest("").ok());
    CHECK(!bus::decode_guest(R"({"id":"g-1"})").ok());
    CHECK(!bus::decode_guest(R"({"id":7,"name":"x"})").ok());
    CHECK(!bus::decode_guest(R"(["g-1","x"])").ok());
}
