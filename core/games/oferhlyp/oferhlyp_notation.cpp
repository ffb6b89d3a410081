// Oferhlýp notation (v2.3) and position text, both ways.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>

#include "oferhlyp/oferhlyp.hpp"
#include "oferhlyp/oferhlyp_bits.hpp"

namespace kibitz::core::oferhlyp {

namespace {

using bits::bit;

int distance(int a, int b) {
    int dr = a / board_side - b / board_side, df = a % board_side - b % board_side;
    return std::max(std::abs(dr), std::abs(df));
}

// Is b reachable from a in a straight line of exactly n squares (8 directions)?
bool in_line(int a, int b, int n) {
    int dr = b / board_side - a / board_side, df = b % board_side - a % board_side;
    return distance(a, b) == n && (dr == 0 || std::abs(dr) == n) && (df == 0 || std::abs(df) == n);
}

// A small cursor over untrusted text.
struct reader {
    std::string_view s;
    std::size_t i = 0;

    bool done() const { return i >= s.size(); }
    char peek() const { return done() ? '\0' : s[i]; }
    bool eat(char c) {
        if (peek() != c) return false;
        ++i;
        return true;
    }
    int square() {  // -1 when there is no square here
        if (s.size() - i < 2) return -1;
        char f = static_cast<char>(std::toupper(static_cast<unsigned char>(s[i])));
        char r = s[i + 1];
        if (f < 'A' || f > 'G' || r < '1' || r > '7') return -1;
        i += 2;
        return (r - '1') * board_side + (f - 'A');
    }
};

// Hits `sq` in a copy of the board, as the chain does (see apply()).
void hit(position& q, int sq) {
    int victim = q.owner(sq);
    if (victim < 0) return;
    if (!(q.half & bit(sq))) {
        q.half |= bit(sq);
        return;
    }
    q.tokens[victim] &= ~bit(sq);
    q.half &= ~bit(sq);
    q.kings &= ~bit(sq);
}

}  // namespace

std::string square_name(int sq) {
    return {static_cast<char>('A' + sq % board_side), static_cast<char>('1' + sq / board_side)};
}

std::string move_text(const position& p, const move& m) {
    std::string s;
    if (p.is_king(m.from)) s += 'K';
    s += square_name(m.from);
    if (m.kind == move_kind::step) return s + '-' + square_name(m.to[0]);
    if (m.kind == move_kind::jump) {
        s += '~';
        if (p.is_king((m.from + m.to[0]) / 2)) s += 'K';
        return s + square_name(m.to[0]);
    }
    position q = p;
    int cur = m.from;
    for (int i = 0; i < m.length; ++i) {
        int mid = (cur + m.to[i]) / 2;
        s += 'x';
        if (q.is_king(mid)) s += 'K';
        s += square_name(m.to[i]);
        s += q.hit_points(mid) == 2 ? "(2>1)" : "(1>0)";
        hit(q, mid);
        cur = m.to[i];
    }
    return s;
}

result<move> parse_move(const position& p, std::span<const move> legal, std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    reader r{text};
    bool king_mark = r.eat('K');
    int from = r.square();
    if (from < 0) return error{"a move starts with a square A1..G7 (optionally after K)"};
    move m;
    m.from = static_cast<std::uint8_t>(from);
    // For each landing: was a K mark given, and which bracket (-1 none, else
    // the hit points the jumped token had before the hit).
    std::array<bool, max_chain> kmark{};
    std::array<int, max_chain> before{};
    before.fill(-1);
    if (char sep = r.peek(); sep == '-' || sep == '~') {
        r.eat(sep);
        m.kind = sep == '~' ? move_kind::jump : move_kind::step;
        kmark[0] = r.eat('K');
        if (kmark[0] && m.kind == move_kind::step)
            return error{"a step jumps over nothing, so its destination takes no K mark"};
        int to = r.square();
        if (to < 0) return error{"expected a destination square after '-' or '~'"};
        m.to[0] = static_cast<std::uint8_t>(to);
        m.length = 1;
    } else {
        m.kind = move_kind::attack;
        while (r.eat('x') || r.eat('X')) {
            if (m.length == max_chain) return error{"a chain can't hold more than 14 attacks"};
            int i = m.length;
            kmark[i] = r.eat('K');
            int to = r.square();
            if (to < 0) return error{"expected a landing square after 'x'"};
            m.to[i] = static_cast<std::uint8_t>(to);
            m.length++;
            if (r.eat('(')) {
                if (r.eat('-'))
                    before[i] = 2;
                else if (r.eat('r') || r.eat('R'))
                    before[i] = 1;
                else if (r.eat('2') && r.eat('>') && r.eat('1'))
                    before[i] = 2;
                else if (r.eat('1') && r.eat('>') && r.eat('0'))
                    before[i] = 1;
                if (before[i] < 0 || !r.eat(')'))
                    return error{"a hit-point bracket is (2>1), (1>0), (-) or (r)"};
            }
        }
        if (m.length == 0) return error{"expected '-', '~' or 'x' after the first square"};
    }
    if (!r.done())
        return error{"unexpected text after the move: '" + std::string(text.substr(r.i)) + "'"};

    const move* found = nullptr;
    for (const move& c : legal)
        if (c.kind == m.kind && c.from == m.from && c.length == m.length &&
            std::equal(c.to.begin(), c.to.begin() + c.length, m.to.begin()))
            found = &c;
    if (!found) return error{"not a legal move here: " + std::string(text)};

    if (king_mark && !p.is_king(m.from))
        return error{"K marks a king, but the token on " + square_name(m.from) + " is a man"};
    position q = p;
    int cur = m.from;
    for (int i = 0; i < m.length; ++i) {
        int mid = (cur + m.to[i]) / 2;
        if (kmark[i] && !q.is_king(mid))
            return error{"K before " + square_name(m.to[i]) + " marks a king, but " +
                         square_name(mid) + " holds a man"};
        if (before[i] >= 0 && before[i] != q.hit_points(mid))
            return error{"the bracket after " + square_name(m.to[i]) +
                         " doesn't match: the token on " + square_name(mid) + " has " +
                         std::to_string(q.hit_points(mid)) + " hit point(s)"};
        hit(q, mid);
        cur = m.to[i];
    }
    return *found;
}

std::string board_text(const position& p) {
    std::string s;
    for (int rank = board_side - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < board_side; ++file) {
            int sq = rank * board_side + file;
            int o = p.owner(sq);
            if (o < 0) {
                ++empty;
                continue;
            }
            if (empty) s += static_cast<char>('0' + empty);
            empty = 0;
            if (p.is_king(sq)) s += '+';
            char c = o == dark ? 'D' : 'L';
            s += p.hit_points(sq) == 2 ? c : static_cast<char>(std::tolower(c));
        }
        if (empty) s += static_cast<char>('0' + empty);
        if (rank) s += '/';
    }
    return s;
}

