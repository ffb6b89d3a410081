// Theme links (issue 27): every theme a rules page links to (the "puzzles" of
// a section in web/learn/<game>.json) has puzzles in the shipped set, every
// theme of the set is linked from its game's rules page, and puzzle.next with
// a theme gives a puzzle of that theme, never one of another.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "kibitz/core/registry.hpp"
#include "puzzle_helpers.hpp"

using namespace kibitz::test;

namespace {

std::set<std::string> linked_themes(const std::string& game) {
    std::ifstream in(std::string(KIBITZ_SOURCE_DIR) + "/web/learn/" + game + ".json");
    REQUIRE_MESSAGE(in.good(), "no web/learn/" << game << ".json");
    auto page = json::parse(in);
    std::set<std::string> out;
    for (const auto& section : page["sections"])
        for (const auto& theme : section.value("puzzles", json::array()))
            out.insert(theme.get<std::string>());
    return out;
}

std::map<std::string, int> shipped_themes(const std::string& game) {
    std::ifstream in(std::string(KIBITZ_SOURCE_DIR) + "/schema/puzzles/" + game + ".jsonl");
    std::map<std::string, int> out;
    for (std::string line; std::getline(in, line);)
        for (const auto& theme : json::parse(line)["themes"]) ++out[theme.get<std::string>()];
    return out;
}

}  // namespace

TEST_CASE(
    "puzzle themes: every theme linked on a rules page has puzzles, and every one is linked") {
    for (const auto& g : kibitz::core::all_games()) {
        const std::string game(g.id);
        INFO(game);
        const auto linked = linked_themes(game);
        const auto shipped = shipped_themes(game);
        CHECK_FALSE(linked.empty());
        for (const auto& theme : linked)
            CHECK_MESSAGE(shipped.count(theme), theme << " has no puzzle");
        for (const auto& [theme, n] : shipped)
            CHECK_MESSAGE(linked.count(theme), theme << " (" << n << " puzzles) is not linked");
    }
}

TEST_CASE("puzzle themes: puzzle.next of a theme gives that theme's puzzles only") {
    temp_dir dir;
    test_server srv(with_puzzles(dir.file("kibitz.db")));
    ws_client g(srv.port());
    g.hello();
    for (const auto& info : kibitz::core::all_games()) {
        const std::string game(info.id);
        for (const auto& theme : linked_themes(game)) {
            INFO(game << ": " << theme);
            g.send(pz("puzzle.next", {{"game", game}, {"theme", theme}}));
            auto shown = g.expect("puzzle")["d"];
            CHECK(shown["game"] == game);
            const auto themes = shown["themes"].get<std::vector<std::string>>();
            CHECK(std::find(themes.begin(), themes.end(), theme) != themes.end());
        }
    }
    g.send(pz("puzzle.next", {{"game", "checkers"}, {"theme", "no such theme"}}));
    CHECK(g.expect("error")["d"]["code"] == "unknown_theme");
}
