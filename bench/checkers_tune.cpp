// A Texel-style fit of the checkers evaluation's weights (not run in CI):
// quiet positions from self-play, each labelled with its game's result, and
// the weights of checkers_eval.hpp's terms fitted so that a logistic curve of
// the evaluation predicts the results (least squares, on the CPU).
//   bench_checkers_tune play BALLOTS GAMES NODES SEED OUT   self-play: one line a position
//   bench_checkers_tune fit FILE [ROUNDS=3000]              the fitted weights, printed
// `play` opens each game with an ACF ballot (bench/checkers_ballots.txt, in
// turn) and two random plies, then both sides are level 8 at NODES a move; a
// position is kept from ply 8 on when neither side has a capture. Each line is
// "RESULT FEN" (RESULT: 1 Black won, 0.5 a draw, 0 White won). Deterministic
// for its arguments.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "checkers/checkers_engine.hpp"
#include "checkers/checkers_eval.hpp"
#include "checkers/checkers_movegen.hpp"
#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace core = kibitz::core;
namespace ck = kibitz::core::checkers;
namespace ev = kibitz::core::checkers::eval;

namespace {

constexpr int max_plies = 300;

bool quiet(const ck::position& p) {
    const std::uint64_t empty = ck::detail::board & ~p.occupied();
    return !ck::detail::jumpers<ck::black>(p, empty) && !ck::detail::jumpers<ck::white>(p, empty);
}

std::vector<std::vector<std::string>> read_ballots(const char* path) {
    std::vector<std::vector<std::string>> out;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line.substr(line.find(':') + 1));
        std::vector<std::string> moves;
        for (std::string m; words >> m;) moves.push_back(m);
        out.push_back(moves);
    }
    return out;
}

int play(const char* ballots_path, int games, std::uint64_t nodes, std::uint64_t seed,
         const char* out_path) {
    const auto ballots = read_ballots(ballots_path);
    if (ballots.empty()) return std::fprintf(stderr, "no ballots in %s\n", ballots_path), 1;
    const core::game_info* info = core::find_game("checkers");
    std::ofstream out(out_path);
    core::splitmix64 rng{seed};
    core::engine::workspace ws(16);
    std::size_t kept = 0;
    for (int i = 0; i < games; ++i) {
        auto g = info->new_game();
        for (const auto& m : ballots[i % ballots.size()])
            if (!g->try_move(m))
                return std::fprintf(stderr, "ballot %d: %s illegal\n", i, m.c_str()), 1;
        for (int r = 0; r < 2 && !g->current_status().over(); ++r)
            g->play(rng.below(g->move_count()));
        std::vector<std::string> fens;
        for (int ply = 5; ply < max_plies && !g->current_status().over(); ++ply) {
            const ck::position p = ck::state_of(*g).pos;
            if (ply >= 8 && quiet(p)) fens.push_back(g->position_text());
            core::engine::limits l;
            l.nodes = nodes;
            l.seed = seed + i;
            g->play(core::engine::think(*g, l, {}, ws).value().move);
        }
        const core::status s = g->current_status();
        const char* result = s.kind != core::status_kind::win ? "0.5"
                             : s.winner == ck::black          ? "1"
                                                              : "0";
        for (const auto& f : fens) out << result << ' ' << f << '\n';
        kept += fens.size();
        if ((i + 1) % 100 == 0) std::fprintf(stderr, "%d games, %zu positions\n", i + 1, kept);
    }
    std::printf("%d games, %zu positions written to %s\n", games, kept, out_path);
    return 0;
}

struct sample {
    std::array<double, ev::term_count + 1> f{};  // the terms, then trade / trade_scale
    double result = 0.5;
};

double evaluate(const sample& s, const std::array<double, ev::term_count + 1>& w) {
    double v = 0;
    for (std::size_t i = 0; i < w.size(); ++i) v += w[i] * s.f[i];
    return v;
}

double sigmoid(double eval, double k) { return 1 / (1 + std::exp(-k * eval / 100)); }

