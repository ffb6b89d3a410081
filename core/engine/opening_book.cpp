#include "kibitz/core/opening_book.hpp"

#include <algorithm>
#include <charconv>
#include <map>

#include "engine/embedded_books.hpp"
#include "kibitz/core/engine.hpp"

namespace kibitz::core::engine {

namespace {

bool read_int(std::string_view s, int& out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

std::vector<std::string_view> split(std::string_view s, char by) {
    std::vector<std::string_view> parts;
    for (;;) {
        const auto at = s.find(by);
        parts.push_back(s.substr(0, at));
        if (at == std::string_view::npos) return parts;
        s.remove_prefix(at + 1);
    }
}

// "MOVE SCORE DEPTH"
result<book_move> parse_move(std::string_view entry) {
    const auto words = split(entry, ' ');
    book_move m;
    if (words.size() != 3 || words[0].empty() || !read_int(words[1], m.score) ||
        !read_int(words[2], m.depth))
        return error{"'" + std::string(entry.substr(0, 40)) + "' is not MOVE SCORE DEPTH"};
    if (m.score <= -win_score || m.score >= win_score || m.depth < 0 || m.depth > max_ply)
        return error{"'" + std::string(entry.substr(0, 40)) +
                     "' has a score or depth out of range"};
    m.move = std::string(words[0]);
    return m;
}

}  // namespace

result<opening_book> opening_book::parse(std::string_view text) {
    opening_book book;
    int number = 0;
    for (std::string_view line : split(text, '\n')) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // a CRLF checkout
        if (line.empty() || line.front() == '#') continue;
        const auto fields = split(line, '\t');
        const std::string where = "line " + std::to_string(number) + ": ";
        if (fields.size() < 2 || fields[0].empty())
            return error{where + "a position and at least one move, tab-separated"};
        std::vector<book_move> moves;
        for (std::size_t i = 1; i < fields.size(); ++i) {
            auto m = parse_move(fields[i]);
            if (!m) return error{where + m.reason()};
            moves.push_back(std::move(m.value()));
        }
        std::stable_sort(moves.begin(), moves.end(),
                         [](const book_move& a, const book_move& b) { return a.score > b.score; });
        if (!book.lines_.emplace(std::string(fields[0]), std::move(moves)).second)
            return error{where + "the position is in the book twice"};
    }
    return book;
}

std::span<const book_move> opening_book::find(std::string_view position) const {
    const auto it = lines_.find(position);
    if (it == lines_.end()) return {};
    return it->second;
}

const opening_book* book_of(std::string_view game_id) {
    // Parsed once, on first use; a shipped book that does not parse (the
    // opening_book test reads each) is no book rather than a failed move.
    static const auto books = [] {
        std::map<std::string, opening_book, std::less<>> parsed;
        for (const auto& [id, text] : embedded_books())
            if (auto b = opening_book::parse(text); b && b.value().positions())
                parsed.emplace(std::string(id), std::move(b.value()));
        return parsed;
    }();
    const auto it = books.find(game_id);
    return it == books.end() ? nullptr : &it->second;
}

}  // namespace kibitz::core::engine
