#include "json_text.hpp"

#include <cstdio>

namespace kibitz::cli {

std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += c;
        }
    }
    return out + '"';
}

std::string quoted_list(const std::vector<std::string>& xs) {
    std::string out = "[";
    for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? "," : "") + quoted(xs[i]);
    return out + "]";
}

std::string last_move_fields(const std::string& before, const std::string& last_move) {
    if (last_move.empty()) return {};
    return ",\"last_move\":" + quoted(last_move) + ",\"before\":" + quoted(before);
}

namespace {

// The JSON string starting at `at` (its opening quote); `at` ends past it.
std::optional<std::string> read_string(const std::string& s, std::size_t& at) {
    if (at >= s.size() || s[at] != '"') return std::nullopt;
    std::string out;
    for (++at; at < s.size(); ++at) {
        const char c = s[at];
        if (c == '"') {
            ++at;
            return out;
        }
        if (c != '\\') {
            out += c;
            continue;
        }
        if (++at >= s.size()) return std::nullopt;
        const char e = s[at];
        if (e == 'u') {
            // Only what `quoted` writes: \u00XX.
            if (at + 4 >= s.size()) return std::nullopt;
            unsigned v = 0;
            if (std::sscanf(s.substr(at + 1, 4).c_str(), "%4x", &v) != 1 || v > 0x7f)
                return std::nullopt;
            out += static_cast<char>(v);
            at += 4;
        } else if (e == 'n') {
            out += '\n';
        } else if (e == 't') {
            out += '\t';
        } else {
            out += e;  // \" \\ \/
        }
    }
    return std::nullopt;
}

std::optional<std::size_t> value_at(const std::string& line, const std::string& key) {
    const std::string name = quoted(key) + ":";
    const auto at = line.find(name);
    if (at == std::string::npos) return std::nullopt;
    return at + name.size();
}

}  // namespace

std::optional<string_value> string_field(const std::string& line, const std::string& key) {
    auto at = value_at(line, key);
    if (!at) return std::nullopt;
    std::size_t end = *at;
    auto text = read_string(line, end);
    if (!text) return std::nullopt;
    return string_value{std::move(*text), end};
}

std::optional<std::vector<std::string>> list_field(const std::string& line,
                                                   const std::string& key) {
    auto at = value_at(line, key);
    if (!at || *at >= line.size() || line[*at] != '[') return std::nullopt;
    std::size_t i = *at + 1;
    std::vector<std::string> out;
    while (i < line.size() && line[i] != ']') {
        if (!out.empty()) {
            if (line[i] != ',') return std::nullopt;
            ++i;
        }
        auto s = read_string(line, i);
        if (!s) return std::nullopt;
        out.push_back(std::move(*s));
    }
    if (i >= line.size()) return std::nullopt;
    return out;
}

}  // namespace kibitz::cli
