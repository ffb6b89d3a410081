#include "tournament/rules/arena_scoring.hpp"

namespace kibitz::server::tournament {

namespace {

int base_points(outcome r) {
    switch (r) {
    case outcome::win:
        return 2;
    case outcome::draw:
        return 1;
    case outcome::loss:
        return 0;
    }
    return 0;
}

}  // namespace

arena_scored_game score_arena_game(const arena_score& before, const arena_game& g,
                                   const arena_rules& rules) {
    arena_scored_game s;
    s.result = g.result;
    s.counted = g.counted;
    s.opponent_rating = g.opponent_rating;
    if (!g.counted) {
        s.mark = arena_mark::not_counted;
        return s;
    }
    if (g.result == outcome::draw && g.plies < rules.draw_min_plies) {
        // A quick draw earns nothing, even on fire: agreeing draws to farm points pays nothing.
        s.mark = arena_mark::early_draw;
        return s;
    }
    const bool doubled = before.on_fire();
    s.points = base_points(g.result) * (doubled ? 2 : 1);
    s.mark = doubled ? arena_mark::doubled : arena_mark::normal;
    // The bonus rewards playing on with half the time; a resignation-farming short win earns none.
    if (g.berserk && g.result == outcome::win && g.plies >= rules.berserk_min_plies) {
        s.berserk_bonus = true;
        s.points += 1;
    }
    return s;
}

void add_arena_game(arena_score& score, const arena_game& g, const arena_rules& rules) {
    arena_scored_game s = score_arena_game(score, g, rules);
    score.total += s.points;
    if (g.counted) score.wins_in_a_row = g.result == outcome::win ? score.wins_in_a_row + 1 : 0;
    score.sheet.push_back(s);
}

arena_score score_arena_sheet(std::span<const arena_game> games, const arena_rules& rules) {
    arena_score score;
    score.sheet.reserve(games.size());
    for (const arena_game& g : games) add_arena_game(score, g, rules);
    return score;
}

time_control berserk_clock(const time_control& tc) { return {tc.initial_s / 2, 0, std::nullopt}; }

bool berserk_allowed(const std::optional<time_control>& tc, int own_plies_made) {
    return tc && own_plies_made == 0 && berserk_clock(*tc).initial_s >= 1;
}

}  // namespace kibitz::server::tournament
