// The codec's other direction: for every server message example in
// schema/protocol.md, the typed message (server/protocol/out_*.hpp) built
// from the example's values encodes to exactly the example, byte for byte as
// dumping its JSON prints it (keys sorted). A field the encoder drops, adds or
// types differently fails here.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "protocol/out_engine.hpp"
#include "protocol/out_lobby.hpp"
#include "protocol/out_notify.hpp"
#include "protocol/out_puzzle.hpp"
#include "protocol/out_room.hpp"
#include "protocol/out_session.hpp"
#include "protocol/out_tournament.hpp"
#include "protocol_examples.hpp"

using namespace kibitz::server;
namespace core = kibitz::core;
using nlohmann::json;

namespace {

std::optional<std::int64_t> opt_int(const json& d, const char* key) {
    if (!d.contains(key)) return std::nullopt;
    return d[key].get<std::int64_t>();
}

std::optional<time_control> tc_of(const json& tc) {
    if (tc.is_null()) return std::nullopt;
    return time_control{tc["initial_s"], tc["increment_s"]};
}

invite_view invite_of(const json& d) {
    return {d["code"], d["game"], tc_of(d["tc"]), d["rated"], d["color"], d.value("position", "")};
}

std::optional<live_board> position_of(const json& d) {
    if (!d.contains("board")) return std::nullopt;
    return live_board{d["board"], d["last"], d["clocks"]};
}

engine_score score_of(const json& s) {
    engine_score out{s["cp"], {}, {}, {}};
    if (s.contains("end_in")) out.end_in = s["end_in"].get<int>();
    if (s.contains("winner")) out.winner = s["winner"].get<int>();
    if (s.contains("table")) out.table_lead = s["table"]["lead"].get<int>();
    return out;
}

core::board_view board_of(const json& b) {
    core::board_view v;
    v.to_move = b["to_move"];
    for (const auto& p : b["pieces"])
        v.pieces.push_back({p["at"], p["owner"], p["kind"], p.value("hp", 0), p.value("count", 0)});
    for (const auto& m : b["moves"]) v.moves.push_back({m["text"], m["path"], m["affected"]});
    return v;
}

std::optional<clocks_snapshot> clocks_of(const json& c) {
    if (c.is_null()) return std::nullopt;
    clocks_snapshot s;
    s.ms[0] = c["ms"][0];
    s.ms[1] = c["ms"][1];
    s.running = c["running"];
    s.initial_ms = c["initial_ms"];
    s.increment_ms = c["increment_ms"];
    s.first_move_ms = opt_int(c, "first_move_ms");
    return s;
}

// Builds the typed message from an example (its "d", and "v" for events).
using builder = std::function<frame(const json& d, std::int64_t v)>;

puzzle_rating_view rating_view(const json& d) { return {d["rating"], d["rd"]}; }
std::optional<puzzle_streak_view> streak_view(const json& d) {
    if (!d.contains("streak")) return std::nullopt;
    const auto& s = d["streak"];
    return puzzle_streak_view{s["count"], s["best"], s["over"]};
}
puzzle_ratings_view ratings_view(const json& d) {
    return {rating_view(d["solver"]), rating_view(d["puzzle"]), d["solver_change"]};
}
notification_item item_of(const json& d) {
    return {d["id"], d["kind"], d["data"], d["at"], d["read"]};
}

std::vector<tournament_standing> standings_of(const json& list) {
    std::vector<tournament_standing> out;
    for (const auto& s : list) {
        out.push_back({s["rank"], s["player"], s["score"], s["sheet"], s["fire"], s["state"],
                       s["room"].is_null() ? "" : s["room"].get<std::string>()});
        if (s.contains("buchholz")) out.back().buchholz = s["buchholz"];
        if (s.contains("sonneborn_berger")) out.back().sonneborn_berger = s["sonneborn_berger"];
    }
    return out;
}

tournament_view view_of(const json& t) {
    tournament_view v{t["id"],        t["name"],      t["kind"],   t["game"],
                      t["status"],    tc_of(t["tc"]), t["rated"],  t["private"],
                      t["starts_ms"], t["ends_ms"],   t["players"]};
    if (v.kind == "swiss") {
        v.rounds = t["rounds"];
        v.round = t["round"];
        v.round_interval_ms = t["round_interval_s"].get<std::int64_t>() * 1000;
        if (!t["next_round_ms"].is_null()) v.next_round_ms = t["next_round_ms"];
    }
    return v;
}

std::vector<tournament_board> boards_of(const json& d) {
    std::vector<tournament_board> out;
    for (const auto& b : d.value("boards", json::array()))
        out.push_back({b["room"].is_null() ? "" : b["room"].get<std::string>(), b["first"],
                       b["second"], b["result"].is_null() ? "" : b["result"].get<std::string>()});
    return out;
}

const std::map<std::string, builder>& builders() {
    static const std::map<std::string, builder> all = {
        {"welcome",
         [](const json& d, auto) {
             return encode(welcome_msg{d["token"], d["user"], d["resumed"], d["rooms"], d["games"],
                                       d["server_time"]});
         }},
        {"identity", [](const json& d, auto) { return encode(identity_msg{d["user"]}); }},
        {"tournament.state",
         [](const json& d, auto) {
             return encode(tournament_state_msg{
                 view_of(d["tournament"]), standings_of(d["standings"]),
                 d["top_room"].is_null() ? "" : d["top_room"].get<std::string>(), d["server_time"],
                 boards_of(d)});
         }},
        {"tournament.chat",
         [](const json& d, auto) {
             std::vector<tournament_chat_line> lines;
             for (const auto& l : d["lines"])
                 lines.push_back({l["player"], l["from"], l["text"], l["at_ms"]});
             return encode(tournament_chat_msg{d["id"], std::move(lines)});
         }},
        {"tournament.finished",
         [](const json& d, auto) {
             return encode(tournament_finished_msg{d["id"], standings_of(d["podium"])});
         }},
        {"pong",
         [](const json& d, auto) {
             return encode(pong_msg{opt_int(d, "at"), d["server_time"]});
         }},
        {"ack",
         [](const json& d, auto) {
             return ack_frame(d["ack"], d["re"].get<std::string>(), d.value("room", ""),
                              d.value("v", 0));
         }},
        {"error",
         [](const json& d, auto) {
             return error_frame({d["code"], d["message"]}, d.value("re", ""), opt_int(d, "ack"),
                                d.value("room", ""));
         }},
        {"lobby.yours",
         [](const json& d, auto) {
             lobby_yours_msg m{d["rooms"], {}};
             for (const auto& i : d["invites"]) m.invites.push_back(invite_of(i));
             return encode(m);
         }},
        {"lobby.snapshot",
         [](const json& d, auto) {
             const auto& c = d["counts"];
             std::string counts =
                 dump_json(to_json(counts_msg{c["players"], c["games"], c["pools"]}));
             std::vector<std::string> seeks;
             for (const auto& s : d["seeks"]) seeks.push_back(dump_json(s));
             std::string tv = dump_json(d["tv"]);
             lobby_snapshot_msg m{counts, {}, tv};
             for (const auto& s : seeks) m.seeks.push_back(s);
             return encode(m);
         }},
        {"seek.add", [](const json& d, auto) { return encode(seek_add_msg{d["seek"]}); }},
        {"seek.created", [](const json& d, auto) { return encode(seek_created_msg{d["seek"]}); }},
        {"seek.remove",
         [](const json& d, auto) {
             return encode(seek_remove_msg{d["id"], d["reason"]});
         }},
        {"counts",
         [](const json& d, auto) {
             return encode(counts_msg{d["players"], d["games"], d["pools"]});
         }},
        {"tv", [](const json& d, auto) { return encode(tv_msg{d["room"]}); }},
        {"tv.update",
         [](const json& d, auto) {
             return encode(tv_update_msg{d["room"], d["plies"], d["spectators"], position_of(d)});
         }},
        {"game.found",
         [](const json& d, auto) {
             return encode(game_found_msg{d["room"], d["game"], d["seat"], d["color"], d["via"]});
         }},
        {"quick.queued",
         [](const json& d, auto) {
             return encode(quick_queued_msg{d["game"], tc_of(d["tc"]), d["rated"], d["waiting"]});
         }},
        {"quick.left", [](const json&, auto) { return encode(quick_left_msg{}); }},
        {"analysis.info",
         [](const json& d, auto) {
             return encode(analysis_info_msg{d["id"], d["depth"], score_of(d["score"]), d["nodes"],
                                             d["time_ms"], d["pv"]});
         }},
        {"analysis.done",
         [](const json& d, auto) {
             analysis_done_msg m{d["id"], {}, {}};
             if (d.contains("best"))
                 m.found = analysis_found{d["best"], d["depth"], score_of(d["score"])};
             else m.stopped = d["stopped"];
             return encode(m);
         }},
        {"review.progress",
         [](const json& d, auto) {
             return encode(review_progress_msg{d["id"], d["done"], d["total"]});
         }},
        {"review.done",
         [](const json& d, auto) {
             return encode(review_done_msg{d["id"], d["analysis"], d["cached"]});
         }},
        {"invite.created",
         [](const json& d, auto) { return encode(invite_created_msg{invite_of(d)}); }},
        {"invite.shown",
         [](const json& d, auto) {
             return encode(invite_shown_msg{invite_of(d), d["by"], d["your_color"]});
         }},
        {"invite.declined",
         [](const json& d, auto) {
             return encode(invite_declined_msg{d["code"], d["game"], d["by"], d["reason"]});
         }},
        {"challenge",
         [](const json& d, auto) {
             return encode(challenge_msg{invite_of(d), d["by"]});
         }},
        {"challenge.canceled",
         [](const json& d, auto) {
             return encode(challenge_canceled_msg{d["code"], d["game"], d["by"]});
         }},
        {"live.snapshot",
         [](const json& d, auto) {
             return encode(live_snapshot_msg{d["game"], d["board"], d["rooms"], d["total"]});
         }},
        {"live.add",
         [](const json& d, auto) {
             return encode(live_add_msg{d["room"], d["total"]});
         }},
        {"live.update",
         [](const json& d, auto) {
             return encode(live_update_msg{d["game"], d["room"], d["plies"], d["spectators"],
                                           position_of(d)});
         }},
        {"live.remove",
         [](const json& d, auto) {
             return encode(live_remove_msg{d["game"], d["room"], d["total"]});
         }},
        {"room.synced",
         [](const json& d, auto) {
             return encode(room_synced_msg{d["room"], d["v"], d["spectators"], d["players"],
                                           d["clocks"], d["status"]});
         }},
        {"room.state",
         [](const json& d, std::int64_t v) {
             std::string board = dump_json(d["board"]);
             json rest = d;
             rest.erase("board");
             return encode(room_state_msg{board, rest, v});
         }},
        {"move",
         [](const json& d, std::int64_t v) {
             return move_event_frame(v, d["room"].get<std::string>(), d["seat"],
                                     d["move"].get<std::string>(), d["ply"], board_of(d["board"]),
                                     clocks_of(d["clocks"]));
         }},
        {"start",
         [](const json& d, std::int64_t v) {
             return encode(start_event{d["room"], d["game"]}, v);
         }},
        {"offer",
         [](const json& d, std::int64_t v) {
             return encode(offer_event{d["room"], d["kind"], d["by"], d["state"]}, v);
         }},
        {"end",
         [](const json& d, std::int64_t v) {
             return encode(end_event{d["room"], d["status"], d["clocks"]}, v);
         }},
        {"takeback",
         [](const json& d, std::int64_t v) {
             return encode(takeback_event{d["room"], d["by"], d["plies"], d["ply"], d["moves"],
                                          d["last"], d["board"], d["clocks"]},
                           v);
         }},
        {"ratings",
         [](const json& d, std::int64_t v) {
             return encode(ratings_event{d["room"], d["ratings"]}, v);
         }},
        {"paused",
         [](const json& d, std::int64_t v) {
             return encode(paused_event{d["room"], d["reason"], d["clocks"]}, v);
         }},
        {"berserk",
         [](const json& d, std::int64_t v) {
             return encode(berserk_event{d["room"], d["seat"], d["clocks"]}, v);
         }},
        {"resumed",
         [](const json& d, std::int64_t v) {
             return encode(resumed_event{d["room"], d["clocks"]}, v);
         }},
        {"rematch",
         [](const json& d, auto) {
             return encode(rematch_msg{d["room"], d["next"]});
         }},
        {"chat",
         [](const json& d, auto) {
             return encode(chat_msg{d["room"], d["from"], d["seat"], d["text"]});
         }},
        {"premove.line",
         [](const json& d, auto) {
             return encode(premove_line_msg{d["room"], d["line"].get<std::vector<std::string>>()});
         }},
        {"presence",
         [](const json& d, auto) {
             return encode(
                 presence_msg{d["room"], d["seat"], d["state"], opt_int(d, "claim_in_ms")});
         }},
        {"spectators",
         [](const json& d, auto) {
             return encode(spectators_msg{d["room"], d["count"]});
         }},
        {"notification", [](const json& d, auto) { return encode(notification_msg{item_of(d)}); }},
        {"notifications",
         [](const json& d, auto) {
             notify_list_msg m{{}, d["unread"]};
             for (const auto& n : d["items"]) m.items.push_back(item_of(n));
             return encode(m);
         }},
        {"notification.prefs",
         [](const json& d, auto) {
             return encode(notify_prefs_msg{d["all_off"], d["muted"]});
         }},
        {"puzzle",
         [](const json& d, auto) {
             return encode(puzzle_shown_msg{d["id"], d["game"], d["position"], d["side"],
                                            d["board"], rating_view(d["rating"]), d["themes"],
                                            rating_view(d["solver"]), d["seen"], streak_view(d)});
         }},
        {"puzzle.result",
         [](const json& d, auto) {
             puzzle_result_msg m{
                 d["id"],    d["verdict"], d["move"],   d["replies"], d.value("expected", ""),
                 d["board"], d["last"],    std::nullopt};
             if (d.contains("ratings")) m.ratings = ratings_view(d["ratings"]);
             m.streak = streak_view(d);
             return encode(m);
         }},
        {"puzzle.solution",
         [](const json& d, auto) {
             puzzle_solution_msg m{d["id"], d["moves"], std::nullopt};
             if (d.contains("ratings")) m.ratings = ratings_view(d["ratings"]);
             m.streak = streak_view(d);
             return encode(m);
         }},
    };
    return all;
}

// Server events that share a name with a client command carry what a command
// never does: a version (move), a sender (chat), the line (puzzle.solution).
bool from_server(const json& example) {
    const std::string t = example["t"];
    if (t == "move" || t == "berserk") return example.contains("v");
    if (t == "chat") return example["d"].contains("from");
    if (t == "tournament.chat") return example["d"].contains("lines");
    if (t == "puzzle.solution") return example["d"].contains("moves");
    return builders().count(t) > 0;
}

}  // namespace

