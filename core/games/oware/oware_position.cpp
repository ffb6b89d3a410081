#include "oware/oware_position.hpp"

#include <cctype>

namespace kibitz::core::oware {

int position::row_sum(int seat) const {
    int s = 0;
    for (int i = seat * 6; i < seat * 6 + 6; ++i) s += pits[i];
    return s;
}

sowing sow(variant v, const position& p, int pit) {
    sowing r;
    position& n = r.next;
    n = p;
    const int seeds = n.pits[pit];
    n.pits[pit] = 0;
    // The origin is skipped on every lap, so a lap is 11 pits: every other pit
    // gets seeds/11, then the next seeds%11 pits after the origin one more.
    const int laps = seeds / 11, rest = seeds % 11;
    if (laps)
        for (int i = 0; i < pit_count; ++i)
            if (i != pit) n.pits[i] = std::uint8_t(n.pits[i] + laps);
    int j = pit;
    for (int k = 0; k < rest; ++k) {
        j = j == 11 ? 0 : j + 1;
        ++n.pits[j];
    }
    const int last = rest ? j : (pit + 11) % pit_count;

    const int mover = p.side, opp = 1 - mover;
    const int lo = opp * 6;
    r.fed = n.row_sum(opp) > 0;
    // Captures run clockwise (decreasing index) from the last pit and stop at
    // the end of the opponent's row: a's predecessor F and A's predecessor f
    // are the mover's own pits.
    int captured = 0;
    for (int i = last; i >= lo && i < lo + 6 && (n.pits[i] == 2 || n.pits[i] == 3); --i) {
        captured += n.pits[i];
        r.captured = std::uint16_t(r.captured | (1u << i));
        n.pits[i] = 0;
    }
    n.stores[mover] = std::uint8_t(n.stores[mover] + captured);
    // A feeding move that captures every seed it fed is a grand slam too.
    r.grand_slam = captured > 0 && n.row_sum(opp) == 0;

    // Ouril: the source's "majority of total harvested seeds" exception is the
    // 25-seed win, checked by position_status before any extra turn is played.
    if (v == variant::ouril && r.grand_slam && !p.extra) {
        n.extra = 1;  // the opponent is skipped: same side, extra turn
    } else {
        n.extra = 0;
        n.side = std::uint8_t(opp);
    }
    return r;
}

namespace {

// The rule each move must satisfy, apart from Ouril's single-seed rule.
// `opp_empty`: the opponent's row was empty before the move.
bool passes(variant v, const position& p, bool opp_empty, const sowing& s) {
    if (p.extra) return s.next.row_sum(1 - p.side) > 0;  // must leave a seed
    if (opp_empty && !s.fed) return false;               // feeding obligation
    // The source both says a grand slam "will lose immediately" and calls it
    // "a forbidden move"; the rules page decides: not a legal move at all.
    if (v == variant::oware && s.grand_slam) return false;
    return true;
}

bool has_multi(const position& p) {
    for (int i = p.side * 6; i < p.side * 6 + 6; ++i)
        if (p.pits[i] > 1) return true;
    return false;
}

}  // namespace

void generate(variant v, const position& p, move_set& out) {
    out.size = 0;
    if (p.stores[0] >= winning_store || p.stores[1] >= winning_store) return;
    const int own = p.side * 6;
    const bool opp_empty = p.row_sum(1 - p.side) == 0;
    const bool single_rule = v == variant::ouril && has_multi(p);
    // Ouril single-seed pits that pass every other rule; used only when no
    // other move does ("feeding prevails"). That can only happen when the
    // opponent must be fed (or, in an extra turn, left a seed): otherwise every
    // Ouril move with more than one seed is legal.
    std::uint8_t held = 0;
    for (int k = 0; k < 6; ++k) {
        const int i = own + k;
        if (!p.pits[i]) continue;
        const bool restricted = single_rule && p.pits[i] == 1;
        if (restricted && !opp_empty) continue;
        sowing s = sow(v, p, i);
        if (!passes(v, p, opp_empty, s)) continue;
        if (restricted) {
            held = std::uint8_t(held | (1u << k));
            continue;
        }
        out.pit[out.size] = std::uint8_t(i);
        out.captured[out.size] = s.captured;
        out.next[out.size] = s.next;
        ++out.size;
    }
    if (out.size == 0 && held) {
        for (int k = 0; k < 6; ++k) {
            if (!(held & (1u << k))) continue;
            sowing s = sow(v, p, own + k);
            out.pit[out.size] = std::uint8_t(own + k);
            out.captured[out.size] = s.captured;
            out.next[out.size] = s.next;
            ++out.size;
        }
    }
}

std::string illegal_reason(variant v, const position& p, int pit) {
    if (pit < 0 || pit >= pit_count) return "not a pit: use a letter a-f (South) or A-F (North)";
    if (pit / 6 != p.side)
        return std::string("pit ") + pit_letter(pit) + " belongs to " +
               (p.side == 0 ? "north" : "south") + ", not the side to move";
    if (!p.pits[pit]) return std::string("pit ") + pit_letter(pit) + " is empty";
    move_set ms;
    generate(v, p, ms);
    for (int i = 0; i < ms.size; ++i)
        if (ms.pit[i] == pit) return {};
    if (p.stores[0] >= winning_store || p.stores[1] >= winning_store) return "the game is over";
    const bool opp_empty = p.row_sum(1 - p.side) == 0;
    sowing s = sow(v, p, pit);
    if (p.extra && s.next.row_sum(1 - p.side) == 0)
        return "the extra turn after a grand slam must leave a seed on the opponent's row";
    if (!p.extra && opp_empty && !s.fed)
        return "the opponent's row is empty: the move must sow into it";
    if (v == variant::oware && s.grand_slam)
        return "a grand slam (capturing the whole opponent's row) is forbidden in Oware";
    return "a single seed may be played only when no other own pit holds more than one";
}

status rows_to_owners(const position& p, std::string reason) {
    const int south = p.stores[0] + p.row_sum(0), north = p.stores[1] + p.row_sum(1);
    if (south == north) return {status_kind::draw, -1, std::move(reason)};
    return {status_kind::win, south > north ? 0 : 1, std::move(reason)};
}

status position_status(const position& p, int legal) {
    for (int seat = 0; seat < 2; ++seat)
        if (p.stores[seat] >= winning_store) return {status_kind::win, seat, "25 seeds captured"};
    if (legal > 0) return {};
    // Ouril, extra turn with no move leaving a seed: each takes their own row
    // (the Ouril source); an ordinary turn with no move: the Oware ending, the
    // board not scored (the page keeps both endings, as the source has them).
    if (p.extra) return rows_to_owners(p, "no move after grand slam");
    // Otherwise the board is not scored: stores only.
    if (p.stores[0] == p.stores[1]) return {status_kind::draw, -1, "no legal move"};
    return {status_kind::win, p.stores[0] > p.stores[1] ? 0 : 1, "no legal move"};
}

namespace {
std::uint64_t perft_rec(variant v, const position& p, int depth) {
    move_set ms;
    generate(v, p, ms);
    if (depth == 1) return std::uint64_t(ms.size);
    std::uint64_t n = 0;
    for (int i = 0; i < ms.size; ++i) n += perft_rec(v, ms.next[i], depth - 1);
    return n;
}
}  // namespace

std::uint64_t perft(variant v, const position& p, int depth) {
    if (depth <= 0) return 1;
    return perft_rec(v, p, depth);
}

std::string to_text(const position& p) {
    std::string s = p.side == 0 ? "S:" : "N:";
    for (int i = 0; i < pit_count; ++i) {
        if (i) s += ',';
        s += std::to_string(p.pits[i]);
    }
    s += ':' + std::to_string(p.stores[0]) + ',' + std::to_string(p.stores[1]);
    if (p.extra) s += ":G";
    return s;
}

namespace {

// Reads one count 0..48: digits only (no sign, no spaces), at most 2 digits
// (a third digit is refused before it is added), so huge numbers cannot overflow.
bool read_count(std::string_view& t, int& out) {
    std::size_t k = 0;
    int v = 0;
    while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) {
        if (k >= 2) return false;  // 3+ digits: more than 48 anyway
        v = v * 10 + (t[k] - '0');
        ++k;
    }
    if (k == 0 || v > total_seeds) return false;
    out = v;
    t.remove_prefix(k);
    return true;
}

bool eat(std::string_view& t, char c) {
    if (t.empty() || t.front() != c) return false;
    t.remove_prefix(1);
    return true;
}

}  // namespace

