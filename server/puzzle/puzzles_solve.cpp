// The puzzle service (puzzles.hpp): showing a puzzle, the solver's moves, the
// solution, and the rating of a first try. On the service's strand.
#include <algorithm>
#include <cmath>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "puzzle/puzzles.hpp"

namespace kibitz::server {

namespace net = boost::asio;

namespace {
puzzle_rating_view view_of(const glicko2::rating& r) {
    return {static_cast<int>(std::lround(r.r)), static_cast<int>(std::lround(r.rd))};
}
}  // namespace

nlohmann::json last_move_json(const core::game& start, const std::vector<std::string>& moves) {
    if (moves.empty()) return nullptr;
    auto g = start.clone();
    for (std::size_t i = 0; i + 1 < moves.size(); ++i)
        if (!g->try_move(moves[i])) return nullptr;
    auto index = g->parse_move(moves.back());
    if (!index) return nullptr;
    const auto text = g->move_text(index.value());
    for (const auto& m : g->view_without_cells().moves)
        if (m.text == text) return {{"move", m.text}, {"path", m.path}, {"affected", m.affected}};
    return nullptr;
}

nlohmann::json lead_in_json(const puzzle_entry& p) {
    if (p.last_move.empty()) return nullptr;
    const core::game_info* info = core::find_game(p.game);
    if (!info) return nullptr;
    auto before = info->from_position(p.before);
    if (!before) return nullptr;
    // Only a move that really leads to the puzzle's position is shown.
    auto after = before.value()->clone();
    if (!after->try_move(p.last_move)) return nullptr;
    auto there = info->from_position(after->position_text());
    if (!there || there.value()->position_text() != p.position) return nullptr;
    return last_move_json(*before.value(), {p.last_move});
}

void puzzles::next(const request& r) {
    auto& s = solver_of(r.who->key());
    const auto& list = by_game_[r.m.game];
    const auto& st = s.games[r.m.game];
    // Of one theme (a rules page's link): every other puzzle counts as seen.
    std::set<std::string> other;
    if (!r.m.theme.empty())
        for (const auto& p : list)
            if (std::find(p.themes.begin(), p.themes.end(), r.m.theme) == p.themes.end())
                other.insert(p.id);
    if (!r.m.theme.empty() && other.size() == list.size())
        return fail(r, "unknown_theme",
                    "no " + r.m.game + " puzzle of the theme '" + r.m.theme + "'");
    auto seen = st.seen;
    seen.insert(other.begin(), other.end());
    if (s.attempt) seen.insert(s.attempt_id);  // "next" means another one
    auto pick = pick_next_puzzle(list, st.rating, seen);
    // Every one seen: the nearest again (a try that no longer counts).
    if (!pick && s.attempt) {
        auto again = other;
        again.insert(s.attempt_id);
        pick = pick_next_puzzle(list, st.rating, again);
    }
    if (!pick) pick = pick_next_puzzle(list, st.rating, other);
    if (!pick) return fail(r, "unknown_game", "no puzzles for '" + r.m.game + "'");
    show(r, list[*pick].id);
}

void puzzles::show(const request& r, const std::string& id, bool streak) {
    auto* p = find(id);
    if (!p) return fail(r, "unknown_puzzle", "no puzzle '" + id + "'");
    auto started = puzzle_attempt::start(*p);
    if (!started) return fail(r, "internal", "the puzzle does not load: " + started.reason());
    auto& s = solver_of(r.who->key());
    const auto& st = s.games[p->game];
    s.attempt.emplace(std::move(started).value());
    s.attempt_id = id;
    // Another puzzle opened leaves the streak: it ends where it stood.
    s.in_streak = streak;
    if (!streak && s.streak) s.streak->live = false;
    s.first_try = !streak && !st.seen.count(id);
    const auto& g = s.attempt->position();
    puzzle_shown_msg out{id,
                         p->game,
                         p->position,
                         s.attempt->solver(),
                         to_json(g.view_for_mover(true), true),
                         lead_in_json(*p),
                         view_of(p->rating),
                         p->themes,
                         view_of(st.rating),
                         !streak && !s.first_try,
                         std::nullopt};
    if (streak) out.streak = puzzle_streak_view{s.streak->count, st.best_streak, false};
    send_to(r.peer, encode(out));
}

void puzzles::move(const request& r) {
    if (!find(r.m.id)) return fail(r, "unknown_puzzle", "no puzzle '" + r.m.id + "'");
    auto& s = solver_of(r.who->key());
    if (!s.attempt || s.attempt_id != r.m.id)
        return fail(r, "not_current", "that is not the puzzle you are solving: open it first");
    auto before = s.attempt->position().clone();
    // A move the rules refuse is no try (the board offers legal moves only).
    auto index = before->parse_move(r.m.move);
    if (!index) return fail(r, "illegal", "not a legal move here: " + index.reason());
    auto answer = s.attempt->play(r.m.move);
    if (answer.v == puzzle_attempt::verdict::not_your_turn)
        return fail(r, "puzzle_over", "this try is over: ask for the next puzzle");
    puzzle_result_msg out;
    out.id = r.m.id;
    out.move = before->move_text(index.value());
    const bool wrong = answer.v == puzzle_attempt::verdict::wrong;
    out.verdict = wrong                                         ? "wrong"
                  : answer.v == puzzle_attempt::verdict::solved ? "solved"
                                                                : "right";
    out.replies = answer.replies;
    out.expected = answer.expected;
    // A wrong move is not played: the board stays where it was.
    const auto& now = wrong ? *before : s.attempt->position();
    out.board = to_json(now.view_for_mover(true), true);
    std::vector<std::string> played;
    if (!wrong) {
        played.push_back(out.move);
        played.insert(played.end(), answer.replies.begin(), answer.replies.end());
    }
    out.last = last_move_json(*before, played);
    if (s.attempt->over() && s.in_streak) {
        out.streak = end_streak_try(r, s, !wrong);
    } else if (s.attempt->over()) {
        // The result waits for the ratings (a stored solver's: the store's).
        return finish(r, s, !wrong, [r, out](std::optional<puzzle_ratings_view> rated) mutable {
            out.ratings = std::move(rated);
            if (r.ack) send_to(r.peer, ack_frame(*r.ack, r.type));
            send_to(r.peer, encode(out));
        });
    }
    if (r.ack) send_to(r.peer, ack_frame(*r.ack, r.type));
    send_to(r.peer, encode(out));
}

void puzzles::solution(const request& r) {
    auto* p = find(r.m.id);
    if (!p) return fail(r, "unknown_puzzle", "no puzzle '" + r.m.id + "'");
    puzzle_solution_msg out{r.m.id, p->moves, std::nullopt, std::nullopt};
    auto it = solvers_.find(r.who->key());
    // Looking at the solution of the puzzle being solved ends its try, unsolved
    // (and a streak with it).
    if (it != solvers_.end() && it->second.attempt && it->second.attempt_id == r.m.id &&
        !it->second.attempt->over()) {
        if (it->second.in_streak) {
            out.streak = end_streak_try(r, it->second, false);
        } else {
            return finish(r, it->second, false,
                          [r, out](std::optional<puzzle_ratings_view> rated) mutable {
                              out.ratings = std::move(rated);
                              send_to(r.peer, encode(out));
                          });
        }
    }
    send_to(r.peer, encode(out));
}

void puzzles::finish(const request& r, solver& s, bool solved, rated_then then) {
    const std::string id = s.attempt_id;
    auto* p = find(id);
    s.attempt.reset();  // what comes next for this id is refused (not_current)
    if (!p) return then(std::nullopt);
    auto& st = s.games[p->game];
    const bool first = s.first_try;
    s.first_try = false;
    st.seen.insert(id);
    if (!first) return then(std::nullopt);
    if (store_ && r.who->row) return rated_by_store(r, id, solved, std::move(then));
    // A guest kept in memory: rated here, from this node's ratings.
    auto rated = rate_first_try(st.rating, p->rating, solved, true);
    const auto change = static_cast<int>(std::lround(rated.solver.r) - std::lround(st.rating.r));
    st.rating = rated.solver;
    p->rating = rated.puzzle;
    ++plays_[id];
    then(puzzle_ratings_view{view_of(st.rating), view_of(p->rating), change});
}

void puzzles::rated_by_store(const request& r, const std::string& id, bool solved,
                             rated_then then) {
    const auto& game = find(id)->game;
    const glicko2::rating start;  // a solver's first rating in a game
    storage::puzzle_try t{
        r.who->row, id, game, solved, cfg_.clock.now_ms(), {start.r, start.rd, start.vol}};
    // The rule, run by the store on the ratings it holds at that moment.
    auto rate = [solved](const storage::puzzle_rating& sv, const storage::puzzle_rating& pz) {
        const auto x = rate_first_try({sv.r, sv.rd, sv.vol}, {pz.r, pz.rd, pz.vol}, solved, true);
        return std::pair<storage::puzzle_rating, storage::puzzle_rating>{
            {x.solver.r, x.solver.rd, x.solver.vol}, {x.puzzle.r, x.puzzle.rd, x.puzzle.vol}};
    };
    std::weak_ptr<puzzles> weak = shared_from_this();
    store_->record_puzzle_try(
        std::move(t), std::move(rate),
        [weak, key = r.who->key(), game, id,
         then = std::move(then)](core::result<std::optional<storage::puzzle_try_rated>> got) {
            auto self = weak.lock();
            if (!self) return;
            net::post(self->strand_, [self, key, game, id, then, got = std::move(got)] {
                if (!got) {
                    spdlog::warn("puzzles: recording a try of {}: {}", id, got.reason());
                    return then(std::nullopt);
                }
                // Tried before on another node: this try counts for nothing.
                if (!got.value()) return then(std::nullopt);
                const auto& t = *got.value();
                auto& st = self->solver_of(key).games[game];
                st.rating = {t.solver_after.r, t.solver_after.rd, t.solver_after.vol};
                const glicko2::rating puzzle{t.puzzle_after.r, t.puzzle_after.rd,
                                             t.puzzle_after.vol};
                if (auto* p = self->find(id)) p->rating = puzzle;
                self->plays_[id] = t.plays;
                const auto change = static_cast<int>(std::lround(t.solver_after.r) -
                                                     std::lround(t.solver_before.r));
                then(puzzle_ratings_view{view_of(st.rating), view_of(puzzle), change});
            });
        });
}

}  // namespace kibitz::server
