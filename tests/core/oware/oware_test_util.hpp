#pragma once
// Shared helpers for the Oware/Ouril tests. Boards in comments are drawn from
// South's side: North's row F..A on top (A faces f), South's a..f below.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <string_view>

#include "oware/oware.hpp"

namespace kibitz::core::oware::test {

inline std::unique_ptr<game> load(variant v, std::string_view text) {
    auto r = v == variant::oware ? oware_from_position(text) : ouril_from_position(text);
    REQUIRE_MESSAGE(r.ok(), (std::string(text) + ": " + (r.ok() ? "" : r.reason())));
    return std::move(r).value();
}

inline std::string legal(const game& g) {
    std::string s;
    for (std::size_t i = 0; i < g.move_count(); ++i) {
        if (i) s += ' ';
        s += g.move_text(i);
    }
    return s;
}

inline void play(game& g, std::string_view moves) {
    for (char c : moves) {
        if (c == ' ') continue;
        auto r = g.try_move(std::string(1, c));
        REQUIRE_MESSAGE(r.ok(), (std::string(1, c) + ": " + (r.ok() ? "" : r.reason())));
    }
}

inline constexpr variant both[] = {variant::oware, variant::ouril};
inline const char* name(variant v) { return v == variant::oware ? "oware" : "ouril"; }

}  // namespace kibitz::core::oware::test
