#pragma once
// The tests' oracle for a puzzle's line: the shipped set on disk
// (schema/puzzles/<game>.jsonl), since the server serves a line only to a
// solver who has tried the puzzle (security review F11).
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kibitz::test {

// Puzzle `id` ("checkers-1-1") as shipped, with its line in "moves".
inline nlohmann::json shipped_puzzle(const std::string& source_dir, const std::string& id) {
    std::ifstream in(source_dir + "/schema/puzzles/" + id.substr(0, id.find('-')) + ".jsonl");
    for (std::string l; std::getline(in, l);) {
        auto p = nlohmann::json::parse(l);
        if (p["id"] == id) return p;
    }
    throw std::runtime_error("no shipped puzzle " + id);
}

inline std::vector<std::string> shipped_line(const std::string& source_dir, const std::string& id) {
    return shipped_puzzle(source_dir, id)["moves"];
}

}  // namespace kibitz::test
