// The event and game streams' translation from the play layer's frames
// (schema/protocol.md) to the bot API's lines (schema/bot_api.md). A feed
// sees exactly what a WebSocket tab of the same player would, and keeps only
// what it needs to say each change whole (the move list, the offers).
#include "api/bot_feeds.hpp"

#include <nlohmann/json.hpp>

#include "play/hub.hpp"
#include "play/remote_rooms.hpp"
#include "play/room/room.hpp"

namespace kibitz::server::api {

namespace {

using json = nlohmann::json;

std::string line(const json& j) { return j.dump(); }

// The frame's type and payload, or null when it is not one (never expected).
json parsed(const std::string& frame) {
    auto j = json::parse(frame, nullptr, false);
    return j.is_object() && j.contains("t") && j.contains("d") && j["d"].is_object() ? j : json();
}

class event_feed : public line_feed {
public:
    event_feed(std::shared_ptr<hub> h, player_ptr who, std::unique_ptr<stream_slot> slot)
        : hub_(std::move(h)), who_(std::move(who)), slot_(std::move(slot)) {}

    void attach(peer_ref self, std::uint64_t conn) override {
        conn_ = conn;
        hub_->peers().bind(who_->key(), conn, std::move(self));
    }

    std::vector<std::string> lines(const std::string& frame, bool&) override {
        auto j = parsed(frame);
        if (j.is_null()) return {};
        const std::string t = j["t"];
        const json& d = j["d"];
        if (t == "game.found")
            return {line({{"type", "gameStart"},
                          {"game",
                           {{"id", d["room"]},
                            {"game", d["game"]},
                            {"seat", d["seat"]},
                            {"color", d["color"]},
                            {"via", d["via"]}}}})};
        if (t == "end")  // of a game this stream was seated in at its start
            return {line(
                {{"type", "gameFinish"}, {"game", {{"id", d["room"]}, {"status", d["status"]}}}})};
        if (t == "challenge") return {line({{"type", "challenge"}, {"challenge", d}})};
        if (t == "challenge.canceled")
            return {line({{"type", "challengeCanceled"}, {"challenge", d}})};
        if (t == "invite.declined")
            return {line({{"type", "challengeDeclined"}, {"challenge", d}})};
        return {};
    }

    void detach() override {
        hub_->peers().unbind(who_->key(), conn_);
        // Games that started while it was open seated it: it leaves them
        // (in a cluster, those on other nodes too, as a closed tab does).
        for (const auto& id : hub_->rooms().rooms_of(who_->key()))
            if (auto r = hub_->rooms().find(id)) r->leave(conn_, true);
        if (auto* c = hub_->deps().cluster_lobby) c->lobby_closed(who_, conn_);
    }

private:
    std::shared_ptr<hub> hub_;
    player_ptr who_;
    std::unique_ptr<stream_slot> slot_;
    std::uint64_t conn_ = 0;
};

class game_feed : public line_feed {
public:
    game_feed(std::shared_ptr<hub> h, player_ptr who, std::string room,
              std::unique_ptr<stream_slot> slot)
        : hub_(std::move(h)),
          who_(std::move(who)),
          room_(std::move(room)),
          slot_(std::move(slot)) {}

    void attach(peer_ref self, std::uint64_t conn) override {
        conn_ = conn;
        auto here = [who = who_, self, conn](const std::shared_ptr<room>& r) {
            if (r) r->join(who, self, conn, std::nullopt);
        };
        if (hub_->rooms().open(room_, std::move(here))) return;
        // On another node of a cluster: joined through it as a tab there
        // would be; it follows the room to a new owner by itself (`moved`).
        hub_->rooms().elsewhere().join(room_, who_, std::move(self), conn, std::nullopt,
                                       std::nullopt, "room.join");
    }

