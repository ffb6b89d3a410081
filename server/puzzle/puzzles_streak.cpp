// The puzzle service (puzzles.hpp): streak mode. Puzzles a step harder each
// (pick_streak_puzzle) until the first mistake; nothing rated, nothing marked
// seen, the best streak per game kept. On the service's strand.
#include <spdlog/spdlog.h>

#include "puzzle/puzzles.hpp"

namespace kibitz::server {

void puzzles::streak(const request& r) {
    auto& s = solver_of(r.who->key());
    const auto& game = r.m.game;
    auto& run = s.streak;
    const bool going = run && run->game == game && run->live;
    // The streak's puzzle still being solved (a page reloaded): the same again.
    if (going && s.in_streak && s.attempt && s.attempt_id == run->current && !s.attempt->over())
        return show(r, run->current, true);
    // Otherwise the next of a streak whose last puzzle was solved, or a new one.
    if (!going || !run->current_solved) run = puzzle_streak_run{game};
    const auto& list = by_game_[game];
    auto pick = pick_streak_puzzle(list, run->last, run->used, streak_noise_++);
    if (!pick) {
        run->live = false;
        return fail(r, "streak_complete",
                    "you solved every puzzle of this game in a row: start a new streak");
    }
    const auto& p = list[*pick];
    run->used.insert(p.id);
    run->last = p.rating.r;
    run->current = p.id;
    run->current_solved = false;
    show(r, p.id, true);
}

puzzle_streak_view puzzles::end_streak_try(const request& r, solver& s, bool solved) {
    s.attempt.reset();
    s.in_streak = false;
    auto& run = *s.streak;
    auto& st = s.games[run.game];
    if (!solved) {
        run.live = false;
        return {run.count, st.best_streak, true};
    }
    ++run.count;
    run.current_solved = true;
    if (run.count > st.best_streak) {
        st.best_streak = run.count;
        if (store_ && r.who->row)
            store_->record_puzzle_streak(r.who->row, run.game, run.count, cfg_.clock.now_ms(),
                                         [key = r.who->key()](core::result<bool> done) {
                                             if (!done)
                                                 spdlog::warn("puzzles: the streak of {}: {}", key,
                                                              done.reason());
                                         });
    }
    return {run.count, st.best_streak, false};
}

}  // namespace kibitz::server
