// The evaluation's board-wide terms (runaway men, tempo, trapped kings) are
// computed on whole bitboards for speed; here each is counted again piece by
// piece, square by square, straight from its definition in checkers_eval.hpp,
// and the two must agree on many random positions.
#include <random>

#include "checkers/checkers_eval.hpp"
#include "checkers_test_util.hpp"

using namespace checkers_test;
namespace eval = kibitz::core::checkers::eval;

namespace {

struct eval_square {
    int row, col;  // row 0 = squares 1-4 (Black's back row); col 0..7 on the 8x8 board
};

eval_square eval_square_of(int n) {
    const int r = (n - 1) / 4;
    return {r, 2 * ((n - 1) % 4) + (r % 2 == 0 ? 1 : 0)};
}

int eval_square_at(int row, int col) {  // 0 when off the board or a light square
    if (row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 == 0) return 0;
    return 4 * row + col / 2 + 1;
}

enum class eval_piece { none, man, king };

struct eval_board {
    eval_piece kind[2][33]{};
    int owner(int n) const {
        if (kind[ck::black][n] != eval_piece::none) return ck::black;
        if (kind[ck::white][n] != eval_piece::none) return ck::white;
        return -1;
    }
};

eval_board eval_board_of(const ck::position& p) {
    eval_board b;
    for (int s = 0; s < 2; ++s)
        for (int n = 1; n <= 32; ++n) {
            const std::uint64_t bit = std::uint64_t{1} << ck::bit_of_square(n);
            if (p.men[s] & bit) b.kind[s][n] = eval_piece::man;
            if (p.kings[s] & bit) b.kind[s][n] = eval_piece::king;
        }
    return b;
}

// Black's count less White's, one piece at a time.
void slow_terms(const ck::position& p, int& runaway, int& tempo, int& trapped) {
    const eval_board b = eval_board_of(p);
    runaway = tempo = trapped = 0;
    for (int s = 0; s < 2; ++s) {
        const int sign = s == ck::black ? 1 : -1, forward = s == ck::black ? 1 : -1;
        for (int n = 1; n <= 32; ++n) {
            const eval_square at = eval_square_of(n);
            if (b.kind[s][n] == eval_piece::man) {
                tempo += sign * (s == ck::black ? at.row : 7 - at.row);
                bool met = false;
                for (int t = 1; t <= 32; ++t) {
                    const eval_square e = eval_square_of(t);
                    const int ahead = (e.row - at.row) * forward;
                    if (b.owner(t) == (s ^ 1) && ahead > 0 && std::abs(e.col - at.col) <= ahead)
                        met = true;
                }
                if (!met) runaway += sign;
            }
            if (b.kind[s][n] == eval_piece::king) {
                bool free = false;
                for (int dr : {-1, 1})
                    for (int dc : {-1, 1}) {
                        const int to = eval_square_at(at.row + dr, at.col + dc);
                        if (to && b.owner(to) < 0) free = true;
                    }
                if (!free) trapped += sign;
            }
        }
    }
}

ck::position random_placement(std::mt19937_64& rng) {
    ck::position p;
    std::uniform_int_distribution<int> pick(0, 9);
    for (int n = 1; n <= 32; ++n) {
        const std::uint64_t bit = std::uint64_t{1} << ck::bit_of_square(n);
        switch (pick(rng)) {
        case 0:
        case 1:
            p.men[ck::black] |= bit;
            break;
        case 2:
        case 3:
            p.men[ck::white] |= bit;
            break;
        case 4:
            p.kings[ck::black] |= bit;
            break;
        case 5:
            p.kings[ck::white] |= bit;
            break;
        default:
            break;
        }
    }
    p.side = pick(rng) % 2;
    return p;
}

void check_terms(const ck::position& p) {
    int runaway, tempo, trapped;
    slow_terms(p, runaway, tempo, trapped);
    const eval::terms t = eval::terms_of(p);
    CAPTURE(ck::fen(p));
    CHECK(t.v[eval::runaway] == runaway);
    CHECK(t.v[eval::tempo] == tempo);
    CHECK(t.v[eval::trapped_king] == trapped);
}

}  // namespace

TEST_CASE("checkers evaluation: the board-wide terms agree with a count piece by piece") {
    std::mt19937_64 rng(28);
    for (int i = 0; i < 20000; ++i) check_terms(random_placement(rng));
    // Positions of play as well: men meeting, kings among them, few pieces left.
    for (int game = 0; game < 300; ++game) {
        ck::position p = ck::start_position();
        for (int ply = 0; ply < 200; ++ply) {
            check_terms(p);
            const auto legal = ck::legal_moves(p);
            if (legal.empty()) break;
            p = ck::apply(p, legal[rng() % legal.size()]);
        }
    }
}
