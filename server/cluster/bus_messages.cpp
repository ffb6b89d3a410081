// The bus messages' one decoder (bus_messages.hpp; the encoder is
// bus_messages_encode.cpp): anything malformed is an error value, never an
// exception out of here. tests/server/test_bus_messages.cpp holds it to
// every example of docs/cluster.md and to malformed input of every kind.
#include "cluster/bus_messages.hpp"

#include <chrono>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "play/lobby/lobby_dispatch.hpp"
#include "protocol/codec.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::cluster::bus {

namespace {

// What makes a message malformed; caught in decode, never thrown out of it.
struct malformed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

const json& field(const json& o, const char* key) {
    auto it = o.find(key);
    if (it == o.end()) throw malformed(std::string("no \"") + key + "\"");
    return *it;
}

std::string text(const json& o, const char* key, std::size_t max = max_name) {
    const auto& v = field(o, key);
    if (!v.is_string()) throw malformed(std::string("\"") + key + "\" is not a string");
    const auto& s = v.get_ref<const std::string&>();
    if (s.size() > max) throw malformed(std::string("\"") + key + "\" is too long");
    return s;
}

std::int64_t integer(const json& v, const char* key) {
    if (!v.is_number_integer() ||
        (v.is_number_unsigned() &&
         v.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max())))
        throw malformed(std::string("\"") + key + "\" is not an integer");
    return v.get<std::int64_t>();
}
std::int64_t integer(const json& o, const char* key, std::int64_t lo, std::int64_t hi) {
    auto n = integer(field(o, key), key);
    if (n < lo || n > hi) throw malformed(std::string("\"") + key + "\" is out of range");
    return n;
}
std::optional<std::int64_t> maybe_integer(const json& o, const char* key) {
    if (!o.contains(key)) return std::nullopt;
    return integer(o.at(key), key);
}
constexpr auto int_max = std::numeric_limits<int>::max();
constexpr auto int_min = std::numeric_limits<int>::min();

std::uint64_t count(const json& o, const char* key) {
    const auto& v = field(o, key);
    if (!v.is_number_unsigned()) throw malformed(std::string("\"") + key + "\" is not a count");
    return v.get<std::uint64_t>();
}

bool flag(const json& o, const char* key) {
    const auto& v = field(o, key);
    if (!v.is_boolean()) throw malformed(std::string("\"") + key + "\" is not a boolean");
    return v.get<bool>();
}
bool maybe_flag(const json& o, const char* key) { return o.contains(key) && flag(o, key); }

double number(const json& o, const char* key) {
    const auto& v = field(o, key);
    if (!v.is_number()) throw malformed(std::string("\"") + key + "\" is not a number");
    return v.get<double>();
}

const json& object(const json& o, const char* key) {
    const auto& v = field(o, key);
    if (!v.is_object()) throw malformed(std::string("\"") + key + "\" is not an object");
    return v;
}

std::vector<std::string> texts(const json& o, const char* key, std::size_t max_items) {
    const auto& v = field(o, key);
    if (!v.is_array() || v.size() > max_items)
        throw malformed(std::string("\"") + key + "\" is not a short list");
    std::vector<std::string> out;
    for (const auto& s : v) {
        if (!s.is_string() || s.get_ref<const std::string&>().size() > max_name)
            throw malformed(std::string("\"") + key + "\" holds something else than names");
        out.push_back(s.get<std::string>());
    }
    return out;
}

player who_of(const json& o) {
    const auto& j = object(o, "who");
    player p;
    p.id = text(j, "id");
    p.name = text(j, "name");
    p.guest = flag(j, "guest");
    p.row = integer(j, "row", 0, std::numeric_limits<std::int64_t>::max());
    p.rating = static_cast<int>(integer(j, "rating", int_min, int_max));
    p.computer_level = j.contains("computer") ? static_cast<int>(integer(j, "computer", 0, 8)) : 0;
    return p;
}

