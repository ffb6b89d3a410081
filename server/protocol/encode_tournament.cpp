// The codec's encoders of the tournament messages (out_tournament.hpp).
#include "protocol/envelope.hpp"
#include "protocol/out_tournament.hpp"

namespace kibitz::server {

json to_json(const tournament_standing& s) {
    json j = {{"rank", s.rank},   {"player", s.player}, {"score", s.score},
              {"sheet", s.sheet}, {"fire", s.fire},     {"state", s.state}};
    j["room"] = s.room.empty() ? json(nullptr) : json(s.room);
    if (s.buchholz) j["buchholz"] = *s.buchholz;
    if (s.sonneborn_berger) j["sonneborn_berger"] = *s.sonneborn_berger;
    return j;
}

json to_json(const tournament_view& v) {
    json j = {{"id", v.id},
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
    if (v.kind == "swiss") {
        j["rounds"] = v.rounds;
        j["round"] = v.round;
        j["round_interval_s"] = v.round_interval_ms / 1000;
        j["next_round_ms"] = v.next_round_ms ? json(*v.next_round_ms) : json(nullptr);
    }
    return j;
}

namespace {
json standings_json(const std::vector<tournament_standing>& list) {
    json out = json::array();
    for (const auto& s : list) out.push_back(to_json(s));
    return out;
}
}  // namespace

frame encode(const tournament_state_msg& m) {
    json d = {{"tournament", to_json(m.about)},
              {"standings", standings_json(m.standings)},
              {"top_room", m.top_room.empty() ? json(nullptr) : json(m.top_room)},
              {"server_time", m.server_time}};
    if (m.about.kind == "swiss") {
        json boards = json::array();
        for (const auto& b : m.boards)
            boards.push_back({{"room", b.room.empty() ? json(nullptr) : json(b.room)},
                              {"first", b.first},
                              {"second", b.second},
                              {"result", b.result.empty() ? json(nullptr) : json(b.result)}});
        d["boards"] = std::move(boards);
    }
    return make_frame("tournament.state", std::move(d));
}

frame encode(const tournament_chat_msg& m) {
    json lines = json::array();
    for (const auto& l : m.lines)
        lines.push_back(
            {{"player", l.player}, {"from", l.from}, {"text", l.text}, {"at_ms", l.at_ms}});
    return make_frame("tournament.chat", {{"id", m.id}, {"lines", std::move(lines)}});
}

frame encode(const tournament_finished_msg& m) {
    return make_frame("tournament.finished", {{"id", m.id}, {"podium", standings_json(m.podium)}});
}

}  // namespace kibitz::server
