#include "cluster/bus_messages.hpp"

#include <stdexcept>
#include <type_traits>

#include "protocol/codec.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::cluster {

json player_to_json(const player& p) {
    json j = {{"id", p.id}, {"name", p.name}, {"guest", p.guest}, {"row", p.row},
              {"rating", p.rating}};
    if (p.computer_level) j["computer"] = p.computer_level;
    return j;
}

player_ptr player_from_json(const json& j) {
    auto p = std::make_shared<player>();
    p->id = j.at("id").get<std::string>();
    p->name = j.at("name").get<std::string>();
    p->guest = j.at("guest").get<bool>();
    p->row = j.at("row").get<std::int64_t>();
    p->rating = j.at("rating").get<int>();
    p->computer_level = j.value("computer", 0);
    return p;
}

json join_msg(const std::string& room, const std::string& from, std::uint64_t conn,
              const player& who, std::optional<std::int64_t> v) {
    json m = {{"t", "join"}, {"room", room}, {"from", from}, {"conn", conn},
              {"who", player_to_json(who)}};
    if (v) m["v"] = *v;
    return m;
}

json leave_msg(const std::string& room, const std::string& from, std::uint64_t conn, bool closed) {
    return {{"t", "leave"}, {"room", room}, {"from", from}, {"conn", conn}, {"closed", closed}};
}

json cmd_msg(const std::string& from, std::uint64_t conn, const player& who,
             const room_cmd_msg& cmd, std::optional<std::int64_t> ack, const std::string& type) {
    json m = {{"t", "cmd"}, {"room", cmd.room}, {"from", from}, {"conn", conn},
              {"who", player_to_json(who)}, {"action", static_cast<int>(cmd.action)},
              {"text", cmd.text}, {"re", type}};
    if (ack) m["ack"] = *ack;
    return m;
}

room_cmd_msg cmd_from_json(const json& m) {
    room_cmd_msg c;
    int action = m.at("action").get<int>();
    if (action < 0 || action > static_cast<int>(room_action::chat))
        throw std::invalid_argument("unknown room action " + std::to_string(action));
    c.action = static_cast<room_action>(action);
    c.room = m.at("room").get<std::string>();
    c.text = m.at("text").get<std::string>();
    return c;
}

json frame_msg(std::uint64_t conn, const std::string& frame) {
    return {{"t", "frame"}, {"conn", conn}, {"f", frame}};
}

json unknown_msg(const std::string& room, std::uint64_t conn, std::optional<std::int64_t> ack,
                 const std::string& type) {
    json m = {{"t", "unknown"}, {"room", room}, {"conn", conn}, {"re", type}};
    if (ack) m["ack"] = *ack;
    return m;
}

json moved_msg(const std::string& room, const std::string& node) {
    return {{"t", "moved"}, {"room", room}, {"node", node}};
}

namespace {
// The "d" of a lobby message as the client sent it (protocol/codec.cpp reads it).
json client_body_json(const client_msg& m) {
    json d = json::object();
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, live_sub_msg>) {
                d["game"] = b.game;
            } else if constexpr (std::is_same_v<T, seek_create_msg>) {
                d = {{"game", b.game}, {"tc", to_json(b.tc)}, {"rated", b.rated}, {"color", b.color}};
                if (!b.position.empty()) d["position"] = b.position;
            } else if constexpr (std::is_same_v<T, seek_cancel_msg>) {
                d[b.invite ? "code" : "id"] = b.id;
            } else if constexpr (std::is_same_v<T, seek_accept_msg>) {
                d["id"] = b.id;
            } else if constexpr (std::is_same_v<T, invite_answer_msg>) {
                d["code"] = b.code;
            } else if constexpr (std::is_same_v<T, quick_join_msg>) {
                d = {{"game", b.game}, {"tc", to_json(b.tc)}, {"rated", b.rated}};
            }
        },
        m.body);
    if (m.ack) d["ack"] = *m.ack;
    return d;
}
}  // namespace

