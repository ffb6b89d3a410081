// The bus messages' one encoder (bus_messages.hpp); the decoder is
// bus_messages.cpp. The wire shapes are docs/cluster.md's;
// tests/server/test_bus_messages.cpp holds every example there to both
// directions.
#include <chrono>
#include <type_traits>

#include "cluster/bus_messages.hpp"
#include "protocol/codec.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::cluster::bus {

namespace {

json who_json(const player& p) {
    json j = {
        {"id", p.id}, {"name", p.name}, {"guest", p.guest}, {"row", p.row}, {"rating", p.rating}};
    if (p.computer_level) j["computer"] = p.computer_level;
    return j;
}

json pos_json(const live_position& p) {
    json j = json::object();
    put_live_position(j, p, std::chrono::steady_clock::now());
    return j;
}

// The "d" of a lobby message as the client sent it (protocol/codec.cpp reads it).
json client_body_json(const client_msg& m) {
    json d = json::object();
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, live_sub_msg>) {
                d["game"] = b.game;
            } else if constexpr (std::is_same_v<T, seek_create_msg>) {
                d = {{"game", b.game},
                     {"tc", to_json(b.tc)},
                     {"rated", b.rated},
                     {"color", b.color}};
                if (!b.position.empty()) d["position"] = b.position;
            } else if constexpr (std::is_same_v<T, seek_cancel_msg>) {
                d[b.invite ? "code" : "id"] = b.id;
            } else if constexpr (std::is_same_v<T, seek_accept_msg>) {
                d["id"] = b.id;
            } else if constexpr (std::is_same_v<T, invite_answer_msg>) {
                d["code"] = b.code;
                if (b.answer == invite_answer::decline) d["reason"] = b.reason;
            } else if constexpr (std::is_same_v<T, quick_join_msg>) {
                d = {{"game", b.game}, {"tc", to_json(b.tc)}, {"rated", b.rated}};
            } else if constexpr (std::is_same_v<T, tournament_msg>) {
                d["id"] = b.id;
                if (!b.code.empty()) d["code"] = b.code;
                if (b.action == tournament_action::chat) d["text"] = b.text;
            }
        },
        m.body);
    if (m.ack) d["ack"] = *m.ack;
    return d;
}

json hosted_json(const hosted& h) {
    json j = {{"room", h.room}, {"players", h.players}};
    if (h.computer) j["computer"] = true;
    if (h.correspondence) j["correspondence"] = true;
    if (h.listed)
        j.update({{"game", h.listed->game},
                  {"summary", h.listed->summary},
                  {"pos", pos_json(h.listed->pos)}});
    return j;
}

template <class... F>
struct overloaded : F... {
    using F::operator()...;
};
// Spelled out for clang 16 (the sanitizer builds), which deduces no aggregate's arguments.
template <class... F>
overloaded(F...) -> overloaded<F...>;

