#pragma once
// What a personal API token may do (issue 26), as lichess names it: a token
// carries a set of these, chosen when it is made and fixed from then on.
// Pure functions; no executor.
#include <string>
#include <string_view>
#include <vector>

#include "kibitz/core/result.hpp"

namespace kibitz::server::auth {

enum class api_scope : unsigned {
    bot_play = 1,         // "bot:play": play as a bot account
    board_play = 2,       // "board:play": play one's own games from a program
    challenge_write = 4,  // "challenge:write": make, accept and decline challenges
    preference_read = 8,  // "preference:read": read the account's preferences
};

class scope_set {
public:
    scope_set() = default;
    bool has(api_scope s) const { return (bits_ & static_cast<unsigned>(s)) != 0; }
    void add(api_scope s) { bits_ |= static_cast<unsigned>(s); }
    bool empty() const { return bits_ == 0; }
    bool operator==(const scope_set&) const = default;

private:
    unsigned bits_ = 0;
};

const char* scope_name(api_scope s);
// The names of a set, in a fixed order ("bot:play", ...).
std::vector<std::string> scope_names(scope_set s);
// Names as a client sends them: each known, none twice, at least one;
// otherwise the reason (naming the offending name).
core::result<scope_set> parse_scopes(const std::vector<std::string>& names);
// As stored (space-separated) and back; an unknown stored name is ignored.
std::string scopes_text(scope_set s);
scope_set scopes_from_text(std::string_view text);

}  // namespace kibitz::server::auth
