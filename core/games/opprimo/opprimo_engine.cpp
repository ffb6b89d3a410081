// The Opprimo adapter for the shared search (core/engine/adapter.hpp), over the
// rules' own position and move generator (opprimo.hpp). A position is four
// words, hashed whole. The end rules follow the game: a side to move whose King
// is trapped has lost (checked before repetition, as the game does), a side
// with no legal move has lost, and a repeated position is a draw.
//
// Noisy moves, searched on in quiescence: conversions (the material swing is
// two Soldiers), promotions, and steps onto a corner of the enemy King's
// triangle that leave two or three of its corners held (a trap, or the threat
// of one: cheap to see, and the game is decided by them).
//
// No move is declared irreversible: pieces change sides and Knights step back,
// so no simple count proves that an earlier position cannot recur; the search
// compares against the whole game instead (a few hundred keys at most).
#include "opprimo/opprimo_engine.hpp"

#include <bit>

#include "engine/search.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace kibitz::core::opprimo {

namespace {

std::uint64_t hash_of(const position& p) {
    const std::uint64_t small = std::uint64_t(std::uint8_t(p.king[0])) |
                                std::uint64_t(std::uint8_t(p.king[1])) << 8 |
                                std::uint64_t(p.side) << 16;
    return splitmix64_mix(p.men[0] + splitmix64_gamma) ^
           splitmix64_mix(p.men[1] ^ 0xD1B54A32D192ED03ull) ^
           splitmix64_mix((p.knights * 0xC2B2AE3D27D4EB4Full) ^ (small << 45) ^ small);
}

// How many corners of the enemy King's triangle the side to move holds after m.
int corners_after(const position& p, const move& m) {
    const int s = p.side;
    const std::uint64_t corners = triangle_mask[p.king[s ^ 1]];
    std::uint64_t own = p.men[s];
    if (m.kind != move_kind::king) {
        own = (own & ~bit(m.from)) | bit(m.to);
        if (m.kind == move_kind::convert) own |= bit(m.over);
    }
    return std::popcount(own & corners);
}

struct adapter {
    using position = opprimo::position;
    using move = opprimo::move;
    static constexpr bool forced_noisy = false;
    static constexpr int history_size = point_count * point_count + triangle_count;

    std::uint64_t hash(const position& p) const { return hash_of(p); }
    int side(const position& p) const { return p.side; }
    engine::outcome terminal(const position& p) const {
        return king_trapped(p, p.side) ? engine::outcome::loss : engine::outcome::none;
    }
    void generate(const position& p, std::vector<move>& out) const {
        move_list list;
        generate_moves(p, list);
        out.assign(list.items.begin(), list.items.begin() + list.size);
    }
    engine::outcome no_moves(const position&) const { return engine::outcome::loss; }
    engine::outcome repetition(const position&) const { return engine::outcome::draw; }
    int quiet_limit() const { return 0; }
    position play(const position& p, const move& m) const {
        position next = p;
        apply_move(next, m);
        return next;
    }
    bool irreversible(const position&, const move&) const { return false; }
    int evaluate(const position& p) const { return opprimo::evaluate(p); }
    bool noisy(const position& p, const move& m) const {
        if (m.kind == move_kind::convert || m.promotes) return true;
        if (m.kind == move_kind::king) return false;
        // A step onto a corner of the enemy King's triangle (not from another one).
        const std::uint64_t corners = triangle_mask[p.king[p.side ^ 1]];
        return (corners & bit(m.to)) && !(corners & bit(m.from)) && corners_after(p, m) >= 2;
    }
    int order(const position& p, const move& m) const {
        const int held = corners_after(p, m);
        if (held == 3) return 1000;  // the trap: wins at once
        int o = held == 2 ? 40 : 0;
        if (m.kind == move_kind::convert) o += (p.knights & bit(m.over)) ? 300 : 200;
        if (m.promotes) o += 100;
        return o;
    }
    std::uint32_t key(const move& m) const {
        return 0x1000000u | std::uint32_t(m.kind) << 16 | std::uint32_t(m.from) << 8 | m.to;
    }
    int history_slot(const position&, const move& m) const {
        if (m.kind == move_kind::king) return point_count * point_count + m.to;
        return m.from * point_count + m.to;
    }
    std::string text(const position&, const move& m) const { return move_to_text(m); }
};

static_assert(engine::search_adapter<adapter>);

}  // namespace

engine::search_result think(const game& g, const engine::limits& l, int margin,
                            const engine::info_sink& sink, engine::workspace& ws) {
    const game_state st = state_of(g);
    engine::root_input<adapter> in;
    in.pos = st.pos;
    for (const position& p : st.earlier) in.history.push_back(hash_of(p));
    in.moves.assign(st.moves.begin(), st.moves.end());
    const adapter a;
    return engine::search_root(a, in, l, margin, sink, ws);
}

}  // namespace kibitz::core::opprimo