json to_json(const message& msg) {
    auto with_ack = [](json j, std::optional<std::int64_t> ack) {
        if (ack) j["ack"] = *ack;
        return j;
    };
    return std::visit(
        overloaded{
            [](const join& m) {
                json j = {{"t", "join"},
                          {"room", m.room},
                          {"from", m.from},
                          {"conn", m.conn},
                          {"who", who_json(m.who)}};
                if (m.v) j["v"] = *m.v;
                return j;
            },
            [](const leave& m) -> json {
                return {{"t", "leave"},
                        {"room", m.room},
                        {"from", m.from},
                        {"conn", m.conn},
                        {"closed", m.closed}};
            },
            [&](const cmd& m) {
                json j = {{"t", "cmd"},
                          {"room", m.command.room},
                          {"from", m.from},
                          {"conn", m.conn},
                          {"who", who_json(m.who)},
                          {"action", static_cast<int>(m.command.action)},
                          {"text", m.command.text},
                          {"re", m.re}};
                if (!m.command.line.empty()) j["line"] = m.command.line;  // a premove's only
                return with_ack(std::move(j), m.ack);
            },
            [](const frame& m) -> json {
                return {{"t", "frame"}, {"conn", m.conn}, {"f", m.f}};
            },
            [&](const unknown& m) {
                return with_ack(
                    {{"t", "unknown"}, {"room", m.room}, {"conn", m.conn}, {"re", m.re}}, m.ack);
            },
            [](const moved& m) -> json {
                return {{"t", "moved"}, {"room", m.room}, {"node", m.node}};
            },
            [](const lobby& m) {
                json ratings = json::object();
                for (const auto& [game, v] : m.ratings)
                    ratings[game] = {{"rating", v.rating},
                                     {"rd", v.rd},
                                     {"volatility", v.volatility},
                                     {"games", v.games}};
                json j = {
                    {"t", "lobby"},       {"from", m.from},
                    {"conn", m.conn},     {"who", who_json(m.who)},
                    {"ratings", ratings}, {"m", {{"t", m.m.type}, {"d", client_body_json(m.m)}}}};
                // Outside "m": the client decoder never reads a code, so no client can choose one.
                if (auto* s = std::get_if<seek_create_msg>(&m.m.body);
                    s && s->invite && !s->code.empty())
                    j["code"] = s->code;
                if (auto* s = std::get_if<seek_create_msg>(&m.m.body); s && s->public_game)
                    j["public_game"] = true;
                if (auto* s = std::get_if<seek_create_msg>(&m.m.body);
                    s && s->invite && !s->challenged.empty())
                    j["challenged"] = s->challenged;
                return j;
            },
            [](const lobby_closed& m) -> json {
                return {{"t", "lobby.closed"},
                        {"from", m.from},
                        {"conn", m.conn},
                        {"who", who_json(m.who)}};
            },
            [](const lobby_seek& m) -> json {
                return {{"t", "lobby.seek"},
                        {"conn", m.conn},
                        {"id", m.id},
                        {"invite", m.invite},
                        {"open", m.open}};
            },
            [](const tournament_over& m) -> json {
                return {{"t", "tournament.over"},
                        {"from", m.from},
                        {"room", m.room},
                        {"winner", m.winner},
                        {"aborted", m.aborted},
                        {"plies", m.plies},
                        {"at", m.at}};
            },
            [](const tournament_load& m) -> json {
                return {{"t", "tournament.load"}, {"id", m.id}};
            },
            [](const seated& m) -> json {
                return {{"t", "seated"},
                        {"from", m.from},
                        {"room", m.room},
                        {"who", who_json(m.who)},
                        {"f", m.f}};
            },
            [](const player_frame& m) -> json {
                return {{"t", "player.frame"}, {"from", m.from}, {"key", m.key}, {"f", m.f}};
            },
            [](const game& m) {
                json j = {
                    {"t", "game"}, {"from", m.from}, {"room", m.room}, {"players", m.players}};
                if (m.computer) j["computer"] = true;
                if (m.correspondence) j["correspondence"] = true;
                return j;
            },
            [](const live& m) -> json {
                return {{"t", "live"},
                        {"from", m.from},
                        {"room", m.room},
                        {"game", m.listed.game},
                        {"summary", m.listed.summary},
                        {"pos", pos_json(m.listed.pos)}};
            },
            [](const live_update& m) {
                json j = {{"t", "live.update"}, {"from", m.from},   {"room", m.room},
                          {"game", m.game},     {"plies", m.plies}, {"spectators", m.spectators}};
                if (m.pos) j["pos"] = pos_json(*m.pos);
                return j;
            },
            [](const game_over& m) -> json {
                return {{"t", "game.over"}, {"from", m.from}, {"room", m.room}};
            },
            [](const games_ask& m) -> json {
                return {{"t", "games.ask"}, {"from", m.from}};
            },
            [](const games& m) {
                json all = json::array();
                for (const auto& h : m.all) all.push_back(hosted_json(h));
                return json{{"t", "games"}, {"from", m.from}, {"games", std::move(all)}};
            },
        },
        msg);
}

}  // namespace

std::string encode(const message& m) { return dump_json(to_json(m)); }

json with_counts(json summary, std::size_t plies, std::size_t spectators) {
    if (summary.is_object()) {
        summary["plies"] = plies;
        summary["spectators"] = spectators;
    }
    return summary;
}

std::string encode_guest(const guest& g) { return dump_json({{"id", g.id}, {"name", g.name}}); }

}  // namespace kibitz::server::cluster::bus