double error(const std::vector<sample>& set, const std::array<double, ev::term_count + 1>& w,
             double k) {
    double e = 0;
    for (const auto& s : set) e += std::pow(s.result - sigmoid(evaluate(s, w), k), 2);
    return e / set.size();
}

int fit(const char* path, int rounds) {
    const core::game_info* info = core::find_game("checkers");
    std::vector<sample> set;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        const auto space = line.find(' ');
        auto g = info->from_position(line.substr(space + 1));
        if (!g) continue;
        const ev::terms t = ev::terms_of(ck::state_of(*g.value()).pos);
        sample s;
        s.result = std::stod(line.substr(0, space));
        for (int i = 0; i < ev::term_count; ++i) s.f[i] = t.v[i];
        s.f[ev::term_count] = double(t.trade) / ev::trade_scale;
        set.push_back(s);
    }
    if (set.empty()) return std::fprintf(stderr, "no positions in %s\n", path), 1;
    std::array<double, ev::term_count + 1> w{};
    for (int i = 0; i < ev::term_count; ++i) w[i] = ev::engine_weights[i];
    w[ev::term_count] = ev::trade_down;
    // The scale first: the k that makes the engine's own weights fit best.
    double k = 1, best = error(set, w, k);
    for (double step = 0.5; step > 0.001; step /= 2)
        for (double c : {k - step, k + step})
            if (c > 0)
                if (const double e = error(set, w, c); e < best) best = e, k = c;
    std::printf("%zu positions; k %.4f; error with the engine's weights %.6f\n", set.size(), k,
                best);
    // Then every weight but the man's (the unit) by Adam on the mean squared error.
    std::array<double, ev::term_count + 1> m{}, v{};
    const double rate = 0.3, b1 = 0.9, b2 = 0.999;
    for (int r = 1; r <= rounds; ++r) {
        std::array<double, ev::term_count + 1> grad{};
        for (const auto& s : set) {
            const double p = sigmoid(evaluate(s, w), k);
            const double d = (p - s.result) * p * (1 - p) * k / 100;
            for (std::size_t i = 0; i < w.size(); ++i) grad[i] += d * s.f[i];
        }
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (i == ev::men) continue;
            const double g = 2 * grad[i] / set.size();
            m[i] = b1 * m[i] + (1 - b1) * g;
            v[i] = b2 * v[i] + (1 - b2) * g * g;
            const double mh = m[i] / (1 - std::pow(b1, r)), vh = v[i] / (1 - std::pow(b2, r));
            w[i] -= rate * mh / (std::sqrt(vh) + 1e-9);
        }
        if (r % 500 == 0) std::fprintf(stderr, "round %d: error %.6f\n", r, error(set, w, k));
    }
    std::printf("error with the fitted weights %.6f\n", error(set, w, k));
    static const char* names[] = {"men",         "kings",       "back_guard",  "bridge",
                                  "center_core", "center_ring", "king_center", "king_edge",
                                  "mobility",    "chase",       "runaway",     "tempo",
                                  "tempo_late",  "trapped_king"};
    static_assert(std::size(names) == ev::term_count);
    for (int i = 0; i < ev::term_count; ++i)
        std::printf("    w[%s] = %ld;\n", names[i], std::lround(w[i]));
    std::printf("trade_down = %ld\n", std::lround(w[ev::term_count]));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "play" && argc == 7)
        return play(argv[2], std::atoi(argv[3]), std::strtoull(argv[4], nullptr, 10),
                    std::strtoull(argv[5], nullptr, 10), argv[6]);
    if (mode == "fit" && (argc == 3 || argc == 4))
        return fit(argv[2], argc == 4 ? std::atoi(argv[3]) : 3000);
    std::fprintf(stderr,
                 "usage: bench_checkers_tune play BALLOTS GAMES NODES SEED OUT\n"
                 "       bench_checkers_tune fit FILE [ROUNDS]\n");
    return 2;
}