std::string position_text(const window& w) {
    const position& p = w.back();
    std::string s = board_text(p) + (p.to_move == dark ? " dark" : " light");
    for (std::size_t i = 0; i + 1 < w.size(); ++i) {
        int mover = w[i].to_move;
        int from = std::countr_zero(w[i].tokens[mover] & ~w[i + 1].tokens[mover]);
        int to = std::countr_zero(w[i + 1].tokens[mover] & ~w[i].tokens[mover]);
        s += ' ' + square_name(from) + (distance(from, to) == 1 ? '-' : '~') + square_name(to);
    }
    return s;
}

result<window> parse_position(std::string_view text) {
    std::vector<std::string_view> fields;
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        std::size_t j = text.find(' ', i);
        if (j == std::string_view::npos) j = text.size();
        fields.push_back(text.substr(i, j - i));
        i = j;
    }
    if (fields.size() < 2) return error{"a position text is '<board> <dark|light> [moves]'"};

    position p;
    int rank = board_side - 1, file = 0;
    bool king_next = false;
    for (char c : fields[0]) {
        if (c == '/') {
            if (file != board_side || king_next) return error{"each rank needs exactly 7 squares"};
            if (--rank < 0) return error{"too many ranks (7 expected)"};
            file = 0;
        } else if (c >= '1' && c <= '7') {
            if (king_next) return error{"'+' must come before a token letter"};
            file += c - '0';
            if (file > board_side) return error{"a rank has more than 7 squares"};
        } else if (c == '+') {
            if (king_next) return error{"'++' is not a token"};
            king_next = true;
        } else if (c == 'D' || c == 'd' || c == 'L' || c == 'l') {
            if (file >= board_side) return error{"a rank has more than 7 squares"};
            int sq = rank * board_side + file++;
            int side = (c == 'D' || c == 'd') ? dark : light;
            p.tokens[side] |= bit(sq);
            if (c == 'd' || c == 'l') p.half |= bit(sq);
            if (king_next) {
                if (p.kings & p.tokens[side]) return error{"a side has more than one king"};
                p.kings |= bit(sq);
            }
            king_next = false;
        } else {
            return error{std::string("unexpected character '") + c + "' in the board"};
        }
    }
    if (rank != 0 || file != board_side || king_next)
        return error{"the board needs 7 ranks of 7 squares"};
    for (int side : {dark, light})
        if (std::popcount(p.tokens[side]) > 14) return error{"a side has more than 14 tokens"};
    if (!p.kings) return error{"no king on the board"};
    if (fields[1] == "dark")
        p.to_move = dark;
    else if (fields[1] == "light")
        p.to_move = light;
    else
        return error{"the side to move is 'dark' or 'light'"};

    // Rebuild the repetition window by undoing the listed steps and jumps.
    window w{p};
    for (std::size_t k = fields.size(); k-- > 2;) {
        reader r{fields[k]};
        int from = r.square();
        bool jump = r.peek() == '~';
        bool sep = r.eat('-') || r.eat('~');
        int to = r.square();
        if (from < 0 || !sep || to < 0 || !r.done())
            return error{"history moves are plain steps or jumps such as E6-E5 or D7~D5"};
        position q = w.front();
        int mover = 1 - q.to_move;
        bool ok = q.owner(to) == mover && q.owner(from) < 0 && in_line(from, to, jump ? 2 : 1) &&
                  (!jump || q.owner((from + to) / 2) == mover);
        if (!ok)
            return error{"history move " + std::string(fields[k]) +
                         " doesn't lead to this position"};
        auto move_bit = [&](std::uint64_t& bb) {
            if (bb & bit(to)) bb = (bb & ~bit(to)) | bit(from);
        };
        move_bit(q.tokens[mover]);
        move_bit(q.kings);
        move_bit(q.half);
        q.to_move = mover;
        w.insert(w.begin(), q);
    }
    if (w.size() > 1 && static_status(p).over())
        return error{"a finished game has no moves after its end"};
    for (const position& q : w) {
        int seen = 0;
        for (const position& o : w) seen += o == q;
        if (seen > 2) return error{"the history repeats a position three times"};
    }
    return w;
}

}  // namespace kibitz::core::oferhlyp
