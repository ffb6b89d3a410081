#include "protocol/server_msg.hpp"

#include "protocol/envelope.hpp"

#include <charconv>
#include <vector>

namespace kibitz::server {

std::string dump_json(const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

frame make_frame(std::string_view type, const json& d, std::int64_t v) {
    json j = {{"t", type}, {"d", d}};
    if (v > 0) j["v"] = v;
    return std::make_shared<const std::string>(dump_json(j));
}

frame error_frame(const wire_error& e, std::string_view re, std::optional<std::int64_t> ack,
                  std::string_view room) {
    json d = {{"code", e.code}, {"message", e.message}};
    if (!re.empty()) d["re"] = re;
    if (ack) d["ack"] = *ack;
    if (!room.empty()) d["room"] = room;
    return make_frame("error", d);
}

namespace {

// A JSON string. Plain printable ASCII (every room id, notation and cell name)
// is copied as is; anything else goes through nlohmann for the same escaping
// and invalid-UTF-8 replacement as dump_json.
void put_str(std::string& out, std::string_view s) {
    for (unsigned char ch : s) {
        if (ch < 0x20 || ch >= 0x7f || ch == '"' || ch == '\\') {
            out += dump_json(json(std::string(s)));
            return;
        }
    }
    out += '"';
    out += s;
    out += '"';
}

void put_int(std::string& out, std::int64_t n) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, n);
    out.append(buf, r.ptr);
}

void put_str_array(std::string& out, const std::vector<std::string>& a) {
    out += '[';
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (i) out += ',';
        put_str(out, a[i]);
    }
    out += ']';
}

// Keys in the order nlohmann's (sorted) objects print them.
void put_board_without_cells(std::string& out, const core::board_view& b) {
    out += "{\"moves\":[";
    for (std::size_t i = 0; i < b.moves.size(); ++i) {
        const auto& m = b.moves[i];
        if (i) out += ',';
        out += "{\"affected\":";
        put_str_array(out, m.affected);
        out += ",\"path\":";
        put_str_array(out, m.path);
        out += ",\"text\":";
        put_str(out, m.text);
        out += '}';
    }
    out += "],\"pieces\":[";
    for (std::size_t i = 0; i < b.pieces.size(); ++i) {
        const auto& p = b.pieces[i];
        if (i) out += ',';
        out += "{\"at\":";
        put_str(out, p.at);
        if (p.count) {
            out += ",\"count\":";
            put_int(out, p.count);
        }
        if (p.hit_points) {
            out += ",\"hp\":";
            put_int(out, p.hit_points);
        }
        out += ",\"kind\":";
        put_str(out, p.kind);
        out += ",\"owner\":";
        put_int(out, p.owner);
        out += '}';
    }
    // Always written, empty too: a client merges a move event's board into
    // what it holds, and an old position's refusals must not survive it.
    out += "],\"refusals\":[";
    for (std::size_t i = 0; i < b.refusals.size(); ++i) {
        if (i) out += ',';
        out += "{\"cells\":";
        put_str_array(out, b.refusals[i].cells);
        out += ",\"reason\":";
        put_str(out, b.refusals[i].reason);
        out += '}';
    }
    out += "],\"to_move\":";
    put_int(out, b.to_move);
    out += '}';
}

void put_clocks(std::string& out, const std::optional<clocks_snapshot>& c) {
    if (!c) {
        out += "null";
        return;
    }
    out += '{';
    if (c->first_move_ms) {
        out += "\"first_move_ms\":";
        put_int(out, *c->first_move_ms);
        out += ',';
    }
    out += "\"increment_ms\":";
    put_int(out, c->increment_ms);
    out += ",\"initial_ms\":";
    put_int(out, c->initial_ms);
    out += ",\"ms\":[";
    put_int(out, c->ms[0]);
    out += ',';
    put_int(out, c->ms[1]);
    out += "],\"running\":";
    put_int(out, c->running);
    out += '}';
}

}  // namespace

