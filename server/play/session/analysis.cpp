#include "play/session/analysis.hpp"

#include "engine/engine_pool.hpp"
#include "kibitz/core/registry.hpp"
#include "protocol/out_engine.hpp"

namespace kibitz::server {

namespace {

// Scores for people: from the first seat's side (an evaluation bar reads one
// way whoever is to move), and a forced end as plies to it.
engine_score score_of(int score, int to_move, std::optional<int> table_lead) {
    engine_score s{to_move == 0 ? score : -score, {}, {}, {}};
    if (core::engine::is_decided(score)) {
        const int plies = core::engine::plies_to_end(score);
        s.end_in = std::abs(plies);
        s.winner = (plies > 0) == (to_move == 0) ? 0 : 1;
    }
    if (table_lead) s.table_lead = to_move == 0 ? *table_lead : -*table_lead;
    return s;
}

}  // namespace

std::optional<wire_error> analysis::start(engine_pool* engine, const peer_ref& to,
                                          std::string owner, const analysis_start_msg& m) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < min_gap)
        return wire_error{"rate_limited", "one analysis request every 250 ms at most"};
    last_ = now;
    const auto* info = core::find_game(m.game);
    if (!info) return wire_error{"unknown_game", "no game '" + m.game + "'"};
    if (!info->think || !engine)
        return wire_error{"not_available", "no engine for this game on this server"};
    std::unique_ptr<core::game> g;
    if (m.position) {
        auto loaded = info->from_position(*m.position);
        if (!loaded) return wire_error{"bad_position", loaded.reason()};
        g = std::move(loaded.value());
    } else {
        g = info->new_game();
    }
    for (std::size_t i = 0; i < m.moves.size(); ++i)
        if (auto r = g->try_move(m.moves[i]); !r)
            return wire_error{"illegal", "move " + std::to_string(i + 1) + ": " + r.reason()};
    if (g->current_status().over()) return wire_error{"game_over", "the game is over in this position"};

    stop();
    engine_pool::job j;
    j.owner = std::move(owner);
    const int to_move = g->to_move();
    j.game = std::move(g);
    j.limits.movetime_ms = max_think_ms;
    j.limits.level = core::engine::max_level;
    // One legal move (a forced capture, often) still has a value worth showing:
    // without this the engine answers at once with no evaluation.
    j.limits.score_forced_move = true;
    j.use_endgame = true;
    j.spread = true;
    // The next position of a review is mostly the same tree.
    j.limits.keep_table = true;
    stop_ = j.stop;
    const std::int64_t id = m.id;
    j.progress = [to, id, to_move](const core::engine::info& i) {
        send_to(to,
                encode(analysis_info_msg{id, i.depth, score_of(i.score, to_move, i.endgame_lead),
                                         i.nodes, i.time_ms, i.pv}));
    };
    j.done = [to, id, to_move](engine_pool::outcome r) {
        analysis_done_msg m{id, {}, {}};
        if (r)
            m.found = {r.value().text, r.value().depth,
                       score_of(r.value().score, to_move, r.value().endgame_lead)};
        else m.stopped = r.reason();
        send_to(to, encode(m));
    };
    if (!engine->submit(std::move(j)))
        return wire_error{"server_busy", "the engine is busy: try again in a moment"};
    return std::nullopt;
}

void analysis::stop() {
    if (stop_) stop_->store(true);
    stop_.reset();
}

}  // namespace kibitz::server
