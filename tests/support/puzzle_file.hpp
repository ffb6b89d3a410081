#pragma once
// Reads a shipped puzzle set (schema/puzzles/<game>.jsonl: one JSON object a
// line, as kibitz-cli puzzles writes it), for the quick check in CI
// (tests/core/puzzle_set_test.cpp) and the full one (bench/puzzle_check.cpp).
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/puzzle_miner.hpp"

namespace kibitz::test {

struct shipped_puzzle {
    std::string id, game;
    core::engine::puzzle p;
};

// Every line of `path`; a line that is not a puzzle object throws (a test fails on it).
inline std::vector<shipped_puzzle> read_puzzle_file(const std::string& path) {
    std::vector<shipped_puzzle> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const auto j = nlohmann::json::parse(line);
        shipped_puzzle s;
        s.id = j.at("id").get<std::string>();
        s.game = j.at("game").get<std::string>();
        s.p.position = j.at("position").get<std::string>();
        s.p.moves = j.at("moves").get<std::vector<std::string>>();
        s.p.themes = j.at("themes").get<std::vector<std::string>>();
        s.p.rating = j.at("rating").get<int>();
        s.p.depth = j.at("depth").get<int>();
        s.p.before = j.value("before", "");
        s.p.last_move = j.value("last_move", "");
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace kibitz::test
