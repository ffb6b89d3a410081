// Perft regression values (self-computed; cross-checked by an independent
// Python model of the rules page while writing) and random-game invariants.
#include <random>

#include "oware_test_util.hpp"

using namespace kibitz::core;
using namespace kibitz::core::oware;
using namespace kibitz::core::oware::test;

namespace {
constexpr std::uint64_t oware_perft[] = {1, 6, 36, 190, 1014, 5219, 27332};
constexpr std::uint64_t ouril_perft[] = {1, 6, 36, 180, 900, 3767, 16126};
}  // namespace

TEST_CASE("perft from the start, depth 1-6") {
    for (int d = 0; d <= 6; ++d) {
        CAPTURE(d);
        CHECK(new_oware()->perft(d) == oware_perft[d]);
        CHECK(new_ouril()->perft(d) == ouril_perft[d]);
        CHECK(perft(variant::oware, position{}, d) == oware_perft[d]);
        CHECK(perft(variant::ouril, position{}, d) == ouril_perft[d]);
    }
}

TEST_CASE("perft counts Ouril extra turns as moves") {
    // S:4,4,4,4,4,2,1,2,0,0,0,0:12,11 — f is a grand slam, then c d or e.
    auto g = load(variant::ouril, "S:4,4,4,4,4,2,1,2,0,0,0,0:12,11");
    std::uint64_t by_hand = 0;
    for (std::size_t i = 0; i < g->move_count(); ++i) {
        auto c = g->clone();
        c->play(i);
        by_hand += c->move_count();
    }
    CHECK(g->perft(2) == by_hand);
    auto after_f = g->clone();
    play(*after_f, "f");
    CHECK(after_f->perft(1) == 3);
}

TEST_CASE("random games: 48 seeds conserved, perft(1) = move_count, text round trip") {
    std::mt19937 rng(12345);
    for (variant v : both) {
        CAPTURE(name(v));
        int finished = 0;
        for (int game_no = 0; game_no < 200; ++game_no) {
            auto g = v == variant::oware ? new_oware() : new_ouril();
            for (int ply = 0; ply < 400 && !g->current_status().over(); ++ply) {
                REQUIRE(g->move_count() > 0);
                g->play(std::uniform_int_distribution<std::size_t>(0, g->move_count() - 1)(rng));
                auto p = parse_position(v, g->position_text());
                REQUIRE(p.ok());  // the parser requires 48 seeds
                int sum = p.value().stores[0] + p.value().stores[1];
                for (auto s : p.value().pits) sum += s;
                CHECK(sum == 48);
                CHECK(to_text(p.value()) == g->position_text());
                CHECK(g->perft(1) == g->move_count());
            }
            finished += g->current_status().over();
        }
        CHECK(finished > 150);
    }
}

TEST_SUITE("slow") {
    TEST_CASE("perft depth 7-9 (7 and 8 cross-checked by the Python model)") {
        const std::uint64_t ow[] = {139157, 711414, 3592872};
        const std::uint64_t ou[] = {63495, 259250, 1025598};
        for (int d = 7; d <= 9; ++d) {
            CAPTURE(d);
            CHECK(perft(variant::oware, position{}, d) == ow[d - 7]);
            CHECK(perft(variant::ouril, position{}, d) == ou[d - 7]);
        }
        CHECK(new_oware()->perft(9) == ow[2]);
        CHECK(new_ouril()->perft(9) == ou[2]);
    }
}
