#pragma once
// Text a person types and others read (chat lines, tournament names, token
// descriptions): cleaned the same way wherever it is stored (security review
// F12). Control characters (C0, DEL, C1: a NUL or an ESC sequence for a
// terminal reading the logs) and the bidirectional controls (embeddings,
// overrides, isolates, marks: "U+202E Official" spoofing) are removed;
// leading and trailing white space is trimmed; what is left must have a
// visible character, and its length is counted in code points. The input
// must be UTF-8 (the JSON parser has checked it). Pure, header-only.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kibitz::server {

namespace person_text_detail {
// The code point starting at s[i] and its length in bytes (well-formed UTF-8).
inline char32_t decode(std::string_view s, std::size_t i, std::size_t& len) {
    const auto c = static_cast<unsigned char>(s[i]);
    len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (i + len > s.size()) len = s.size() - i;
    char32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (std::size_t k = 1; k < len; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    return cp;
}
inline bool removed(char32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) ||  // C0, DEL, C1
           c == 0x061C || c == 0x200E || c == 0x200F ||  // ALM, LRM, RLM
           (c >= 0x202A && c <= 0x202E) ||               // embeddings, overrides
           (c >= 0x2066 && c <= 0x2069);                 // isolates
}
// Blank to the eye: spaces and the zero-width characters.
inline bool invisible(char32_t c) {
    return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200D) || c == 0x2028 ||
           c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x2060 || c == 0x3000 || c == 0xFEFF ||
           c == 0x180E || c == 0x3164 || c == 0x115F || c == 0x1160 || c == 0xFFA0;
}
}  // namespace person_text_detail

// The cleaned text, or nothing when it is blank or longer than `max_chars`.
inline std::optional<std::string> person_text(std::string_view s, std::size_t max_chars) {
    using namespace person_text_detail;
    std::string out;
    out.reserve(s.size());
    std::size_t chars = 0, visible_end = 0, visible_chars = 0;
    bool seen_visible = false;
    for (std::size_t i = 0, len = 0; i < s.size(); i += len) {
        const auto c = decode(s, i, len);
        if (removed(c)) continue;
        const bool blank = invisible(c);
        if (!seen_visible && blank) continue;  // leading white space
        out.append(s.substr(i, len));
        ++chars;
        if (!blank) {
            seen_visible = true;
            visible_end = out.size();
            visible_chars = chars;
        }
    }
    out.resize(visible_end);  // trailing white space
    if (!seen_visible || visible_chars > max_chars) return std::nullopt;
    return out;
}

}  // namespace kibitz::server
