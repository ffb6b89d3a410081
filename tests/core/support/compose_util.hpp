#pragma once
// Helpers for the position-editor tests: build a composition in a line, and
// compose it through the registry (as the server does).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "kibitz/core/registry.hpp"

namespace compose_test {

using namespace kibitz::core;

// {at, owner, kind, hit points, count}, as board_view's piece.
inline composition board(int to_move, std::vector<piece> pieces) {
    return {to_move, std::move(pieces)};
}

inline result<std::unique_ptr<game>> compose(std::string_view id, const composition& c) {
    const game_info* info = find_game(id);
    REQUIRE(info);
    return info->compose(c);
}

// The position text of an accepted composition (fails the test if refused).
inline std::string accepted(std::string_view id, const composition& c) {
    auto g = compose(id, c);
    REQUIRE_MESSAGE(g.ok(), id << ": " << (g.ok() ? "" : g.reason()));
    return g.value()->position_text();
}

// The reason a composition is refused (fails the test if accepted).
inline std::string refused(std::string_view id, const composition& c) {
    auto g = compose(id, c);
    REQUIRE_MESSAGE(!g.ok(), id << " accepted " << (g.ok() ? g.value()->position_text() : ""));
    return g.reason();
}

}  // namespace compose_test
