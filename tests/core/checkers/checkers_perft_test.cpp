// Checkers perft (the reference figures of the checkers rules page we worked from; our rules: docs/rules/checkers.md), and the fast
// paths (bulk counting, transposition table) checked against a plain recursion
// over the legal-move lists.
#include <chrono>
#include <ctime>
#include <random>

#include "checkers_test_util.hpp"

using namespace checkers_test;

namespace {

constexpr std::uint64_t reference[] = {1,     7,      49,     302,     1469,     7361,
                                       36768, 179740, 845931, 3963680, 18391564, 85242128};

// The slow, obviously-right count: build every move list and play every move.
std::uint64_t naive_perft(const ck::position& p, int depth) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for (const auto& m : ck::legal_moves(p)) n += naive_perft(ck::apply(p, m), depth - 1);
    return n;
}

}  // namespace

TEST_CASE("perft from the start position, depths 1 to 9") {
    const auto start = ck::start_position();
    for (int depth = 1; depth <= 9; ++depth) {
        CAPTURE(depth);
        CHECK(ck::perft(start, depth) == reference[depth]);
        CHECK(ck::perft_no_table(start, depth) == reference[depth]);
    }
    auto g = ck::new_game();
    CHECK(g->perft(0) == 1);
    CHECK(g->perft(7) == reference[7]);
    CHECK(naive_perft(start, 6) == reference[6]);
}

TEST_CASE("fast and plain perft agree on positions with kings, loops and crowning") {
    // W:WK3:B7,8,15,16,17,20,28: the loop; B:W10,18,27:BK14: choices of length;
    // B:W26,27:B22: crowning stops a jump; the rest are kings-and-men middlegames.
    for (const char* fen :
         {"W:WK3:B7,8,15,16,17,20,28", "B:W10,18,27:BK14", "B:W26,27:B22",
          "B:W18,K22,23,25,30:BK1,5,6,K13,14", "W:WK10,K19,26,27,28:B6,K15,K23,24,K31",
          "W:W14,K17,18,21,K23,24,25:BK9,10,11,K15,16,19,20"}) {
        CAPTURE(fen);
        const auto p = fen_position(fen);
        CHECK(ck::count_moves(p) == ck::legal_moves(p).size());
        for (int depth = 1; depth <= 5; ++depth) {
            CAPTURE(depth);
            const auto expected = naive_perft(p, depth);
            CHECK(ck::perft_no_table(p, depth) == expected);
            CHECK(ck::perft(p, depth, 1) == expected);
        }
    }
}

TEST_CASE("bulk counts and table perft agree with the move lists over random games") {
    std::mt19937_64 rng(5);
    for (int game = 0; game < 40; ++game) {
        auto p = ck::start_position();
        for (int ply = 0; ply < 200; ++ply) {
            const auto moves = ck::legal_moves(p);
            REQUIRE(ck::count_moves(p) == moves.size());
            if (moves.empty()) break;
            if (ply % 16 == 5) {
                const auto expected = naive_perft(p, 4);
                CHECK(ck::perft(p, 4, 1) == expected);
                CHECK(ck::perft_no_table(p, 4) == expected);
            }
            p = ck::apply(p, moves[rng() % moves.size()]);
        }
    }
}

TEST_SUITE("slow") {
    TEST_CASE("perft from the start position, depths 10 and 11") {
        const auto start = ck::start_position();
        CHECK(ck::perft(start, 10) == reference[10]);
        CHECK(ck::perft_no_table(start, 10) == reference[10]);
        // Timed (reported, not asserted: the machine may be shared).
        for (bool table : {true, false}) {
            const auto t0 = std::chrono::steady_clock::now();
            const std::clock_t c0 = std::clock();
            const auto n = table ? ck::perft(start, 11) : ck::perft_no_table(start, 11);
            const double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
            const double wall =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            CHECK(n == reference[11]);
            const std::string how = table ? "with table" : "without table";
            MESSAGE("perft(11) " << how << ": wall " << wall << " s, cpu " << cpu << " s");
        }
        CHECK(ck::new_game()->perft(11) == reference[11]);
        // A 1 MiB table at depth 11: slots are overwritten and shared all the
        // time; the full position kept in each entry keeps the count exact.
        CHECK(ck::perft(start, 11, 1) == reference[11]);
    }
}
