#include "options.hpp"

#include <algorithm>
#include <charconv>

namespace kibitz::cli {

namespace {

const std::map<std::string, std::vector<std::string>, std::less<>> command_flags = {
    {"perft", {"position"}},
    {"moves", {"position"}},
    {"play", {"position"}},
    {"selfplay", {"position", "games", "seed", "max-plies"}},
    {"bestmove",
     {"position", "movetime", "depth", "nodes", "level", "seed", "endgame-dir", "threads", "book"}},
    {"book", {"plies", "movetime", "margin", "threads"}},
    {"endgame", {"seeds", "pieces", "out"}},
    {"engine", {"level", "endgame-dir", "table", "spend", "threads", "book"}},
    {"match", {"position", "a", "b", "games", "movetime", "seed", "max-plies", "opening-plies"}},
    {"puzzles",
     {"games", "seed", "find-depth", "verify-depth", "opening-plies", "want", "max-line"}},
    {"puzzles-annotate", {"seed", "games", "opening-plies", "max-plies"}},
};

}  // namespace

const std::vector<std::string>& flags_of(std::string_view command) {
    static const std::vector<std::string> none;
    auto it = command_flags.find(command);
    return it == command_flags.end() ? none : it->second;
}

std::optional<options> parse_args(int argc, char** argv, std::string& why) {
    if (argc < 3) {
        why = "a command and a game are needed";
        return std::nullopt;
    }
    options o{argv[1], argv[2], {}, {}};
    if (command_flags.find(o.command) == command_flags.end()) {
        why = "unknown command '" + shown(o.command) + "'";
        return std::nullopt;
    }
    const auto& allowed = flags_of(o.command);
    for (int i = 3; i < argc; ++i) {
        std::string_view a = argv[i];
        if (a.size() > 2 && a.substr(0, 2) == "--") {
            const std::string name(a.substr(2));
            if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
                why = "'" + o.command + "' takes no option --" + shown(name);
                return std::nullopt;
            }
            if (i + 1 >= argc) {
                why = "--" + name + " needs a value";
                return std::nullopt;
            }
            o.flags[name] = argv[++i];
        } else {
            o.args.emplace_back(a);
        }
    }
    return o;
}

std::optional<long long> to_int(std::string_view s) {
    long long v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

std::string shown(std::string_view text) {
    constexpr std::size_t limit = 40;
    if (text.size() <= limit) return std::string(text);
    return std::string(text.substr(0, limit)) + "... (" + std::to_string(text.size()) + " characters)";
}

}  // namespace kibitz::cli
