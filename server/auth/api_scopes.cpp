#include "auth/api_scopes.hpp"

#include <array>
#include <optional>

namespace kibitz::server::auth {

namespace {
constexpr std::array all = {api_scope::bot_play, api_scope::board_play, api_scope::challenge_write,
                            api_scope::preference_read};

std::optional<api_scope> scope_named(std::string_view name) {
    for (auto s : all)
        if (name == scope_name(s)) return s;
    return std::nullopt;
}
}  // namespace

const char* scope_name(api_scope s) {
    switch (s) {
    case api_scope::bot_play:
        return "bot:play";
    case api_scope::board_play:
        return "board:play";
    case api_scope::challenge_write:
        return "challenge:write";
    case api_scope::preference_read:
        return "preference:read";
    }
    return "";
}

std::vector<std::string> scope_names(scope_set s) {
    std::vector<std::string> out;
    for (auto one : all)
        if (s.has(one)) out.emplace_back(scope_name(one));
    return out;
}

core::result<scope_set> parse_scopes(const std::vector<std::string>& names) {
    scope_set out;
    for (const auto& name : names) {
        auto s = scope_named(name);
        if (!s) return core::error{"unknown scope \"" + name.substr(0, 40) + "\""};
        if (out.has(*s)) return core::error{"scope \"" + name + "\" is given twice"};
        out.add(*s);
    }
    if (out.empty()) return core::error{"a token needs at least one scope"};
    return out;
}

std::string scopes_text(scope_set s) {
    std::string out;
    for (const auto& name : scope_names(s)) out += (out.empty() ? "" : " ") + name;
    return out;
}

scope_set scopes_from_text(std::string_view text) {
    scope_set out;
    while (!text.empty()) {
        auto space = text.find(' ');
        if (auto s = scope_named(text.substr(0, space))) out.add(*s);
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
    }
    return out;
}

}  // namespace kibitz::server::auth