live_position pos_of(const json& j) {
    if (!j.is_object()) throw malformed("\"pos\" is not an object");
    live_position p;
    const auto& board = object(j, "board");
    const auto& pieces = field(board, "pieces");
    if (!pieces.is_array()) throw malformed("\"pieces\" is not a list");
    for (const auto& pc : pieces) {
        if (!pc.is_object()) throw malformed("a piece is not an object");
        p.pieces.push_back(
            {text(pc, "at"), static_cast<int>(integer(pc, "owner", -1, 7)), text(pc, "kind"),
             pc.contains("hp") ? static_cast<int>(integer(pc, "hp", 0, int_max)) : 0,
             pc.contains("count") ? static_cast<int>(integer(pc, "count", 0, int_max)) : 0});
    }
    p.to_move = static_cast<int>(integer(board, "to_move", -1, 1));
    if (const auto& last = field(j, "last"); !last.is_null()) {
        if (!last.is_object()) throw malformed("\"last\" is not an object");
        p.last_path = texts(last, "path", 4096);
        p.last_affected = texts(last, "affected", 4096);
    }
    if (const auto& c = field(j, "clocks"); !c.is_null()) {
        if (!c.is_object()) throw malformed("\"clocks\" is not an object");
        const auto& ms = field(c, "ms");
        if (!ms.is_array() || ms.size() != 2) throw malformed("\"ms\" is not two clocks");
        clocks_snapshot s;
        s.ms[0] = integer(ms[0], "ms");
        s.ms[1] = integer(ms[1], "ms");
        s.running = static_cast<int>(integer(c, "running", -1, 1));
        s.initial_ms = integer(field(c, "initial_ms"), "initial_ms");
        s.increment_ms = integer(field(c, "increment_ms"), "increment_ms");
        s.first_move_ms = maybe_integer(c, "first_move_ms");
        p.clocks = s;
    }
    p.read_at = std::chrono::steady_clock::now();  // the clocks were counted down when sent
    return p;
}

listing listing_of(const json& j) {
    return {text(j, "game"), object(j, "summary"), pos_of(field(j, "pos"))};
}

client_msg client_of(const json& j) {
    auto r = decode_client_full(object(j, "m").dump());
    if (auto* f = std::get_if<decode_failure>(&r))
        throw malformed("a lobby message the client decoder refuses: " + f->error.message);
    auto out = std::get<client_msg>(std::move(r));
    if (!is_lobby_message(out)) throw malformed("\"m\" is not a lobby message: " + out.type);
    if (auto* s = std::get_if<seek_create_msg>(&out.body); s && s->invite && j.contains("code"))
        s->code = text(j, "code");
    if (auto* s = std::get_if<seek_create_msg>(&out.body); s && s->invite) {
        auto it = j.find("public_game");
        s->public_game = it != j.end() && it->is_boolean() && it->get<bool>();
        if (j.contains("challenged")) s->challenged = text(j, "challenged");
    }
    return out;
}

using decoder = message (*)(const json&);

