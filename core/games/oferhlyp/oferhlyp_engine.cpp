// The Oferhlýp adapter for the shared search (core/engine/adapter.hpp), over
// the rules' own bitboard position and move generator (oferhlyp.hpp). Attacks
// (each chain prefix is its own move) are the noisy moves.
//
// End rules inside the search:
// - A removed king: apply() removes it at once and static_status() then sees
//   the game won, so terminal() scores it as a win at that ply; the generator
//   never continues a chain past it.
// - Only two kings left: static_status() says draw, terminal() passes it on.
// - No legal turn: no_moves() is a draw.
// - Repetition: in Oferhlýp a turn that would make a position occur a third
//   time is illegal, and a player left with no legal turn draws. The root's
//   moves are the game's own legal moves, so the search never plays such a
//   turn. Inside the tree the shared search only sees hashes of the line and
//   of the game since the last attack (root_input::history = the game's
//   repetition window), and stops at the first recurrence. We score that as a
//   draw: the side that repeats has gained nothing, a cycle can only go on
//   until one side must deviate or has no legal turn (a draw), and a position
//   already seen twice in the game — where the real rule forbids the turn —
//   is valued as nothing gained rather than searched on. An attack lowers the
//   hit-point total, so it is irreversible and starts a new window, exactly as
//   the game's own window does.
#include "oferhlyp/oferhlyp_engine.hpp"

#include "engine/search.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace kibitz::core::oferhlyp {

namespace {

// The 0..7 direction of a one- or two-square move from `from` to `to`.
int direction(int from, int to) {
    const int dr = to / board_side - from / board_side, df = to % board_side - from % board_side;
    const int r = (dr > 0) - (dr < 0), f = (df > 0) - (df < 0);
    constexpr int table[3][3] = {{5, 4, 3}, {6, -1, 2}, {7, 0, 1}};  // [r + 1][f + 1]
    return table[r + 1][f + 1];
}

struct adapter {
    using position = oferhlyp::position;
    using move = oferhlyp::move;
    static constexpr bool forced_noisy = false;
    static constexpr int history_size = square_count * square_count;

    std::uint64_t hash(const position& p) const {
        return splitmix64_mix(p.tokens[0] * splitmix64_gamma + std::uint64_t(p.to_move)) ^
               splitmix64_mix(p.tokens[1] ^ 0xD1B54A32D192ED03ull) ^
               splitmix64_mix(p.half + 0x8CB92BA72F3D8DD7ull) ^
               splitmix64_mix(p.kings ^ 0x2545F4914F6CDD1Dull);
    }
    int side(const position& p) const { return p.to_move; }
    engine::outcome terminal(const position& p) const {
        const status s = static_status(p);
        if (!s.over()) return engine::outcome::none;
        if (s.kind == status_kind::draw) return engine::outcome::draw;
        return s.winner == p.to_move ? engine::outcome::win : engine::outcome::loss;
    }
    void generate(const position& p, std::vector<move>& out) const { pseudo_moves(p, out); }
    engine::outcome no_moves(const position&) const { return engine::outcome::draw; }
    engine::outcome repetition(const position&) const { return engine::outcome::draw; }
    int quiet_limit() const { return 0; }
    position play(const position& p, const move& m) const { return apply(p, m); }
    bool irreversible(const position&, const move& m) const { return m.kind == move_kind::attack; }
    int evaluate(const position& p) const { return oferhlyp::evaluate(p); }
    bool noisy(const position&, const move& m) const { return m.kind == move_kind::attack; }
    int order(const position& p, const move& m) const { return attack_gain(p, m); }
    // From, kind, length and the first six directions exactly; any further
    // directions folded in (two chains that far alike are rare, and a clash
    // only costs move ordering).
    std::uint32_t key(const move& m) const {
        std::uint32_t k = 0x80000000u | std::uint32_t(m.from) | std::uint32_t(m.kind) << 6 |
                          std::uint32_t(m.length) << 8;
        int cur = m.from;
        for (int i = 0; i < m.length; ++i) {
            const std::uint32_t d = std::uint32_t(direction(cur, m.to[i]));
            k ^= d << (12 + 3 * (i % 6)) ^ (i >= 6 ? std::uint32_t(i) << 12 : 0u);
            cur = m.to[i];
        }
        return k;
    }
    int history_slot(const position&, const move& m) const {
        return m.from * square_count + m.last();
    }
    std::string text(const position& p, const move& m) const { return move_text(p, m); }
};

static_assert(engine::search_adapter<adapter>);

}  // namespace

int attack_gain(const position& p, const move& m) {
    if (m.kind != move_kind::attack) return 0;
    int gain = 0, cur = m.from;
    for (int i = 0; i < m.length; ++i) {
        const int mid = (cur + m.to[i]) / 2;
        const bool half = (p.half >> mid) & 1, king = p.is_king(mid);
        if (king) gain += half ? 100000 : 300;
        gain += half ? 150 : 100;  // a removal also takes away a token
        cur = m.to[i];
    }
    return gain;
}

engine::search_result think(const game& g, const engine::limits& l, int margin,
                            const engine::info_sink& sink, engine::workspace& ws) {
    // The game's repetition window, through its position text (which carries
    // it exactly), so the rules' game class stays private to its file.
    const window w = parse_position(g.position_text()).value();
    const adapter a;
    engine::root_input<adapter> in;
    in.pos = w.back();
    for (std::size_t i = 0; i + 1 < w.size(); ++i) in.history.push_back(a.hash(w[i]));
    in.quiet_plies = static_cast<int>(w.size()) - 1;
    legal_moves(w, in.moves);  // the game's legal moves, in its order
    return engine::search_root(a, in, l, margin, sink, ws);
}

}  // namespace kibitz::core::oferhlyp
