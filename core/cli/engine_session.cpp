// engine: one process that plays a whole match's moves, as the server's engine
// thread does. It keeps its table between moves (the server does at full
// strength) and reads the endgame table once; a process per move (bestmove)
// can do neither, so a match harness measuring strength uses this.
//   stdin:  go MS [MOVE...]   think MS ms on the start position after MOVE...
//           newgame            forget the table (between a match's games)
//           quit
//   stdout: info lines as bestmove prints them, then "bestmove MOVE", or
//           "error REASON" for a line it cannot take
#include <cstdio>
#include <iostream>
#include <sstream>

#include "commands.hpp"

namespace kibitz::cli {

namespace {

namespace engine = core::engine;

// Answers one "go" line; false (and the reason) when it cannot.
bool go(std::istringstream& words, const core::game_info& info, engine::limits l,
        engine::workspace& ws, std::string& why) {
    std::string ms_text;
    words >> ms_text;
    const auto ms = to_int(ms_text);
    if (!ms || *ms < 1 || *ms > 86'400'000) {
        why = "go needs a time in ms from 1 to 86400000";
        return false;
    }
    auto g = info.new_game();
    std::string move;
    for (int n = 1; words >> move; ++n)
        if (auto r = g->try_move(move); !r) {
            why = "move " + std::to_string(n) + " (" + shown(move) + "): " + clip(r.reason());
            return false;
        }
    l.movetime_ms = *ms;
    auto r = engine::think(*g, l, print_info, ws);
    if (!r) {
        why = r.reason();
        return false;
    }
    print_answer(r.value());
    return true;
}

}  // namespace

int run_engine_session(const options& o, const core::game_info& info) {
    if (!o.args.empty()) return usage("engine takes its moves on stdin");
    long long level = engine::max_level, spend = engine::limits{}.iteration_start_percent,
              threads = 1;
    std::string why;
    if (!number_flag(o, "threads", 1, engine::max_threads, threads, why) ||
        !number_flag(o, "level", engine::min_level, engine::max_level, level, why) ||
        !number_flag(o, "spend", 1, 100, spend, why))
        return usage(why);
    const std::string* table = o.get("table");
    if (table && *table != "keep" && *table != "fresh") return usage("--table is keep or fresh");
    std::vector<std::int8_t> endgame;
    if (!load_endgame(o, info, endgame)) return 2;

    engine::limits l;
    l.level = static_cast<int>(level);
    l.endgame = endgame;
    l.keep_table = !table || *table == "keep";
    l.iteration_start_percent = static_cast<int>(spend);
    l.threads = static_cast<int>(threads);
    if (!book_flag(o, l, why)) return usage(why);
    auto ws = std::make_unique<engine::workspace>();
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        if (command == "quit") break;
        if (command == "newgame") {
            ws = std::make_unique<engine::workspace>();
        } else if (command == "go") {
            if (!go(words, info, l, *ws, why)) std::printf("error %s\n", why.c_str());
        } else if (!command.empty()) {
            std::printf("error unknown command '%s' (go, newgame, quit)\n", shown(command).c_str());
        }
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace kibitz::cli