json lobby_msg(const std::string& from, std::uint64_t conn, const player& who,
               const json& ratings, const client_msg& m) {
    json out = {{"t", "lobby"},       {"from", from},
                {"conn", conn},       {"who", player_to_json(who)},
                {"ratings", ratings}, {"m", {{"t", m.type}, {"d", client_body_json(m)}}}};
    // Outside "m": the client decoder never reads a code, so no client can choose one.
    if (auto* s = std::get_if<seek_create_msg>(&m.body); s && s->invite && !s->code.empty())
        out["code"] = s->code;
    return out;
}

client_msg lobby_client_msg(const json& m) {
    auto r = decode_client_full(m.at("m").dump());
    if (auto* f = std::get_if<decode_failure>(&r))
        throw std::invalid_argument("a lobby message the client decoder refuses: " + f->error.message);
    auto out = std::get<client_msg>(std::move(r));
    if (auto* s = std::get_if<seek_create_msg>(&out.body); s && s->invite && m.contains("code"))
        s->code = m.at("code").get<std::string>();
    return out;
}

json lobby_closed_msg(const std::string& from, std::uint64_t conn, const player& who) {
    return {{"t", "lobby.closed"}, {"from", from}, {"conn", conn}, {"who", player_to_json(who)}};
}

json lobby_seek_msg(std::uint64_t conn, const std::string& id, bool invite, bool open) {
    return {{"t", "lobby.seek"}, {"conn", conn}, {"id", id}, {"invite", invite}, {"open", open}};
}

json seated_msg(const std::string& from, const std::string& room, const player& who,
                const std::string& found) {
    return {{"t", "seated"}, {"from", from}, {"room", room}, {"who", player_to_json(who)},
            {"f", found}};
}

json game_msg(const std::string& from, const std::string& room,
              const std::vector<std::string>& players, bool computer) {
    json m = {{"t", "game"}, {"from", from}, {"room", room}, {"players", players}};
    if (computer) m["computer"] = true;
    return m;
}

json live_msg(const std::string& from, const std::string& room, const std::string& game,
              const json& summary, const json& pos) {
    return {{"t", "live"},  {"from", from},       {"room", room},
            {"game", game}, {"summary", summary}, {"pos", pos}};
}

json live_update_msg(const std::string& from, const std::string& room, const std::string& game,
                     std::size_t plies, std::size_t spectators, const json& pos) {
    json m = {{"t", "live.update"}, {"from", from},   {"room", room},
              {"game", game},       {"plies", plies}, {"spectators", spectators}};
    if (!pos.is_null()) m["pos"] = pos;
    return m;
}

json game_over_msg(const std::string& from, const std::string& room) {
    return {{"t", "game.over"}, {"from", from}, {"room", room}};
}

json games_ask_msg(const std::string& from) { return {{"t", "games.ask"}, {"from", from}}; }

json games_msg(const std::string& from, const json& games) {
    return {{"t", "games"}, {"from", from}, {"games", games}};
}

live_position live_position_from_json(const json& j) {
    live_position p;
    const auto& board = j.at("board");
    for (const auto& pc : board.at("pieces"))
        p.pieces.push_back({pc.at("at").get<std::string>(), pc.at("owner").get<int>(),
                            pc.at("kind").get<std::string>(), pc.value("hp", 0),
                            pc.value("count", 0)});
    p.to_move = board.at("to_move").get<int>();
    if (const auto& last = j.at("last"); last.is_object()) {
        p.last_path = last.at("path").get<std::vector<std::string>>();
        p.last_affected = last.at("affected").get<std::vector<std::string>>();
    }
    if (const auto& c = j.at("clocks"); c.is_object()) {
        clocks_snapshot s;
        s.ms[0] = c.at("ms").at(0).get<std::int64_t>();
        s.ms[1] = c.at("ms").at(1).get<std::int64_t>();
        s.running = c.at("running").get<int>();
        s.initial_ms = c.at("initial_ms").get<std::int64_t>();
        s.increment_ms = c.at("increment_ms").get<std::int64_t>();
        if (c.contains("first_move_ms"))
            s.first_move_ms = c.at("first_move_ms").get<std::int64_t>();
        p.clocks = s;
    }
    p.read_at = std::chrono::steady_clock::now();  // the clocks were counted down when sent
    return p;
}

}  // namespace kibitz::server::cluster
