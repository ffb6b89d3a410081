#include "protocol/server_msg.hpp"

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

frame ack_frame(std::int64_t ack, std::string_view re, std::string_view room, std::int64_t v) {
    json d = {{"ack", ack}, {"re", re}};
    if (!room.empty()) d["room"] = room;
    if (v > 0) d["v"] = v;
    return make_frame("ack", d);
}

json to_json(const std::optional<time_control>& tc) {
    if (!tc) return nullptr;
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
