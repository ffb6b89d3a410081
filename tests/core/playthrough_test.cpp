// Golden playthroughs, as OpenSpiel keeps them: for every registered game, a
// few games of seeded random moves written out ply by ply (the position text,
// the side to move, every legal move in the order the core lists them, the
// move chosen, and the result). The files under tests/core/playthroughs/ are
// the record; this test plays the same games again and compares line by line,
// so any change to a game's rules, notation, move order or position text shows
// up here as a diff to read, even where every other suite still passes.
//
// A deliberate change: KIBITZ_REGENERATE_PLAYTHROUGHS=1 test_conformance
// -tc='playthrough*' rewrites the files; review the diff before committing it.
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "kibitz/core/registry.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace core = kibitz::core;

namespace {

constexpr int seeds = 2;
constexpr std::size_t playthrough_plies =
    120;  // enough to reach each game's middle and, often, its end

// A generator whose sequence is fixed by its definition (std::mt19937's is too,
// but the standard distributions' are not).
using split_mix = core::splitmix64;

std::string playthrough(const core::game_info& info) {
    std::ostringstream out;
    out << "# " << info.id << ": " << seeds << " games of seeded random moves, at most "
        << playthrough_plies << " plies each\n";
    for (int seed = 1; seed <= seeds; ++seed) {
        split_mix rng{static_cast<std::uint64_t>(seed)};
        auto g = info.new_game();
        out << "\ngame " << seed << "\n";
        std::size_t ply = 0;
        for (; ply < playthrough_plies && g->move_count() > 0; ++ply) {
            out << "ply " << ply << " | to move " << g->to_move() << " | " << g->position_text()
                << "\n  moves:";
            for (std::size_t i = 0; i < g->move_count(); ++i) out << ' ' << g->move_text(i);
            const std::size_t pick = rng.next() % g->move_count();
            out << "\n  plays " << g->move_text(pick) << "\n";
            g->play(pick);
        }
        const auto st = g->current_status();
        out << "end at ply " << ply << " | " << g->position_text() << " | ";
        if (!st.over()) out << "still playing\n";
        else if (st.kind == core::status_kind::draw) out << "draw (" << st.reason << ")\n";
        else out << "seat " << st.winner << " wins (" << st.reason << ")\n";
    }
    return out.str();
}

std::string path_of(const core::game_info& info) {
    return std::string(KIBITZ_PLAYTHROUGHS_DIR) + "/" + std::string(info.id) + ".txt";
}

}  // namespace

TEST_CASE("playthroughs: every game plays its recorded seeded games move for move") {
    const bool regenerate = std::getenv("KIBITZ_REGENERATE_PLAYTHROUGHS") != nullptr;
    for (const auto& info : core::all_games()) {
        CAPTURE(info.id);
        const std::string now = playthrough(info);
        if (regenerate) {
            std::ofstream(path_of(info)) << now;
            continue;
        }
        std::ifstream in(path_of(info));
        REQUIRE_MESSAGE(in.good(), "no playthrough recorded for " << info.id
                                                                  << ": run with KIBITZ_REGENERATE_PLAYTHROUGHS=1");
        std::stringstream recorded;
        recorded << in.rdbuf();
        // The first differing line, rather than two whole files.
        std::istringstream a(recorded.str()), b(now);
        std::string want, got;
        int line = 0;
        while (true) {
            const bool more_a = static_cast<bool>(std::getline(a, want));
            const bool more_b = static_cast<bool>(std::getline(b, got));
            ++line;
            if (!more_a && !more_b) break;
            if (!more_a) want = "<end of file>";
            if (!more_b) got = "<end of playthrough>";
            if (want != got) {
                FAIL_CHECK(info.id << ".txt line " << line << "\n  recorded: " << want
                                   << "\n  now:      " << got);
                break;
            }
        }
    }
}
