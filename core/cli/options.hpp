#pragma once
// kibitz-cli's command line: the command, the game, its flags (each command
// names the ones it takes; any other is refused) and the positional words.
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::cli {

struct options {
    std::string command;
    std::string game_id;
    std::vector<std::string> args;  // positional words after GAME
    std::map<std::string, std::string, std::less<>> flags;

    bool has(std::string_view flag) const { return flags.find(flag) != flags.end(); }
    const std::string* get(std::string_view flag) const {
        auto it = flags.find(flag);
        return it == flags.end() ? nullptr : &it->second;
    }
};

// Parses argv; on a malformed line or a flag not in `allowed` for the command,
// sets `why` and returns nothing.
std::optional<options> parse_args(int argc, char** argv, std::string& why);
// The flags each command accepts (without the leading "--").
const std::vector<std::string>& flags_of(std::string_view command);

std::optional<long long> to_int(std::string_view s);
// Untrusted text as it may appear in a message: at most 40 characters.
std::string shown(std::string_view text);

}  // namespace kibitz::cli
