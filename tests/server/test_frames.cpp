// The move event and the ack are the two frames written by hand
// (server_msg.cpp: move_event_frame, ack_frame) instead of through a json tree,
// for speed. Clients and the event log must not be able to tell: these checks
// build the same frame the slow way — exactly as the room did before the
// hand-written writer, make_frame("move", {...}, v) with to_json(board, false)
// and to_json(clocks) — and compare the two strings byte for byte. (nlohmann's
// default json keeps object keys sorted; the writer emits them in that order.)
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kibitz/core/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/server_msg.hpp"

using namespace kibitz;
using server::clocks_snapshot;
using nlohmann::json;

namespace {

using clocks = std::optional<clocks_snapshot>;

// The slow, reference path: a json tree, serialized by make_frame.
std::string move_by_json(std::int64_t v, const std::string& room, int seat, const std::string& move,
                         std::size_t ply, const core::board_view& board, const clocks& c) {
    json d = {{"room", room},
              {"seat", seat},
              {"move", move},
              {"ply", ply},
              {"board", server::to_json(board, false)},
              {"clocks", server::to_json(c)}};
    return *server::make_frame("move", d, v);
}

std::string move_by_hand(std::int64_t v, const std::string& room, int seat,
                         const std::string& move, std::size_t ply, const core::board_view& board,
                         const clocks& c) {
    return *server::move_event_frame(v, room, seat, move, ply, board, c);
}

std::string ack_by_json(std::int64_t ack, const std::string& re, const std::string& room,
                        std::int64_t v) {
    json d = {{"ack", ack}, {"re", re}};
    if (!room.empty()) d["room"] = room;
    if (v > 0) d["v"] = v;
    return *server::make_frame("ack", d);
}

std::string ack_by_hand(std::int64_t ack, const std::string& re, const std::string& room,
                        std::int64_t v) {
    return *server::ack_frame(ack, re, room, v);
}

// Both ways, for one set of data; the message shows both frames on failure.
void check_move(std::int64_t v, const std::string& room, int seat, const std::string& move,
                std::size_t ply, const core::board_view& board, const clocks& c) {
    auto want = move_by_json(v, room, seat, move, ply, board, c);
    auto got = move_by_hand(v, room, seat, move, ply, board, c);
    CHECK_MESSAGE(got == want, "hand-written: " << got << "\njson path:    " << want);
}

void check_ack(std::int64_t ack, const std::string& re, const std::string& room, std::int64_t v) {
    auto want = ack_by_json(ack, re, room, v);
    auto got = ack_by_hand(ack, re, room, v);
    CHECK_MESSAGE(got == want, "hand-written: " << got << "\njson path:    " << want);
}

clocks_snapshot running_clocks() {
    clocks_snapshot c;
    c.ms[0] = 178'250;
    c.ms[1] = 181'004;
    c.running = 1;
    c.initial_ms = 180'000;
    c.increment_ms = 2'000;
    return c;
}

const core::game_info& game(std::string_view id) {
    auto* g = core::find_game(id);
    REQUIRE_MESSAGE(g != nullptr, "game not in the registry: " << id);
    return *g;
}

// The n-th move of a fixed, varied walk through a game (not always the first
// legal move, so captures and other branches show up).
std::size_t pick(std::size_t ply, std::size_t count) { return (ply * 7 + 3) % count; }

// Strings that need escaping, or are not ASCII, or not even UTF-8: the
// writer's fallback to nlohmann must give the very same bytes.
const std::vector<std::string>& awkward_strings() {
    static const std::vector<std::string> s = {
        "",
        "plain-Room_42",
        "say \"hi\"",
        "back\\slash",
        "tab\there, new\nline, cr\r, bell\x07, unit sep\x1f",
        std::string("nul\0inside", 10),
        "del\x7f",
        "Oferhl\xc3\xbdp \xe2\x80\x94 \xf0\x9f\x8e\xb2",  // ý, em dash, a 4-byte emoji
        "bad utf-8 \xff\xfe end",                         // invalid bytes: replaced
        "cut short \xc3",                                  // truncated sequence
        "</script>",
        "{\"t\":\"move\"}",
    };
    return s;
}

}  // namespace

