#include <doctest/doctest.h>
#include "opprimo/opprimo.hpp"
using namespace kibitz::core;
TEST_CASE("smoke") {
    auto g = opprimo::new_game();
    for (std::size_t i = 0; i < g->move_count(); ++i) MESSAGE(g->move_text(i));
    MESSAGE(g->position_text());
    for (int d = 1; d <= 6; ++d) MESSAGE(d << " " << g->perft(d));
}