    std::vector<std::string> lines(const std::string& frame, bool& end) override {
        auto j = parsed(frame);
        if (j.is_null() || j["d"].value("room", "") != room_) return {};
        const std::string t = j["t"];
        const json& d = j["d"];
        if (t == "room.state") {
            auto out = full(d);
            end = status_.value("state", "") != "playing";
            return {out};
        }
        if (!started_) return {};  // events before the full state are in it
        if (t == "move") {
            moves_.push_back(d["move"]);
            position(d["board"], d["clocks"]);
            offers_["draw"] = -1;  // a move ends a pending offer (an `offer` lapsed follows)
        } else if (t == "takeback") {
            moves_ = d["moves"];
            position(d["board"], d["clocks"]);
        } else if (t == "end") {
            status_ = d["status"];
            clocks_ = d["clocks"];
            legal_ = json::array();
            end = true;  // the game's last line: the stream closes after it
        } else if (t == "offer" && (d["kind"] == "draw" || d["kind"] == "takeback")) {
            offers_[d["kind"].get<std::string>()] = d["state"] == "open" ? d["by"] : json(-1);
        } else if (t == "paused" || t == "resumed") {
            clocks_ = d["clocks"];
        } else if (t == "chat") {
            return {line({{"type", "chatLine"},
                          {"room", d.value("seat", -1) >= 0 ? "player" : "spectator"},
                          {"username", d["from"]},
                          {"text", d["text"]}})};
        } else if (t == "presence") {
            if (d["seat"] == seat_) return {};
            json gone = {{"type", "opponentGone"}, {"gone", d["state"] == "disconnected"}};
            if (d.contains("claim_in_ms"))
                gone["claimWinInSeconds"] = (d["claim_in_ms"].get<std::int64_t>() + 999) / 1000;
            return {line(gone)};
        } else {
            return {};
        }
        return {line(state())};
    }

    void detach() override {
        if (auto r = hub_->rooms().find(room_)) return r->leave(conn_, true);
        hub_->rooms().elsewhere().leave(room_, conn_, true);
    }

private:
    void position(const json& board, const json& clocks) {
        legal_ = json::array();
        for (const auto& m : board.value("moves", json::array())) legal_.push_back(m["text"]);
        turn_ = board.value("to_move", -1);
        clocks_ = clocks;
    }

    std::string full(const json& d) {
        started_ = true;
        seat_ = d["you"]["seat"];
        moves_ = d["moves"];
        status_ = d["status"];
        offers_ = {{"draw", d["offers"]["draw"]}, {"takeback", d["offers"]["takeback"]}};
        position(d["board"], d["clocks"]);
        json out = {{"type", "gameFull"}, {"id", room_},
                    {"game", d["game"]},  {"rated", d["rated"]},
                    {"tc", d["tc"]},      {"players", d["players"]},
                    {"seat", seat_},      {"initialPosition", d.value("start_position", "")},
                    {"state", state()}};
        if (d.contains("deadline_ms")) out["deadlineMs"] = d["deadline_ms"];
        return line(out);
    }

    json state() const {
        return {{"type", "gameState"}, {"moves", moves_},   {"turn", turn_},    {"legal", legal_},
                {"clocks", clocks_},   {"status", status_}, {"offers", offers_}};
    }

    std::shared_ptr<hub> hub_;
    player_ptr who_;
    std::string room_;
    std::unique_ptr<stream_slot> slot_;
    std::uint64_t conn_ = 0;
    bool started_ = false;
    json seat_ = nullptr, moves_ = json::array(), legal_ = json::array(), clocks_, status_, offers_;
    int turn_ = -1;
};

}  // namespace

std::shared_ptr<line_feed> make_event_feed(std::shared_ptr<hub> h, player_ptr who,
                                           std::unique_ptr<stream_slot> slot) {
    return std::make_shared<event_feed>(std::move(h), std::move(who), std::move(slot));
}

std::shared_ptr<line_feed> make_game_feed(std::shared_ptr<hub> h, player_ptr who, std::string room,
                                          std::unique_ptr<stream_slot> slot) {
    return std::make_shared<game_feed>(std::move(h), std::move(who), std::move(room),
                                       std::move(slot));
}

}  // namespace kibitz::server::api