TEST_SUITE("frames") {

TEST_CASE("move frame: checkers positions from a real game, every ply, both views") {
    auto g = game("checkers").new_game();
    clocks c = running_clocks();
    std::size_t ply = 0;
    for (; ply < 60 && g->move_count() > 0; ++ply) {
        auto index = pick(ply, g->move_count());
        auto text = g->move_text(index);
        g->play(index);
        c->running = g->to_move();
        CAPTURE(ply);
        CAPTURE(text);
        // The room sends view_without_cells(); cells are not part of a move
        // event, so the full view must give the very same frame.
        check_move(static_cast<std::int64_t>(ply + 1), "r-abc123", 1 - g->to_move(), text, ply + 1,
                   g->view_without_cells(), c);
        check_move(static_cast<std::int64_t>(ply + 1), "r-abc123", 1 - g->to_move(), text, ply + 1,
                   g->view(), std::nullopt);
        CHECK(server::to_json(g->view_without_cells(), false) == server::to_json(g->view(), false));
    }
    CHECK(ply >= 10);  // the walk really went through a game
}

TEST_CASE("move frame: every registered game, walked until it ends or 300 plies") {
    for (const auto& info : core::all_games()) {
        CAPTURE(info.id);
        auto g = info.new_game();
        std::size_t ply = 0;
        for (; ply < 300 && g->move_count() > 0; ++ply) {
            auto index = pick(ply, g->move_count());
            auto text = g->move_text(index);
            g->play(index);
            CAPTURE(ply);
            check_move(static_cast<std::int64_t>(ply + 1), "room", static_cast<int>(ply % 2), text,
                       ply + 1, g->view_without_cells(), ply % 3 ? clocks{} : running_clocks());
            // What the room sends: with the refusals (why some cells start no move).
            check_move(static_cast<std::int64_t>(ply + 1), "room", static_cast<int>(ply % 2), text,
                       ply + 1, g->view_for_mover(false), std::nullopt);
        }
        // A finished game's view has no moves: the empty list is written too.
        if (g->move_count() == 0) check_move(9, "room", 0, "x", ply, g->view(), std::nullopt);
    }
}

TEST_CASE("move frame: pieces with hit points (oferhlyp) and with counts (oware)") {
    // Hit points: Oferhlyp's men carry 2 (full) or 1 (half); no other game sets them.
    {
        auto g = game("oferhlyp").new_game();
        for (std::size_t ply = 0; ply < 6 && g->move_count() > 0; ++ply) g->play(pick(ply, g->move_count()));
        auto view = g->view_without_cells();
        bool has_hp = false;
        for (const auto& p : view.pieces) has_hp = has_hp || p.hit_points != 0;
        REQUIRE(has_hp);  // else this case would not test the "hp" key at all
        auto frame = move_by_hand(7, "r1", 1, "x", 6, view, running_clocks());
        CHECK(frame.find("\"hp\":") != std::string::npos);
        check_move(7, "r1", 1, "x", 6, view, running_clocks());
    }
    // Counts: Oware's pits and stores hold seeds.
    {
        auto g = game("oware").new_game();
        for (std::size_t ply = 0; ply < 5 && g->move_count() > 0; ++ply) g->play(pick(ply, g->move_count()));
        auto view = g->view_without_cells();
        bool has_count = false;
        for (const auto& p : view.pieces) has_count = has_count || p.count != 0;
        REQUIRE(has_count);
        auto frame = move_by_hand(5, "r2", 0, "x", 5, view, std::nullopt);
        CHECK(frame.find("\"count\":") != std::string::npos);
        check_move(5, "r2", 0, "x", 5, view, std::nullopt);
    }
    // Both on one piece, zeros, negatives and a neutral owner: a made-up view.
    core::board_view b;
    b.to_move = 1;
    b.pieces = {{"a", 0, "man", 2, 0},   {"b", 1, "king", 1, 0},  {"c", -1, "seeds", 0, 12},
                {"d", 0, "seeds", 0, 0}, {"e", 1, "odd", 2, 48},  {"f", 0, "neg", -1, -3}};
    b.moves = {{"a-b", {"a", "b"}, {}}, {"axc", {"a", "c", "e"}, {"b", "d"}}, {"pass", {}, {}}};
    check_move(3, "r3", 0, "a-b", 2, b, running_clocks());
}

TEST_CASE("move frame: clocks absent, present, with first_move_ms") {
    auto g = game("checkers").new_game();
    g->play(0);
    auto view = g->view_without_cells();

    check_move(1, "r", 0, g->move_text(0), 1, view, std::nullopt);  // untimed: "clocks":null

    auto c = running_clocks();
    check_move(1, "r", 0, "m", 1, view, c);
    for (int running : {-1, 0, 1}) {
        c.running = running;
        check_move(1, "r", 0, "m", 1, view, c);
    }
    c.first_move_ms = 0;  // present though zero: the key must still be written
    check_move(1, "r", 0, "m", 1, view, c);
    c.first_move_ms = 19'500;
    check_move(1, "r", 0, "m", 1, view, c);

    // Edges of the number formatting: zero, negative (a flagged clock), extremes.
    clocks_snapshot e;
    e.ms[0] = 0;
    e.ms[1] = -1'234;
    e.running = 0;
    e.initial_ms = std::numeric_limits<std::int64_t>::max();
    e.increment_ms = std::numeric_limits<std::int64_t>::min();
    e.first_move_ms = std::numeric_limits<std::int64_t>::max();
    check_move(1, "r", 0, "m", 1, view, e);
}

TEST_CASE("move frame: room ids, move text and board strings that need escaping") {
    auto g = game("checkers").new_game();
    auto view = g->view_without_cells();
    for (const auto& s : awkward_strings()) {
        CAPTURE(s);
        check_move(4, s, 1, "11-15", 3, view, running_clocks());  // room id
        check_move(4, "r", 1, s, 3, view, std::nullopt);           // move text
        check_move(4, s, 0, s, 3, view, running_clocks());         // both

        // Every string inside a board view goes through the same writer.
        core::board_view b;
        b.to_move = 0;
        b.pieces = {{s, 0, s, 2, 0}, {"x", 1, "man", 0, 3}};
        b.moves = {{s, {s, "x"}, {s}}};
        check_move(4, "r", 0, "m", 3, b, running_clocks());
    }
}

TEST_CASE("move frame: v = 0 (no \"v\" key), v > 0, seats and plies") {
    auto g = game("oware").new_game();
    auto view = g->view_without_cells();
    for (std::int64_t v : {std::int64_t{0}, std::int64_t{-5}, std::int64_t{1}, std::int64_t{42},
                           std::numeric_limits<std::int64_t>::max()}) {
        CAPTURE(v);
        check_move(v, "r", 0, "a", 0, view, std::nullopt);
        check_move(v, "r", 1, "f", 1'000'000, view, running_clocks());
    }
    CHECK(move_by_hand(0, "r", 0, "a", 0, view, std::nullopt).find("\"v\":") == std::string::npos);
    CHECK(move_by_hand(7, "r", 0, "a", 0, view, std::nullopt).find(",\"v\":7}") != std::string::npos);
}

TEST_CASE("ack frame: with and without room and v") {
    for (std::int64_t ack : {std::int64_t{0}, std::int64_t{1}, std::int64_t{-3}, std::int64_t{1} << 40}) {
        CAPTURE(ack);
        check_ack(ack, "move", "", 0);           // neither
        check_ack(ack, "move", "r-abc123", 0);   // room only
        check_ack(ack, "move", "", 17);          // v only
        check_ack(ack, "move", "r-abc123", 17);  // both
        check_ack(ack, "join", "r-abc123", -1);  // v < 0: left out like 0
        check_ack(ack, "", "", 0);               // empty re is still written
    }
    for (const auto& s : awkward_strings()) {
        CAPTURE(s);
        check_ack(5, s, "r", 2);
        check_ack(5, "move", s, 2);
        check_ack(5, s, s, 0);
    }
    CHECK(ack_by_hand(3, "move", "", 0) == R"({"d":{"ack":3,"re":"move"},"t":"ack"})");
}

}  // TEST_SUITE