TEST_CASE("codec: every server example in protocol.md is what its typed message encodes to") {
    std::set<std::string> seen;
    for (const auto& example : protocol_examples()) {
        if (!example.is_object() || !example.contains("t") || !from_server(example)) continue;
        const std::string t = example["t"];
        INFO(example.dump());
        const json d = example.value("d", json::object());
        auto f = builders().at(t)(d, example.value("v", std::int64_t{0}));
        CHECK(*f == dump_json(example));
        seen.insert(t);
    }
    std::set<std::string> typed;
    for (const auto& [t, b] : builders()) typed.insert(t);
    CHECK(seen == typed);  // every server message has an example
}

TEST_CASE("codec: optional fields of server messages are left out when absent") {
    CHECK(*encode(presence_msg{"r1", 1, "back", {}}) ==
          R"({"d":{"room":"r1","seat":1,"state":"back"},"t":"presence"})");
    CHECK(*encode(pong_msg{{}, 5}) == R"({"d":{"server_time":5},"t":"pong"})");
    CHECK(*encode(analysis_done_msg{7, {}, "cancelled"}) ==
          R"({"d":{"id":7,"stopped":"cancelled"},"t":"analysis.done"})");
    CHECK(*encode(live_update_msg{"g", "r1", 3, 1, {}}) ==
          R"({"d":{"game":"g","plies":3,"room":"r1","spectators":1},"t":"live.update"})");
    invite_view i{"k4", "g", std::nullopt, false, "south", ""};
    CHECK(
        *encode(invite_created_msg{i}) ==
        R"({"d":{"code":"k4","color":"south","game":"g","path":"/#/invite/k4","rated":false,"tc":null},"t":"invite.created"})");
    // Events carry their version at the envelope level; v 0 means none.
    CHECK(*encode(start_event{"r1", "g"}, 1) ==
          R"({"d":{"game":"g","room":"r1"},"t":"start","v":1})");
    CHECK(*encode(room_state_msg{"{}", json::object(), 0}) ==
          R"({"d":{"board":{}},"t":"room.state"})");
}