const std::map<std::string, decoder, std::less<>>& decoders() {
    static const std::map<std::string, decoder, std::less<>> all = {
        {"join",
         [](const json& j) -> message {
             return join{text(j, "room"), text(j, "from"), count(j, "conn"), who_of(j),
                         maybe_integer(j, "v")};
         }},
        {"leave",
         [](const json& j) -> message {
             return leave{text(j, "room"), text(j, "from"), count(j, "conn"), flag(j, "closed")};
         }},
        {"cmd",
         [](const json& j) -> message {
             room_cmd_msg c;
             c.action = static_cast<room_action>(
                 integer(j, "action", 0, static_cast<int>(room_action::premove)));
             c.room = text(j, "room");
             c.text = text(j, "text", 1u << 16);
             // A premove's line (checked by the node that decoded the client's message).
             if (auto it = j.find("line"); it != j.end() && it->is_array())
                 for (const auto& m : *it)
                     if (m.is_string() && c.line.size() < max_premove_line)
                         c.line.push_back(m.get<std::string>());
             return cmd{text(j, "from"), count(j, "conn"), who_of(j),
                        std::move(c),    text(j, "re"),    maybe_integer(j, "ack")};
         }},
        {"frame",
         [](const json& j) -> message {
             return frame{count(j, "conn"), text(j, "f", max_payload)};
         }},
        {"unknown",
         [](const json& j) -> message {
             return unknown{text(j, "room"), count(j, "conn"), text(j, "re"),
                            maybe_integer(j, "ack")};
         }},
        {"moved",
         [](const json& j) -> message {
             return moved{text(j, "room"), text(j, "node")};
         }},
        {"lobby",
         [](const json& j) -> message {
             lobby m{text(j, "from"), count(j, "conn"), who_of(j), {}, client_of(j)};
             for (const auto& [game, v] : object(j, "ratings").items()) {
                 if (game.size() > max_name || !v.is_object()) throw malformed("a bad rating");
                 m.ratings[game] = {number(v, "rating"), number(v, "rd"), number(v, "volatility"),
                                    static_cast<int>(integer(v, "games", 0, int_max))};
             }
             return m;
         }},
        {"lobby.closed",
         [](const json& j) -> message {
             return lobby_closed{text(j, "from"), count(j, "conn"), who_of(j)};
         }},
        {"lobby.seek",
         [](const json& j) -> message {
             return lobby_seek{count(j, "conn"), text(j, "id"), flag(j, "invite"), flag(j, "open")};
         }},
        {"seated",
         [](const json& j) -> message {
             return seated{text(j, "from"), text(j, "room"), who_of(j), text(j, "f", max_payload)};
         }},
        {"player.frame",
         [](const json& j) -> message {
             return player_frame{text(j, "from"), text(j, "key"), text(j, "f", max_payload)};
         }},
        {"game",
         [](const json& j) -> message {
             return game{text(j, "from"), text(j, "room"), texts(j, "players", 16),
                         maybe_flag(j, "computer"), maybe_flag(j, "correspondence")};
         }},
        {"live",
         [](const json& j) -> message {
             return live{text(j, "from"), text(j, "room"), listing_of(j)};
         }},
        {"live.update",
         [](const json& j) -> message {
             std::optional<live_position> pos;
             if (j.contains("pos")) pos = pos_of(j.at("pos"));
             return live_update{text(j, "from"),   text(j, "room"),        text(j, "game"),
                                count(j, "plies"), count(j, "spectators"), std::move(pos)};
         }},
        {"game.over",
         [](const json& j) -> message {
             return game_over{text(j, "from"), text(j, "room")};
         }},
        {"games.ask", [](const json& j) -> message { return games_ask{text(j, "from")}; }},
        {"tournament.over",
         [](const json& j) -> message {
             return tournament_over{text(j, "from"),
                                    text(j, "room"),
                                    static_cast<int>(integer(j, "winner", -1, 1)),
                                    flag(j, "aborted"),
                                    static_cast<int>(integer(j, "plies", 0, int_max)),
                                    integer(j, "at", 0, std::numeric_limits<std::int64_t>::max())};
         }},
        {"tournament.load",
         [](const json& j) -> message { return tournament_load{text(j, "id")}; }},
        {"games",
         [](const json& j) -> message {
             games m{text(j, "from"), {}};
             const auto& all = field(j, "games");
             if (!all.is_array()) throw malformed("\"games\" is not a list");
             for (const auto& one : all) {
                 if (!one.is_object()) throw malformed("a game is not an object");
                 hosted h{text(one, "room"), texts(one, "players", 16), maybe_flag(one, "computer"),
                          maybe_flag(one, "correspondence"), std::nullopt};
                 if (one.contains("summary")) h.listed = listing_of(one);
                 m.all.push_back(std::move(h));
             }
             return m;
         }},
    };
    return all;
}

}  // namespace

core::result<guest> decode_guest(std::string_view text) {
    auto j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return core::error{"a guest that is not a JSON object"};
    try {
        return guest{bus::text(j, "id"), bus::text(j, "name")};
    } catch (const std::exception& e) {
        return core::error{std::string("a malformed guest: ") + e.what()};
    }
}

core::result<message> decode(std::string_view payload) {
    if (payload.size() > max_payload) return core::error{"a bus message too large"};
    auto j = json::parse(payload, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return core::error{"a bus message that is not a JSON object"};
    try {
        auto t = text(j, "t");
        auto it = decoders().find(t);
        if (it == decoders().end()) return core::error{"an unknown bus message \"" + t + "\""};
        return it->second(j);
    } catch (const std::exception& e) {  // malformed, or json's own type errors
        return core::error{std::string("a malformed bus message: ") + e.what()};
    }
}

}  // namespace kibitz::server::cluster::bus