frame ack_frame(std::int64_t ack, std::string_view re, std::string_view room, std::int64_t v) {
    std::string out;
    out.reserve(64 + re.size() + room.size());
    out += "{\"d\":{\"ack\":";
    put_int(out, ack);
    out += ",\"re\":";
    put_str(out, re);
    if (!room.empty()) {
        out += ",\"room\":";
        put_str(out, room);
    }
    if (v > 0) {
        out += ",\"v\":";
        put_int(out, v);
    }
    out += "},\"t\":\"ack\"}";
    return std::make_shared<const std::string>(std::move(out));
}

frame move_event_frame(std::int64_t v, std::string_view room, int seat, std::string_view move,
                       std::size_t ply, const core::board_view& board,
                       const std::optional<clocks_snapshot>& clocks) {
    std::string out;
    out.reserve(256 + board.moves.size() * 48 + board.pieces.size() * 40);
    out += "{\"d\":{\"board\":";
    put_board_without_cells(out, board);
    out += ",\"clocks\":";
    put_clocks(out, clocks);
    out += ",\"move\":";
    put_str(out, move);
    out += ",\"ply\":";
    put_int(out, static_cast<std::int64_t>(ply));
    out += ",\"room\":";
    put_str(out, room);
    out += ",\"seat\":";
    put_int(out, seat);
    out += "},\"t\":\"move\"";
    if (v > 0) {
        out += ",\"v\":";
        put_int(out, v);
    }
    out += '}';
    // The room keeps this frame in its event log (up to 200 of them): not the
    // reservation's slack (on an 8x8 board: ~1.5 KB reserved for ~0.9 KB written).
    if (out.capacity() - out.size() > 128) out.shrink_to_fit();
    return std::make_shared<const std::string>(std::move(out));
}

json to_json(const std::optional<clocks_snapshot>& c) {
    if (!c) return nullptr;
    json j = {{"ms", {c->ms[0], c->ms[1]}},
              {"running", c->running},
              {"initial_ms", c->initial_ms},
              {"increment_ms", c->increment_ms}};
    if (c->first_move_ms) j["first_move_ms"] = *c->first_move_ms;
    if (c->berserk[0] || c->berserk[1]) j["berserk"] = {c->berserk[0], c->berserk[1]};
    return j;
}

json to_json(const std::optional<time_control>& tc) {
    if (!tc) return nullptr;
    if (tc->days) return {{"days", *tc->days}};
    return {{"initial_s", tc->initial_s}, {"increment_s", tc->increment_s}};
}

json to_json(const core::board_view& b, bool with_cells) {
    json pieces = json::array();
    for (const auto& p : b.pieces) {
        json j = {{"at", p.at}, {"owner", p.owner}, {"kind", p.kind}};
        if (p.hit_points) j["hp"] = p.hit_points;
        if (p.count) j["count"] = p.count;
        pieces.push_back(std::move(j));
    }
    json moves = json::array();
    for (const auto& m : b.moves)
        moves.push_back({{"text", m.text}, {"path", m.path}, {"affected", m.affected}});
    json out = {{"pieces", std::move(pieces)}, {"to_move", b.to_move}, {"moves", std::move(moves)}};
    json refusals = json::array();
    for (const auto& r : b.refusals) refusals.push_back({{"reason", r.reason}, {"cells", r.cells}});
    out["refusals"] = std::move(refusals);
    if (with_cells) {
        json cells = json::array();
        for (const auto& c : b.cells) {
            json j = {{"id", c.id}, {"kind", c.kind}, {"x", c.x}, {"y", c.y}};
            if (!c.corners.empty()) j["corners"] = c.corners;
            if (!c.tags.empty()) j["tags"] = c.tags;
            cells.push_back(std::move(j));
        }
        out["layout"] = b.layout;
        out["width"] = b.width;
        out["height"] = b.height;
        out["cells"] = std::move(cells);
    }
    return out;
}

}  // namespace kibitz::server
