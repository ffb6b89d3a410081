#pragma once
// What the puzzle tests over sockets share (test_puzzle_service.cpp,
// test_puzzle_streak.cpp, test_puzzle_dashboard.cpp): a server with the
// shipped set, a puzzle's line from the shipped files, and solving one by playing
// its line.
#include <doctest/doctest.h>

#include "shipped_puzzles.hpp"
#include "store_helpers.hpp"

namespace kibitz::test {

// A server with the shipped set; with a database file unless `db` is empty.
inline std::function<void(kibitz::server::server_config&)> with_puzzles(
    const std::string& db = {}) {
    return [db](kibitz::server::server_config& c) {
        if (!db.empty()) with_db(db)(c);
        c.puzzles_dir = std::string(KIBITZ_SOURCE_DIR) + "/schema/puzzles";
    };
}
inline json pz(const std::string& type, json d, int ack = 0) {
    if (ack) d["ack"] = ack;
    return {{"t", type}, {"d", std::move(d)}};
}
inline json streak(ws_client& c) {
    c.send(pz("puzzle.streak", {{"game", "checkers"}}));
    return c.expect("puzzle")["d"];
}
inline std::vector<std::string> line_of(std::uint16_t, const std::string& id) {
    return shipped_line(KIBITZ_SOURCE_DIR, id);
}
// Plays the puzzle's line (the server answers each move with its replies).
inline json solve(ws_client& c, std::uint16_t port, const std::string& id) {
    const auto line = line_of(port, id);
    for (std::size_t i = 0; i < line.size();) {
        c.send(pz("puzzle.move", {{"id", id}, {"move", line[i]}}));
        auto r = c.expect("puzzle.result")["d"];
        if (r["verdict"] != "right") return r;
        i += 1 + r["replies"].size();
    }
    FAIL("the line ended without a verdict");
    return {};
}
inline std::string wrong_move(const json& shown, const std::string& right) {
    for (const auto& m : shown["board"]["moves"])
        if (m["text"] != right) return m["text"];
    return {};
}

}  // namespace kibitz::test
