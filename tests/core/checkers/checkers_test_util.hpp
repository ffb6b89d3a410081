#pragma once
// Small helpers shared by the checkers tests: load a PDN FEN, list and play
// moves by their notation.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/checkers.hpp"

namespace checkers_test {

namespace core = kibitz::core;
namespace ck = kibitz::core::checkers;

inline std::unique_ptr<core::game> load(std::string_view fen) {
    auto g = ck::from_position(fen);
    REQUIRE_MESSAGE(g.ok(), fen << ": " << g.reason());
    return std::move(g).value();
}

inline std::vector<std::string> moves_of(const core::game& g) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < g.move_count(); ++i) out.push_back(g.move_text(i));
    return out;
}

inline void play(core::game& g, std::string_view text) {
    auto r = g.try_move(text);
    REQUIRE_MESSAGE(r.ok(), text << ": " << r.reason());
}

inline ck::position fen_position(std::string_view fen) {
    auto p = ck::parse_fen(fen);
    REQUIRE_MESSAGE(p.ok(), fen << ": " << p.reason());
    return p.value();
}

using strings = std::vector<std::string>;

}  // namespace checkers_test