result<position> parse_position(variant v, std::string_view text) {
    const auto bad = [](std::string why) {
        return error{"bad position text (" + why +
                     "); expected e.g. S:4,4,4,4,4,4,4,4,4,4,4,4:0,0"};
    };
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    if (text.size() > 200) return bad("too long");
    position p;
    if (eat(text, 'S')) p.side = 0;
    else if (eat(text, 'N')) p.side = 1;
    else return bad("side must be S or N");
    if (!eat(text, ':')) return bad("':' after the side");
    int sum = 0;
    for (int i = 0; i < pit_count; ++i) {
        int c = 0;
        if (i && !eat(text, ',')) return bad("12 pit counts separated by ','");
        if (!read_count(text, c)) return bad("pit counts are whole numbers 0..48");
        p.pits[i] = std::uint8_t(c);
        sum += c;
    }
    if (!eat(text, ':')) return bad("':' and the two stores after the 12 pit counts");
    for (int seat = 0; seat < 2; ++seat) {
        int c = 0;
        if (seat && !eat(text, ',')) return bad("two stores separated by ','");
        if (!read_count(text, c)) return bad("stores are whole numbers 0..48");
        p.stores[seat] = std::uint8_t(c);
        sum += c;
    }
    if (eat(text, ':')) {
        if (!eat(text, 'G')) return bad("the only fourth field is G");
        if (v != variant::ouril) return error{"':G' (extra turn after a grand slam) is Ouril only"};
        // Decision: an extra turn only follows a grand slam, so the opponent's
        // row must be empty; anything else is not a reachable position.
        if (p.row_sum(1 - p.side) != 0)
            return error{"':G' needs the opponent's row empty (it follows a grand slam)"};
        p.extra = 1;
    }
    if (!text.empty()) return bad("unexpected text at the end");
    // Decision: the total must be exactly 48. The rules (25 = more than half,
    // seeds conserved) are written for 48 seeds; any other total is not a
    // position of this game.
    if (sum != total_seeds)
        return error{"pits and stores must hold 48 seeds in all, not " + std::to_string(sum)};
    return p;
}

}  // namespace kibitz::core::oware
