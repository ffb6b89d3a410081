// The codec's encoders of the tournament messages (out_tournament.hpp).
#include "protocol/envelope.hpp"
#include "protocol/out_tournament.hpp"

namespace kibitz::server {

json to_json(const tournament_standing& s) {
    json j = {{"rank", s.rank},   {"player", s.player}, {"score", s.score},
              {"sheet", s.sheet}, {"fire", s.fire},     {"state", s.state}};
    j["room"] = s.room.empty() ? json(nullptr) : json(s.room);
    return j;
}

json to_json(const tournament_view& v) {
    return {{"id", v.id},
            {"name", v.name},
            {"kind", v.kind},
            {"game", v.game},
            {"status", v.status},
            {"tc", to_json(v.tc)},
            {"rated", v.rated},
            {"private", v.private_event},
            {"starts_ms", v.starts_ms},
            {"ends_ms", v.ends_ms},
            {"players", v.players}};
}

namespace {
json standings_json(const std::vector<tournament_standing>& list) {
    json out = json::array();
    for (const auto& s : list) out.push_back(to_json(s));
    return out;
}
}  // namespace

frame encode(const tournament_state_msg& m) {
    return make_frame("tournament.state",
                      {{"tournament", to_json(m.about)},
                       {"standings", standings_json(m.standings)},
                       {"top_room", m.top_room.empty() ? json(nullptr) : json(m.top_room)},
                       {"server_time", m.server_time}});
}

frame encode(const tournament_finished_msg& m) {
    return make_frame("tournament.finished", {{"id", m.id}, {"podium", standings_json(m.podium)}});
}

}  // namespace kibitz::server
