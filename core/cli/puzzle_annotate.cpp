// puzzles-annotate: tells each puzzle of a mined file the move that led to
// its position. Replays the seed's self-play games as the miner played them,
// without screening (engine/puzzle_replay.hpp), finds each puzzle's position
// and writes the file again with `last_move` and `before` added right after
// `position`; every other byte of a line is kept, so ids, positions and
// lines cannot change. Only lines whose id is "<game>-<seed>-…" and that have
// no last move yet are looked for; the rest pass through unchanged.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "commands.hpp"
#include "engine/puzzle_replay.hpp"
#include "json_text.hpp"

namespace kibitz::cli {

namespace engine = core::engine;

int run_puzzles_annotate(const options& o, const core::game_info& info) {
    if (o.args.size() != 1) return usage("puzzles-annotate takes one FILE");
    long long seed = 1, games = 1'000'000, opening = 10, max_plies = 200;
    std::string why;
    if (!o.flags.count("seed")) return usage("puzzles-annotate needs --seed (the mining run's)");
    if (!number_flag(o, "seed", 0, 1'000'000'000'000'000, seed, why) ||
        !number_flag(o, "games", 1, 10'000'000, games, why) ||
        !number_flag(o, "opening-plies", 0, 200, opening, why) ||
        !number_flag(o, "max-plies", 1, 10'000, max_plies, why))
        return usage(why);
    std::ifstream in(o.args[0]);
    if (!in) {
        std::cerr << "kibitz-cli: cannot read " << shown(o.args[0]) << '\n';
        return 2;
    }
    const std::string prefix = std::string(info.id) + "-" + std::to_string(seed) + "-";
    std::vector<std::string> lines;
    std::vector<std::size_t> line_of;  // wanted index -> line index
    std::vector<engine::mined_position> wanted;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
        const auto id = string_field(line, "id");
        if (!id || id->text.rfind(prefix, 0) != 0 || string_field(line, "last_move")) continue;
        const auto position = string_field(line, "position");
        const auto moves = list_field(line, "moves");
        if (!position || !moves) {
            std::cerr << "kibitz-cli: line " << lines.size() << " is not a puzzle\n";
            return 2;
        }
        line_of.push_back(lines.size() - 1);
        wanted.push_back({position->text, static_cast<int>(moves->size())});
    }
    engine::replay_settings s;
    s.seed = static_cast<std::uint64_t>(seed);
    s.games = static_cast<int>(games);
    s.opening_plies = static_cast<int>(opening);
    s.max_plies = static_cast<int>(max_plies);
    engine::replay_stats stats;
    const auto found = engine::find_last_moves(info, s, wanted, stats);
    int missing = 0;
    for (std::size_t i = 0; i < found.size(); ++i) {
        std::string& line = lines[line_of[i]];
        if (!found[i].found) {
            ++missing;
            std::cerr << "not found: " << string_field(line, "id")->text << '\n';
            continue;
        }
        const auto end = string_field(line, "position")->end;
        line.insert(end, last_move_fields(found[i].before, found[i].last_move));
    }
    for (const auto& line : lines) std::printf("%s\n", line.c_str());
    std::fprintf(stderr,
                 "%s seed %lld: %zu puzzles looked for, %d not found, %d games replayed, %d found "
                 "out of the miner's order\n",
                 std::string(info.id).c_str(), seed, wanted.size(), missing, stats.games,
                 stats.out_of_order);
    return missing ? 2 : 0;
}

}  // namespace kibitz::cli
