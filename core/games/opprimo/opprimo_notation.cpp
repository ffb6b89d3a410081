// Opprimo notation: point and triangle names, move text, position text
// (format documented in opprimo.hpp). Parsers never throw: bad text gives no_index
// or an error.
#include <vector>

#include "opprimo/opprimo.hpp"

namespace kibitz::core::opprimo {

std::string point_name(int p) {
    std::string name(1, static_cast<char>('a' + points[p].file));
    name += std::to_string(points[p].rank);
    return name;
}

std::string triangle_name(int t) {
    std::string name;
    for (int c : triangle_corners[t]) {
        if (!name.empty()) name += '-';
        name += point_name(c);
    }
    return name;
}

int parse_point(std::string_view text) {
    if (text.size() < 2 || text.size() > 3) return no_index;
    if (text[0] < 'a' || text[0] > 'g') return no_index;
    int rank = 0;
    for (std::size_t i = 1; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') return no_index;
        rank = rank * 10 + (text[i] - '0');
    }
    if (text[1] == '0') return no_index;  // no leading zeros: one spelling per point
    return point_at(text[0] - 'a', rank);
}

int parse_triangle(std::string_view text) {
    int corner[3];
    for (int i = 0; i < 3; ++i) {
        const auto dash = text.find('-');
        if ((i < 2) != (dash != std::string_view::npos)) return no_index;
        corner[i] = parse_point(text.substr(0, dash));
        if (corner[i] < 0) return no_index;
        if (i < 2) text.remove_prefix(dash + 1);
    }
    if (corner[0] == corner[1] || corner[1] == corner[2] || corner[0] == corner[2])
        return no_index;
    return triangle_of(corner[0], corner[1], corner[2]);
}

std::string move_to_text(const move& m) {
    std::string text;
    if (m.kind == move_kind::king) {
        text = "K:";
        text += triangle_name(m.from);
        text += '>';
        text += triangle_name(m.to);
        return text;
    }
    text = point_name(m.from);
    text += m.kind == move_kind::convert ? 'x' : '-';
    text += point_name(m.to);
    if (m.promotes) text += "=N";
    return text;
}

std::string position_to_text(const position& pos) {
    std::string text = pos.side == 0 ? "y" : "r";
    for (int s = 0; s < 2; ++s) {
        text += s == 0 ? " Y:" : " R:";
        for (int p = 0; p < point_count; ++p) {
            if (!((pos.men[s] >> p) & 1)) continue;
            if ((pos.knights >> p) & 1) text += 'N';
            text += point_name(p);
            text += ',';
        }
        text += 'K';
        text += triangle_name(pos.king[s]);
    }
    return text;
}

namespace {
std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> out;
    while (true) {
        const auto at = text.find(sep);
        out.push_back(text.substr(0, at));
        if (at == std::string_view::npos) return out;
        text.remove_prefix(at + 1);
    }
}

// One side's item list ("a2,Nd5,Kd1-d3-e2") into `pos`.
std::string parse_side(std::string_view items, int s, position& pos) {
    bool have_king = false;
    for (auto item : split(items, ',')) {
        if (item.empty()) return "empty item in the piece list";
        if (item[0] == 'K') {
            const int t = parse_triangle(item.substr(1));
            if (t < 0) return "bad King triangle '" + std::string(item.substr(1)) + "'";
            if (have_king) return "more than one King for a side";
            if (castle_owner[t] != s) return "King outside its Castle: " + std::string(item);
            have_king = true;
            pos.king[s] = static_cast<std::int8_t>(t);
            continue;
        }
        const bool knight = item[0] == 'N';
        const int p = parse_point(knight ? item.substr(1) : item);
        if (p < 0) return "bad point '" + std::string(item) + "'";
        if (((pos.men[0] | pos.men[1]) >> p) & 1) return "point used twice: " + point_name(p);
        if (!knight && ((promotion_mask[s] >> p) & 1))
            return "a Soldier on " + point_name(p) + " would have been promoted";
        pos.men[s] |= bit(p);
        if (knight) pos.knights |= bit(p);
    }
    if (!have_king) return "a side has no King";
    return {};
}
}  // namespace

result<position> parse_position(std::string_view text) {
    // Exactly three fields separated by single spaces (surrounding blanks allowed).
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' ||
                             text.back() == '\r'))
        text.remove_suffix(1);
    const auto fields = split(text, ' ');
    if (fields.size() != 3) return error{"position text needs 3 fields: side Y:... R:..."};
    position pos;
    if (fields[0] == "y")
        pos.side = 0;
    else if (fields[0] == "r")
        pos.side = 1;
    else
        return error{"side to move must be 'y' or 'r'"};
    for (int s = 0; s < 2; ++s) {
        const std::string_view prefix = s == 0 ? "Y:" : "R:";
        if (fields[1 + s].substr(0, 2) != prefix)
            return error{"field " + std::to_string(2 + s) + " must start with " +
                         std::string(prefix)};
        auto why = parse_side(fields[1 + s].substr(2), s, pos);
        if (!why.empty()) return error{why};
    }
    // The side that just moved cannot have a trapped King: the game would have
    // ended before its move (a King of the side to move may be trapped: lost).
    if (king_trapped(pos, pos.side ^ 1))
        return error{"the King of the side not to move is trapped: unreachable position"};
    return pos;
}

}  // namespace kibitz::core::opprimo
