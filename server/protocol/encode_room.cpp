// The codec's encoders of a room's messages (out_room.hpp).
#include "protocol/envelope.hpp"
#include "protocol/out_room.hpp"

namespace kibitz::server {

frame encode(const start_event& m, std::int64_t v) {
    return make_frame("start", {{"room", m.room}, {"game", m.game}}, v);
}

frame encode(const offer_event& m, std::int64_t v) {
    return make_frame("offer",
                      {{"room", m.room}, {"kind", m.kind}, {"by", m.by}, {"state", m.state}}, v);
}

frame encode(const end_event& m, std::int64_t v) {
    return make_frame("end", {{"room", m.room}, {"status", m.status}, {"clocks", m.clocks}}, v);
}

frame encode(const takeback_event& m, std::int64_t v) {
    return make_frame("takeback",
                      {{"room", m.room},
                       {"by", m.by},
                       {"plies", m.plies},
                       {"ply", m.ply},
                       {"moves", m.moves},
                       {"last", m.last},
                       {"board", m.board},
                       {"clocks", m.clocks}},
                      v);
}

frame encode(const ratings_event& m, std::int64_t v) {
    return make_frame("ratings", {{"room", m.room}, {"ratings", m.ratings}}, v);
}

frame encode(const paused_event& m, std::int64_t v) {
    return make_frame("paused", {{"room", m.room}, {"reason", m.reason}, {"clocks", m.clocks}}, v);
}

frame encode(const resumed_event& m, std::int64_t v) {
    return make_frame("resumed", {{"room", m.room}, {"clocks", m.clocks}}, v);
}

frame encode(const berserk_event& m, std::int64_t v) {
    return make_frame("berserk", {{"room", m.room}, {"seat", m.seat}, {"clocks", m.clocks}}, v);
}

frame encode(const game_found_msg& m) {
    return make_frame(
        "game.found",
        {{"room", m.room}, {"game", m.game}, {"seat", m.seat}, {"color", m.color}, {"via", m.via}});
}

frame encode(const room_state_msg& m) {
    // "board" sorts first among the keys of d, so splicing it in front prints
    // exactly what the envelope of d with the board would.
    std::string rest = dump_json(m.rest);
    std::string out;
    out.reserve(m.board.size() + rest.size() + 48);
    out += "{\"d\":{\"board\":";
    out += m.board;
    if (rest.size() > 2) out += ',';
    out.append(rest, 1, std::string::npos);  // the rest of d, with its closing brace
    out += ",\"t\":\"room.state\"";
    if (m.v > 0) {
        out += ",\"v\":";
        out += std::to_string(m.v);
    }
    out += '}';
    return std::make_shared<const std::string>(std::move(out));
}

frame encode(const room_synced_msg& m) {
    return make_frame("room.synced", {{"room", m.room},
                                      {"v", m.v},
                                      {"spectators", m.spectators},
                                      {"players", m.players},
                                      {"clocks", m.clocks},
                                      {"status", m.status}});
}

frame encode(const presence_msg& m) {
    json d = {{"room", m.room}, {"seat", m.seat}, {"state", m.state}};
    if (m.claim_in_ms) d["claim_in_ms"] = *m.claim_in_ms;
    return make_frame("presence", d);
}

frame encode(const premove_line_msg& m) {
    return make_frame("premove.line", {{"room", m.room}, {"line", m.line}});
}

frame encode(const spectators_msg& m) {
    return make_frame("spectators", {{"room", m.room}, {"count", m.count}});
}

frame encode(const rematch_msg& m) {
    return make_frame("rematch", {{"room", m.room}, {"next", m.next}});
}

frame encode(const chat_msg& m) {
    return make_frame("chat",
                      {{"room", m.room}, {"from", m.from}, {"seat", m.seat}, {"text", m.text}});
}

}  // namespace kibitz::server
