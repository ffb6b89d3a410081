// puzzles: the puzzle miner from a shell. Writes one JSON object a line to
// stdout (the shipped format, schema/puzzles/<game>.jsonl) and its figures to
// stderr.
#include <cstdio>

#include "commands.hpp"
#include "engine/puzzle_miner.hpp"
#include "json_text.hpp"

namespace kibitz::cli {

namespace engine = core::engine;

int run_puzzles(const options& o, const core::game_info& info) {
    if (!o.args.empty()) return usage("puzzles takes no moves");
    long long games = 10, seed = 1, find = 6, verify = 8, opening = 10, want = 0, max_line = 7;
    std::string why;
    if (!number_flag(o, "games", 0, 1'000'000, games, why) ||
        !number_flag(o, "seed", 0, 1'000'000'000'000'000, seed, why) ||
        !number_flag(o, "find-depth", 1, 30, find, why) ||
        !number_flag(o, "verify-depth", 1, 30, verify, why) ||
        !number_flag(o, "opening-plies", 0, 200, opening, why) ||
        !number_flag(o, "want", 0, 1'000'000, want, why) ||
        !number_flag(o, "max-line", 1, 41, max_line, why))
        return usage(why);
    if (verify <= find) return usage("--verify-depth must be deeper than --find-depth");
    engine::mine_settings s;
    s.games = static_cast<int>(games);
    s.seed = static_cast<std::uint64_t>(seed);
    s.find_depth = static_cast<int>(find);
    s.verify_depth = static_cast<int>(verify);
    s.opening_plies = static_cast<int>(opening);
    s.want = static_cast<int>(want);
    s.max_line = static_cast<int>(max_line);
    int n = 0;
    const auto sum = engine::mine_puzzles(info, s, [&](const engine::puzzle& p) {
        // The id is the game's and the seed's, so sets mined apart never clash.
        const std::string id =
            std::string(info.id) + "-" + std::to_string(seed) + "-" + std::to_string(++n);
        std::printf(
            "{\"id\":%s,\"game\":%s,\"position\":%s%s,\"moves\":%s,\"rating\":%d,"
            "\"themes\":%s,\"depth\":%d}\n",
            quoted(id).c_str(), quoted(std::string(info.id)).c_str(), quoted(p.position).c_str(),
            last_move_fields(p.before, p.last_move).c_str(), quoted_list(p.moves).c_str(), p.rating,
            quoted_list(p.themes).c_str(), p.depth);
        std::fflush(stdout);
    });
    std::fprintf(stderr,
                 "%s: %llu positions screened, %llu candidates, %llu duplicates, %llu puzzles, "
                 "%lld ms (%.1f s per 1000 positions)\n",
                 std::string(info.id).c_str(), static_cast<unsigned long long>(sum.positions),
                 static_cast<unsigned long long>(sum.candidates),
                 static_cast<unsigned long long>(sum.duplicates),
                 static_cast<unsigned long long>(sum.kept), static_cast<long long>(sum.time_ms),
                 sum.positions ? sum.time_ms / double(sum.positions) : 0.0);
    return 0;
}

}  // namespace kibitz::cli
