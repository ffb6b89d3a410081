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
#include "oware/oware_endgame.hpp"

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

// A board the endgame table covers ends the search with its final store
// difference (stores now + the table's value): a known win or loss ranks above
// or below anything the evaluation says (at most a few thousand), so the
// search prefers a sure win by one seed to a heuristic lead of ten; it stays
// below the mate-like scores of a game already decided (engine.hpp).
constexpr int known_win = 10000;

int known_score(const position& p, int value) {
    const int final_lead = p.stores[p.side] - p.stores[p.side ^ 1] + value;
    if (final_lead == 0) return 0;
    return (final_lead > 0 ? known_win : -known_win) + 100 * final_lead;
}

struct adapter {
    using position = oware::position;
    using move = search_move;
    static constexpr bool forced_noisy = false;
    static constexpr int history_size = 12;

    variant rules;
    const endgame_table* table = nullptr;
    int probe_seeds = -1;  // boards with at most this many seeds are probed

    bool known(const position& p, int& score) const {
        // Seeds on the board: 48 less the stores (positions always hold 48).
        if (total_seeds - p.stores[0] - p.stores[1] > probe_seeds) return false;
        const std::optional<int> v = table->value(p);
        if (!v) return false;
        score = known_score(p, *v);
        return true;
    }

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
    const endgame_table table(st.rules, l.endgame);
    adapter a{st.rules, &table, table.seeds()};
    engine::root_input<adapter> in;
    in.pos = st.pos;
    for (const position& p : st.earlier) in.history.push_back(a.hash(p));
    // A root the table covers: only the moves of the best value are searched,
    // with boards of fewer seeds probed, so the search picks the one that gets
    // on with capturing among them (the table knows no distance to the end).
    std::vector<int> exact(std::size_t(st.moves.size), 0), kept;
    if (table.value(st.pos)) {
        int best = -known_win * 2;
        for (int i = 0; i < st.moves.size; ++i) {
            // The same side moves again after an Ouril grand slam.
            const position& next = st.moves.next[i];
            const int seen = known_score(next, *table.value(next));
            exact[std::size_t(i)] = next.side == st.pos.side ? seen : -seen;
            best = std::max(best, exact[std::size_t(i)]);
        }
        for (int i = 0; i < st.moves.size; ++i)
            if (exact[std::size_t(i)] == best) kept.push_back(i);
        a.probe_seeds = total_seeds - st.pos.stores[0] - st.pos.stores[1] - 1;
    } else {
        for (int i = 0; i < st.moves.size; ++i) kept.push_back(i);
    }
    for (const int i : kept) {
        const int taken = st.moves.next[i].stores[st.pos.side] - st.pos.stores[st.pos.side];
        in.moves.push_back({st.moves.next[i], st.moves.pit[i], std::uint8_t(taken)});
    }
    if (kept.size() == std::size_t(st.moves.size))
        return engine::search_root(a, in, l, margin, sink, ws);
    engine::search_result r;
    if (kept.size() == 1) {
        r.depth = 1;
        r.score = exact[std::size_t(kept[0])];
        r.pv = {std::string(1, pit_letter(st.moves.pit[kept[0]]))};
        if (sink) sink(engine::info{1, r.score, 0, 0, r.pv});
    } else {
        r = engine::search_root(a, in, l, margin, sink, ws);
    }
    // Back to the game's own move numbers; the moves left out keep their exact scores.
    r.index = std::size_t(kept[r.index]);
    std::vector<int> scores(exact.begin(), exact.end());
    for (std::size_t j = 0; j < kept.size() && j < r.scores.size(); ++j)
        scores[std::size_t(kept[j])] = r.scores[j];
    r.scores = std::move(scores);
    return r;
}

std::vector<std::int8_t> build_oware_endgame(int seeds) {
    return build_endgame(variant::oware, seeds).values;
}

std::vector<std::int8_t> build_ouril_endgame(int seeds) {
    return build_endgame(variant::ouril, seeds).values;
}

std::optional<int> endgame_value(const game& g, std::span<const std::int8_t> table) {
    const game_state st = state_of(g);
    return endgame_table(st.rules, table).value(st.pos);
}

std::optional<int> endgame_final_lead(const game& g, std::span<const std::int8_t> table) {
    const game_state st = state_of(g);
    const std::optional<int> v = endgame_table(st.rules, table).value(st.pos);
    if (!v) return std::nullopt;
    return st.pos.stores[st.pos.side] - st.pos.stores[st.pos.side ^ 1] + *v;
}

}  // namespace kibitz::core::oware
