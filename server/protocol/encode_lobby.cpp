// The codec's encoders of the lobby's messages (out_lobby.hpp).
#include "protocol/envelope.hpp"
#include "protocol/out_lobby.hpp"

namespace kibitz::server {

namespace {

void put(json& d, const std::optional<live_board>& p) {
    if (!p) return;
    d["board"] = p->board;
    d["last"] = p->last;
    d["clocks"] = p->clocks;
}

}  // namespace

json to_json(const invite_view& i) {
    json j = {{"code", i.code},   {"path", "/#/invite/" + i.code},
              {"game", i.game},   {"tc", to_json(i.tc)},
              {"rated", i.rated}, {"color", i.color}};
    if (!i.position.empty()) j["position"] = i.position;
    return j;
}

invite_view invite_from_json(const json& j) {
    invite_view i;
    if (!j.is_object()) return i;
    i.code = j.value("code", "");
    i.game = j.value("game", "");
    if (auto tc = j.find("tc"); tc != j.end() && tc->is_object()) {
        time_control t;
        if (tc->contains("days")) t.days = tc->value("days", 0);
        t.initial_s = tc->value("initial_s", 0);
        t.increment_s = tc->value("increment_s", 0);
        i.tc = t;
    }
    i.rated = j.value("rated", false);
    i.color = j.value("color", "");
    i.position = j.value("position", "");
    return i;
}

json to_json(const counts_msg& c) {
    return {{"players", c.players}, {"games", c.games}, {"pools", c.pools}};
}

frame encode(const counts_msg& m) { return make_frame("counts", to_json(m)); }

frame encode(const lobby_snapshot_msg& m) {
    // The bytes the envelope would give (keys sorted), without a json tree of every seek.
    std::string text = R"({"d":{"counts":)";
    text += m.counts;
    text += R"(,"seeks":[)";
    for (std::size_t i = 0; i < m.seeks.size(); ++i) {
        if (i) text += ',';
        text += m.seeks[i];
    }
    text += R"(],"tv":)";
    text += m.tv;
    text += R"(},"t":"lobby.snapshot"})";
    return std::make_shared<const std::string>(std::move(text));
}

frame encode(const lobby_yours_msg& m) {
    json invites = json::array();
    for (const auto& i : m.invites) invites.push_back(to_json(i));
    return make_frame("lobby.yours", {{"rooms", m.rooms}, {"invites", invites}});
}

frame encode(const seek_created_msg& m) { return make_frame("seek.created", {{"seek", m.seek}}); }

frame encode(const seek_add_msg& m) { return make_frame("seek.add", {{"seek", m.seek}}); }

frame encode(const seek_remove_msg& m) {
    return make_frame("seek.remove", {{"id", m.id}, {"reason", m.reason}});
}

frame encode(const invite_created_msg& m) {
    return make_frame("invite.created", to_json(m.invite));
}

frame encode(const invite_shown_msg& m) {
    json d = to_json(m.invite);
    d["by"] = m.by;
    d["your_color"] = m.your_color;
    return make_frame("invite.shown", d);
}

frame encode(const invite_declined_msg& m) {
    return make_frame("invite.declined",
                      {{"code", m.code}, {"game", m.game}, {"by", m.by}, {"reason", m.reason}});
}

frame encode(const challenge_msg& m) {
    json d = to_json(m.invite);
    d["id"] = m.invite.code;  // the bot API names it by id, as lichess does
    d["by"] = m.by;
    return make_frame("challenge", d);
}

frame encode(const challenge_canceled_msg& m) {
    return make_frame("challenge.canceled",
                      {{"id", m.code}, {"code", m.code}, {"game", m.game}, {"by", m.by}});
}

frame encode(const quick_queued_msg& m) {
    return make_frame(
        "quick.queued",
        {{"game", m.game}, {"tc", to_json(m.tc)}, {"rated", m.rated}, {"waiting", m.waiting}});
}

frame encode(const quick_left_msg&) { return make_frame("quick.left", json::object()); }

frame encode(const live_snapshot_msg& m) {
    return make_frame(
        "live.snapshot",
        {{"game", m.game}, {"board", m.board}, {"rooms", m.rooms}, {"total", m.total}});
}

frame encode(const live_add_msg& m) {
    return make_frame("live.add", {{"room", m.room}, {"total", m.total}});
}

frame encode(const live_update_msg& m) {
    json d = {{"game", m.game}, {"room", m.room}, {"plies", m.plies}, {"spectators", m.spectators}};
    put(d, m.position);
    return make_frame("live.update", d);
}

frame encode(const live_remove_msg& m) {
    return make_frame("live.remove", {{"game", m.game}, {"room", m.room}, {"total", m.total}});
}

frame encode(const tv_msg& m) { return make_frame("tv", {{"room", m.room}}); }

frame encode(const tv_update_msg& m) {
    json d = {{"room", m.room}, {"plies", m.plies}, {"spectators", m.spectators}};
    put(d, m.position);
    return make_frame("tv.update", d);
}

}  // namespace kibitz::server
