// PDN move notation and PDN FEN position text for checkers. Everything here
// reads untrusted text: it returns an error value, never throws or crashes.
#include <bit>
#include <string>
#include <vector>

#include "checkers/checkers_movegen.hpp"

namespace kibitz::core::checkers {

using detail::u64;

namespace {

std::string_view trim(std::string_view s) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Reads a square number 1..32 at s[i] (one or two digits, no sign, no leading
// zero); advances i. Returns 0 when there is none.
int read_square(std::string_view s, std::size_t& i) {
    if (i >= s.size() || !is_digit(s[i]) || s[i] == '0') return 0;
    int n = s[i++] - '0';
    if (i < s.size() && is_digit(s[i])) n = n * 10 + (s[i++] - '0');
    if (i < s.size() && is_digit(s[i])) return 0;  // three digits or more
    return n <= 32 ? n : 0;
}

bool same_path(const move& m, const std::vector<int>& squares) {
    if (m.length != squares.size()) return false;
    for (std::size_t i = 0; i < squares.size(); ++i)
        if (m.path[i] != squares[i]) return false;
    return true;
}

std::string list_moves(const std::vector<move>& legal, const std::vector<std::size_t>& which) {
    std::string out;
    for (std::size_t k = 0; k < which.size(); ++k) {
        if (k) out += k + 1 == which.size() ? " or " : ", ";
        out += move_text(legal[which[k]]);
    }
    return out;
}

}  // namespace

std::string move_text(const move& m) {
    std::string out;
    const char sep = m.is_capture() ? 'x' : '-';
    for (int i = 0; i < m.length; ++i) {
        if (i) out += sep;
        out += std::to_string(m.path[i]);
    }
    return out;
}

result<std::size_t> parse_move(const std::vector<move>& legal, std::string_view text) {
    const std::string_view t = trim(text);
    if (t.empty()) return error{"empty move"};
    if (legal.empty()) return error{"there is no legal move"};
    std::vector<int> squares;
    char sep = 0;
    std::size_t i = 0;
    for (;;) {
        const int sq = read_square(t, i);
        if (!sq) return error{"expected a square number 1-32 in '" + std::string(t) + "'"};
        squares.push_back(sq);
        if (i == t.size()) break;
        const char c = t[i] == 'X' ? 'x' : t[i];
        if ((c != '-' && c != 'x') || (sep && c != sep) || squares.size() > max_path)
            return error{"malformed move '" + std::string(t) + "' (write 11-15 or 15x24x31)"};
        sep = c;
        ++i;
    }
    if (squares.size() < 2) return error{"a move needs a start and a landing square"};
    const std::string shown(t);
    bool must_capture = legal.front().is_capture();  // captures are mandatory: all or none

    if (sep == '-') {
        if (squares.size() != 2) return error{"a simple move has two squares, e.g. 11-15"};
        for (std::size_t k = 0; k < legal.size(); ++k)
            if (!legal[k].is_capture() && same_path(legal[k], squares)) return k;
        // Rejected, not guessed: '-' never names a capture.
        if (must_capture) {
            std::vector<std::size_t> all;
            for (std::size_t k = 0; k < legal.size(); ++k) all.push_back(k);
            return error{shown + " is illegal: a capture is mandatory (" + list_moves(legal, all) +
                         ")"};
        }
        return error{shown + " is not a legal move"};
    }

    for (std::size_t k = 0; k < legal.size(); ++k)
        if (legal[k].is_capture() && same_path(legal[k], squares)) return k;
    if (squares.size() == 2) {
        // Short form AxB: accepted only when it names exactly one legal capture.
        std::vector<std::size_t> found;
        for (std::size_t k = 0; k < legal.size(); ++k) {
            const move& m = legal[k];
            if (m.is_capture() && m.path[0] == squares[0] && m.path[m.length - 1] == squares[1])
                found.push_back(k);
        }
        if (found.size() == 1) return found.front();
        if (found.size() > 1)
            return error{shown + " is ambiguous: it could be " + list_moves(legal, found)};
    }
    // A path that stops short of the end of a capture is not a move: the jump
    // must continue, and the full path (or an unambiguous AxB) names it.
    std::vector<std::size_t> from_here;
    for (std::size_t k = 0; k < legal.size(); ++k)
        if (legal[k].is_capture() && legal[k].path[0] == squares[0]) from_here.push_back(k);
    if (!from_here.empty())
        return error{shown + " is not a legal capture; from " + std::to_string(squares[0]) +
                     " the captures are " + list_moves(legal, from_here)};
    return error{shown + " is not a legal capture"};
}

std::string fen(const position& p) {
    std::string out(1, p.side == black ? 'B' : 'W');
    for (int s : {white, black}) {
        out += s == white ? ":W" : ":B";
        bool first = true;
        for (int sq = 1; sq <= 32; ++sq) {
            const u64 bit = u64{1} << bit_of_square(sq);
            if (!(p.pieces(s) & bit)) continue;
            if (!first) out += ',';
            first = false;
            if (p.kings[s] & bit) out += 'K';
            out += std::to_string(sq);
        }
    }
    return out;
}

result<position> parse_fen(std::string_view text) {
    const std::string_view t = trim(text);
    if (t.empty()) return error{"empty position"};
    if (t[0] != 'B' && t[0] != 'W') return error{"a position starts with the side to move, B or W"};
    position p;
    p.side = t[0] == 'B' ? black : white;
    bool seen[2] = {false, false};
    std::size_t i = 1;
    for (int section = 0; section < 2; ++section) {
        if (i >= t.size() || t[i] != ':')
            return error{"expected ':' then the white and the black pieces (e.g. B:W21,22:B1,2)"};
        ++i;
        if (i >= t.size() || (t[i] != 'W' && t[i] != 'B'))
            return error{"expected W or B after ':'"};
        const int s = t[i] == 'B' ? black : white;
        if (seen[s]) return error{std::string("the pieces of ") + t[i] + " are listed twice"};
        seen[s] = true;
        ++i;
        bool expect_item = false;  // after a ','
        while (i < t.size() && t[i] != ':') {
            const bool king = t[i] == 'K';
            if (king) ++i;
            const int a = read_square(t, i);
            if (!a) return error{"expected a square number 1-32 in the position"};
            int b = a;
            if (i < t.size() && t[i] == '-') {  // a range, e.g. 1-12 (or K1-3)
                ++i;
                b = read_square(t, i);
                if (!b || b < a) return error{"bad square range in the position"};
            }
            for (int sq = a; sq <= b; ++sq) {
                const u64 bit = u64{1} << bit_of_square(sq);
                if (p.occupied() & bit)
                    return error{"square " + std::to_string(sq) + " is listed twice"};
                (king ? p.kings[s] : p.men[s]) |= bit;
            }
            expect_item = false;
            if (i < t.size() && t[i] == ',') {
                ++i;
                expect_item = true;
            } else if (i < t.size() && t[i] != ':') {
                return error{"unexpected character in the position"};
            }
        }
        if (expect_item) return error{"a ',' with no square after it"};
    }
    if (i != t.size()) return error{"unexpected text after the black and white pieces"};
    // Positions that no game can reach are refused (see checkers.hpp).
    for (int s : {black, white}) {
        if (std::popcount(p.pieces(s)) > 12) return error{"more than 12 pieces for one side"};
        if (p.men[s] & detail::crown_row[s])
            return error{"a man on its crowning row (it would be a king)"};
    }
    if (!p.pieces(p.side ^ 1))
        return error{"the side not to move has no pieces (the game would already be over)"};
    return p;
}

}  // namespace kibitz::core::checkers
