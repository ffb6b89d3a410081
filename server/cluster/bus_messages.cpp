#include "cluster/bus_messages.hpp"

#include <stdexcept>

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

}  // namespace kibitz::server::cluster
