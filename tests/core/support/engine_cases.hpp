#pragma once
// Tactical positions for the engine tests: a position text, the one move
// that wins (or the one move that does not lose), and why. Each game's engine
// test runs its own table through check_cases().
#include <doctest/doctest.h>

#include <string_view>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"

namespace engine_test {

struct tactic {
    std::string_view position;
    std::string_view best;  // the game's notation, as the engine writes it
    std::string_view why;
};

// Every case: the engine at full strength, within `nodes`, names `best`.
inline void check_cases(std::string_view game_id, std::initializer_list<tactic> cases,
                        std::uint64_t nodes) {
    const auto* info = kibitz::core::find_game(game_id);
    REQUIRE(info != nullptr);
    kibitz::core::engine::workspace ws(16);
    for (const tactic& t : cases) {
        auto g = info->from_position(t.position);
        REQUIRE_MESSAGE(g.ok(), t.position << ": " << g.reason());
        REQUIRE(g.value()->parse_move(t.best).ok());
        kibitz::core::engine::limits l;
        l.nodes = nodes;
        auto r = kibitz::core::engine::think(*g.value(), l, {}, ws);
        REQUIRE(r.ok());
        CHECK_MESSAGE(r.value().text == t.best, t.why << " (" << t.position << "): got "
                                                      << r.value().text);
    }
}

}  // namespace engine_test
