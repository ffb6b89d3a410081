#include "puzzle/puzzle_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace kibitz::server {

namespace {
bool strings(const nlohmann::json& j, std::vector<std::string>& out) {
    if (!j.is_array()) return false;
    for (const auto& s : j) {
        if (!s.is_string()) return false;
        out.push_back(s.get<std::string>());
    }
    return true;
}

core::result<storage::puzzle_row> parse_line(const std::string& line) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object()) return core::error{"not a JSON object"};
    storage::puzzle_row p;
    for (auto [key, into] :
         {std::pair{"id", &p.id}, {"game", &p.game}, {"position", &p.position}}) {
        auto it = j.find(key);
        if (it == j.end() || !it->is_string() || it->get<std::string>().empty())
            return core::error{std::string("no '") + key + "'"};
        *into = it->get<std::string>();
    }
    if (!j.contains("moves") || !strings(j["moves"], p.moves) || p.moves.empty())
        return core::error{"'moves' must be a list of moves"};
    if (!j.contains("rating") || !j["rating"].is_number()) return core::error{"no 'rating'"};
    p.rating = {j["rating"].get<double>(), puzzle_first_rd, 0.06};
    if (j.contains("themes") && !strings(j["themes"], p.themes))
        return core::error{"'themes' must be a list of names"};
    // The last move comes with the position before it, or neither.
    const bool has_move = j.contains("last_move"), has_before = j.contains("before");
    if (has_move != has_before) return core::error{"'last_move' and 'before' go together"};
    if (has_move) {
        if (!j["last_move"].is_string() || !j["before"].is_string())
            return core::error{"'last_move' and 'before' must be strings"};
        p.last_move = j["last_move"].get<std::string>();
        p.before = j["before"].get<std::string>();
    }
    return p;
}
}  // namespace

core::result<std::vector<storage::puzzle_row>> read_puzzle_files(const std::string& dir) {
    namespace fs = std::filesystem;
    std::vector<storage::puzzle_row> out;
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return out;
    std::vector<fs::path> files;
    for (const auto& f : fs::directory_iterator(dir, ec))
        if (f.path().extension() == ".jsonl") files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        std::ifstream in(f);
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            if (line.empty()) continue;
            auto p = parse_line(line);
            if (!p)
                return core::error{f.filename().string() + " line " + std::to_string(n) + ": " +
                                   p.reason()};
            out.push_back(std::move(p).value());
        }
    }
    return out;
}

}  // namespace kibitz::server
