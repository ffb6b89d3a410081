// The Oware/Ouril adapter for the shared search (core/engine/adapter.hpp). A
// move carries the position it leads to (the generator computes it anyway), so
// playing a move is a copy. The 16-byte position hashes as two words. Captures
// are the noisy moves; an Ouril grand slam keeps the side to move, which the
// search handles by not negating.
#include "oware/oware_engine.hpp"

#include <bit>
#include <cstring>

#include "engine/search.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace kibitz::core::oware {

namespace {

struct search_move {
    position next;
    std::uint8_t pit = 0;
    std::uint8_t taken = 0;  // seeds captured
};

// From the side to move's point of view: who wins if the game ends as `s` says.
engine::outcome seen_by(int side, const status& s) {
    if (s.kind == status_kind::draw) return engine::outcome::draw;
    return s.winner == side ? engine::outcome::win : engine::outcome::loss;
}

struct adapter {
    using position = oware::position;
    using move = search_move;
    static constexpr bool forced_noisy = false;
    static constexpr int history_size = 12;

    variant rules;

    std::uint64_t hash(const position& p) const {
        std::uint64_t w[2];
        std::memcpy(w, &p, sizeof w);
        return splitmix64_mix(w[0] + splitmix64_gamma) ^
               splitmix64_mix(w[1] ^ 0xD1B54A32D192ED03ull);
    }
    int side(const position& p) const { return p.side; }
    engine::outcome terminal(const position& p) const {
        if (p.stores[p.side] >= winning_store) return engine::outcome::win;
        if (p.stores[p.side ^ 1] >= winning_store) return engine::outcome::loss;
        return engine::outcome::none;
    }
    void generate(const position& p, std::vector<move>& out) const {
        move_set ms;
        oware::generate(rules, p, ms);
        out.resize(ms.size);
        for (int i = 0; i < ms.size; ++i) {
            const int taken = ms.next[i].stores[p.side] - p.stores[p.side];
            out[i] = {ms.next[i], ms.pit[i], std::uint8_t(taken)};
        }
    }
    engine::outcome no_moves(const position& p) const {
        return seen_by(p.side, position_status(p, 0));
    }
    engine::outcome repetition(const position& p) const {
        return seen_by(p.side, rows_to_owners(p, {}));
    }
    int quiet_limit() const { return 0; }
    position play(const position&, const move& m) const { return m.next; }
    bool irreversible(const position&, const move& m) const { return m.taken != 0; }
    int evaluate(const position& p) const { return oware::evaluate(rules, p); }
    bool noisy(const position&, const move& m) const { return m.taken != 0; }
    int order(const position&, const move& m) const { return m.taken; }
    std::uint32_t key(const move& m) const { return 0x100u | m.pit; }
    int history_slot(const position&, const move& m) const { return m.pit; }
    std::string text(const position&, const move& m) const { return std::string(1, pit_letter(m.pit)); }
};

static_assert(engine::search_adapter<adapter>);

}  // namespace

engine::search_result think(const game& g, const engine::limits& l, int margin,
                            const engine::info_sink& sink, engine::workspace& ws) {
    const game_state st = state_of(g);
    const adapter a{st.rules};
    engine::root_input<adapter> in;
    in.pos = st.pos;
    for (const position& p : st.earlier) in.history.push_back(a.hash(p));
    for (int i = 0; i < st.moves.size; ++i) {
        const int taken = st.moves.next[i].stores[st.pos.side] - st.pos.stores[st.pos.side];
        in.moves.push_back({st.moves.next[i], st.moves.pit[i], std::uint8_t(taken)});
    }
    return engine::search_root(a, in, l, margin, sink, ws);
}

}  // namespace kibitz::core::oware
