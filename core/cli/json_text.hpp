#pragma once
// The little JSON kibitz-cli reads and writes: the puzzle files' lines (one
// flat object a line, strings and lists of strings, as `puzzles` writes
// them). The core has no JSON library; this is enough for our own files.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::cli {

// A JSON string: quote and backslash escaped, anything below a space as \u00XX.
std::string quoted(const std::string& s);
std::string quoted_list(const std::vector<std::string>& xs);
// A puzzle's `,"last_move":…,"before":…` (written right after its position),
// or nothing when there is no last move.
std::string last_move_fields(const std::string& before, const std::string& last_move);

// The string value of `"key":` in `line`, and the offset just past it; none
// when the key is missing or its value is not a string.
struct string_value {
    std::string text;
    std::size_t end = 0;
};
std::optional<string_value> string_field(const std::string& line, const std::string& key);
// The list of strings of `"key":`; none when missing or not such a list.
std::optional<std::vector<std::string>> list_field(const std::string& line, const std::string& key);

}  // namespace kibitz::cli
