// kibitz-cli: the rules core and the engine from a shell, for people, tests
// and benchmarks.
//   perft GAME DEPTH [--position TEXT]
//   moves GAME [--position TEXT]
//   play GAME [--position TEXT] MOVE...
//   selfplay GAME --games N --seed S [--max-plies P]
//   bestmove GAME [--position TEXT] [MOVE...] (--movetime MS | --depth N | --nodes N)
//            [--level L] [--seed S] [--endgame-dir DIR] [--threads N] [--book on|off]
//   book GAME --plies N --movetime MS [--margin M] [--threads N]
//   endgame GAME [--seeds N | --pieces N] --out FILE
//   engine GAME [--level L] [--endgame-dir DIR] [--table keep|fresh] [--spend PERCENT]
//          [--threads N] [--book on|off] (moves on stdin)
//   match GAME --a SPEC --b SPEC --games N [--movetime MS] [--seed S] [--max-plies P]
//   puzzles GAME --games N --seed S [--find-depth D] [--verify-depth D] [--want N]
//           [--opening-plies K] [--max-line L]
//   puzzles-annotate GAME --seed S [--games N] [--opening-plies K] [--max-plies P] FILE
// Exit status: 0 ok, 1 usage error, 2 illegal or unparsable input.
#include <iostream>

#include "commands.hpp"

namespace cli = kibitz::cli;
namespace core = kibitz::core;


int cli::usage(const std::string& why) {
    if (!why.empty()) std::cerr << "kibitz-cli: " << why << '\n';
    std::cerr
        << "usage:\n"
           "  kibitz-cli perft GAME DEPTH [--position TEXT]\n"
           "  kibitz-cli moves GAME [--position TEXT]\n"
           "  kibitz-cli play GAME [--position TEXT] MOVE...\n"
           "  kibitz-cli selfplay GAME --games N --seed S [--max-plies P]\n"
           "  kibitz-cli bestmove GAME [--position TEXT] [MOVE...] (--movetime MS | --depth N |"
           " --nodes N) [--level L] [--seed S] [--endgame-dir DIR] [--threads N] [--book on|off]\n"
           "  kibitz-cli book GAME --plies N --movetime MS [--margin M] [--threads N]\n"
           "  kibitz-cli endgame GAME [--seeds N | --pieces N] --out FILE\n"
           "  kibitz-cli engine GAME [--level L] [--endgame-dir DIR] [--table keep|fresh]"
           " [--spend PERCENT] [--threads N] [--book on|off]"
           "  (stdin: go MS [MOVE...] | newgame | quit)\n"
           "  kibitz-cli match GAME --a SPEC --b SPEC --games N [--movetime MS] [--seed S]"
           " [--max-plies P] [--opening-plies K]\n"
           "  kibitz-cli puzzles GAME --games N --seed S [--find-depth D] [--verify-depth D]"
           " [--want N] [--opening-plies K] [--max-line L]\n"
           "  kibitz-cli puzzles-annotate GAME --seed S [--games N] [--opening-plies K]"
           " [--max-plies P] FILE\n"
           "    SPEC: level=L, depth=D, nodes=N, movetime=MS, keep=0|1 (the table between"
           " moves),\n          spend=PERCENT (of movetime before a new iteration), book=0|1 (the "
           "opening book),"
           " comma-separated"
           " (level=8,nodes=20000)\n"
           "games:";
    for (const auto& g : core::all_games()) std::cerr << ' ' << g.id;
    std::cerr << '\n';
    return 1;
}

int main(int argc, char** argv) {
    std::string why;
    auto o = cli::parse_args(argc, argv, why);
    if (!o) return cli::usage(why);
    const auto* info = core::find_game(o->game_id);
    if (!info) return cli::usage("unknown game '" + cli::shown(o->game_id) + "'");
    if (o->command == "play") return cli::run_play(*o, *info);
    if (o->command == "bestmove") return cli::run_bestmove(*o, *info);
    if (o->command == "match") return cli::run_match(*o, *info);
    if (o->command == "puzzles") return cli::run_puzzles(*o, *info);
    if (o->command == "puzzles-annotate") return cli::run_puzzles_annotate(*o, *info);
    if (o->command == "endgame") return cli::run_endgame(*o, *info);
    if (o->command == "book") return cli::run_book(*o, *info);
    if (o->command == "engine") return cli::run_engine_session(*o, *info);
    auto g = cli::load_game(*o, *info, false);
    if (!g) return 2;
    if (o->command == "perft") return cli::run_perft(*o, *g);
    if (o->command == "moves") return cli::run_moves(*o, *g);
    return cli::run_selfplay(*o, *g, *info);
}
