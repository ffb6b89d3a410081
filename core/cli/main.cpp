// kibitz-cli: the rules core from a shell, for people, tests and benchmarks.
//   perft GAME DEPTH [--position TEXT]
//   moves GAME [--position TEXT]
//   play GAME [--position TEXT] MOVE...
//   selfplay GAME --games N --seed S [--max-plies P]
// Exit status: 0 ok, 1 usage error, 2 illegal or unparsable input.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "kibitz/core/registry.hpp"

namespace core = kibitz::core;

namespace {

struct options {
    std::string command;
    std::string game_id;
    std::optional<std::string> position;
    std::vector<std::string> args;  // positional arguments after GAME
    std::map<std::string, std::string> flags;
};

int usage() {
    std::cerr << "usage:\n"
                 "  kibitz-cli perft GAME DEPTH [--position TEXT]\n"
                 "  kibitz-cli moves GAME [--position TEXT]\n"
                 "  kibitz-cli play GAME [--position TEXT] MOVE...\n"
                 "  kibitz-cli selfplay GAME --games N --seed S [--max-plies P]\n"
                 "games:";
    for (const auto& g : core::all_games()) std::cerr << ' ' << g.id;
    std::cerr << '\n';
    return 1;
}

std::optional<options> parse_args(int argc, char** argv) {
    if (argc < 3) return std::nullopt;
    options o{argv[1], argv[2], {}, {}, {}};
    for (int i = 3; i < argc; ++i) {
        std::string a = argv[i];
        if (a.size() > 2 && a.rfind("--", 0) == 0) {
            if (i + 1 >= argc) return std::nullopt;
            if (a == "--position")
                o.position = argv[++i];
            else
                o.flags[a.substr(2)] = argv[++i];
        } else {
            o.args.push_back(std::move(a));
        }
    }
    return o;
}

std::optional<long long> to_int(const std::string& s) {
    try {
        std::size_t used = 0;
        long long v = std::stoll(s, &used);
        if (used != s.size()) return std::nullopt;
        return v;
    } catch (...) {
        return std::nullopt;
    }
}

std::string describe(const core::status& s, const core::game_info& info) {
    switch (s.kind) {
        case core::status_kind::ongoing: return "ongoing";
        case core::status_kind::draw: return "draw (" + s.reason + ")";
        case core::status_kind::win:
            return std::string(info.seats[s.winner]) + " wins (" + s.reason + ")";
    }
    return "?";
}

int run_perft(const options& o, const core::game& g) {
    if (o.args.size() != 1) return usage();
    auto depth = to_int(o.args[0]);
    if (!depth || *depth < 0 || *depth > 30) {
        std::cerr << "depth must be a number from 0 to 30\n";
        return 1;
    }
    auto start = std::chrono::steady_clock::now();
    std::uint64_t leaves = g.perft(static_cast<int>(*depth));
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("time %.3f s, %.0f leaves/s\n", secs, secs > 0 ? leaves / secs : 0.0);
    std::printf("%llu\n", static_cast<unsigned long long>(leaves));
    return 0;
}

int run_moves(const core::game& g) {
    for (std::size_t i = 0; i < g.move_count(); ++i) std::cout << g.move_text(i) << '\n';
    return 0;
}

int run_play(const options& o, core::game& g, const core::game_info& info) {
    for (const auto& text : o.args) {
        if (g.current_status().over()) {
            std::cerr << "move '" << text << "': the game is over ("
                      << describe(g.current_status(), info) << ")\n";
            return 2;
        }
        auto played = g.try_move(text);
        if (!played) {
            std::cerr << "move '" << text << "': " << played.reason() << '\n';
            return 2;
        }
    }
    std::cout << g.position_text() << '\n' << describe(g.current_status(), info) << '\n';
    return 0;
}

// Deterministic across standard libraries: std::uniform_int_distribution is not.
std::size_t pick(std::mt19937_64& rng, std::size_t n) { return rng() % n; }

int run_selfplay(const options& o, const core::game& start, const core::game_info& info) {
    auto games = to_int(o.flags.count("games") ? o.flags.at("games") : "1");
    auto seed = to_int(o.flags.count("seed") ? o.flags.at("seed") : "1");
    auto max_plies = to_int(o.flags.count("max-plies") ? o.flags.at("max-plies") : "10000");
    if (!games || !seed || !max_plies || *games < 1 || *max_plies < 1) return usage();
    std::mt19937_64 rng(static_cast<std::uint64_t>(*seed));
    std::map<std::string, int> outcomes;
    long long total_plies = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (long long n = 0; n < *games; ++n) {
        auto g = start.clone();
        long long plies = 0;
        while (!g->current_status().over() && plies < *max_plies) {
            g->play(pick(rng, g->move_count()));
            ++plies;
        }
        total_plies += plies;
        auto st = g->current_status();
        ++outcomes[st.over() ? describe(st, info) : "unfinished after max plies"];
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const auto& [what, count] : outcomes) std::cout << count << "  " << what << '\n';
    std::printf("games %lld, average length %.1f plies, %.0f moves/s\n", *games,
                double(total_plies) / double(*games), secs > 0 ? total_plies / secs : 0.0);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    auto o = parse_args(argc, argv);
    if (!o) return usage();
    const auto* info = core::find_game(o->game_id);
    if (!info) {
        std::cerr << "unknown game '" << o->game_id << "'\n";
        return usage();
    }
    std::unique_ptr<core::game> g;
    if (o->position) {
        auto loaded = info->from_position(*o->position);
        if (!loaded) {
            std::cerr << "position: " << loaded.reason() << '\n';
            return 2;
        }
        g = std::move(loaded).value();
    } else {
        g = info->new_game();
    }
    if (o->command == "perft") return run_perft(*o, *g);
    if (o->command == "moves") return o->args.empty() ? run_moves(*g) : usage();
    if (o->command == "play") return run_play(*o, *g, *info);
    if (o->command == "selfplay") return run_selfplay(*o, *g, *info);
    return usage();
}
