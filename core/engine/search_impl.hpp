#pragma once
// searcher<A>'s member functions (included by search.hpp).
#include <exception>
#include <limits>
#include <thread>

namespace kibitz::core::engine {

namespace search_detail {
constexpr int infinity = win_score + 1;
constexpr int quiesce_limit = 24;          // noisy plies past the horizon
constexpr int check_every = 256;  // searched nodes between budget checks
// Move-ordering bands: the hash move, then noisy moves, killers, the rest by history.
constexpr int hash_band = 1 << 30, noisy_band = 1 << 28, killer_band = 1 << 27;
constexpr int history_cap = 1 << 26;
// Late-move reductions: from reduce_depth on, a quiet move that is not a killer
// and comes after the first few (more at a PV node) is searched shallower
// first, by two plies from reduce_more_depth on and past the first few more.
constexpr int reduce_depth = 3;
constexpr std::size_t reduce_after = 2, reduce_after_pv = 4;
constexpr int reduce_more_depth = 6;
constexpr std::size_t reduce_more_after = 8;
// Aspiration windows at the root: from aspiration_depth on, the next
// iteration first looks within aspiration_window of the last score.
constexpr int aspiration_depth = 4, aspiration_window = 40;
// Verified cuts (adapters with a cut_margin): from cut_depth on, a node whose
// static value clears beta by the margin is searched cut_reduction plies
// shallower against the raised bar first, and cut if that search agrees.
constexpr int cut_depth = 3, cut_reduction = 4;
}  // namespace search_detail

// The adapter's margin for verified cuts; 0: none.
template <search_adapter A>
constexpr int cut_margin() {
    if constexpr (requires { A::cut_margin; }) return A::cut_margin;
    else return 0;
}

// An exact score from the adapter's endgame table, for adapters that have one;
// a table that knows the distance to the end takes the ply, to score it as
// the search scores a forced end, and the plies since the last irreversible
// move, to know whether a quiet-move draw rule would end the game first.
template <search_adapter A>
bool known_score(const A& a, const typename A::position& p, int ply, int quiet, int& score) {
    if constexpr (requires {
                      { a.known(p, ply, quiet, score) } -> std::same_as<bool>;
                  })
        return a.known(p, ply, quiet, score);
    else if constexpr (requires {
                           { a.known(p, score) } -> std::same_as<bool>;
                       })
        return a.known(p, score);
    else return false;
}

template <search_adapter A>
bool searcher<A>::out_of_budget() {
    if (aborted_) return true;
    if (--until_check_ > 0) return false;
    until_check_ = search_detail::check_every;
    flush_nodes();
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
    // The first iteration always completes (it is cheap), so there is a move.
    if (!first_iteration_) {
        if (limits_.nodes && nodes_ >= limits_.nodes) aborted_ = true;
        if (limits_.movetime_ms && elapsed_ms() >= limits_.movetime_ms) aborted_ = true;
    }
    return aborted_;
}

template <search_adapter A>
void searcher<A>::rank_moves(const position& p, ply_state& st, std::uint32_t hash_move) const {
    st.order.resize(st.moves.size());
    const int side = a_.side(p);
    for (std::size_t i = 0; i < st.moves.size(); ++i) {
        const move& m = st.moves[i];
        const std::uint32_t k = a_.key(m);
        int o;
        if (k == hash_move)
            o = search_detail::hash_band;
        else if (a_.noisy(p, m))
            o = search_detail::noisy_band + a_.order(p, m);
        else if (k == st.killers[0])
            o = search_detail::killer_band + 1;
        else if (k == st.killers[1])
            o = search_detail::killer_band;
        else
            o = history_[side * A::history_size + a_.history_slot(p, m)];
        st.order[i] = o;
    }
}

template <search_adapter A>
void searcher<A>::reward(const position& p, ply_state& st, const move& m, int depth) {
    const std::uint32_t k = a_.key(m);
    if (st.killers[0] != k) {
        st.killers[1] = st.killers[0];
        st.killers[0] = k;
    }
    int& h = history_[a_.side(p) * A::history_size + a_.history_slot(p, m)];
    h += depth * depth;
    if (h > search_detail::history_cap)
        for (int& x : history_) x /= 2;
}

template <search_adapter A>
int searcher<A>::quiesce(const position& p, int alpha, int beta, int ply, int qdepth, int quiet) {
    ++nodes_;
    plies_[ply].pv_length = 0;
    if (out_of_budget()) return 0;
    if (const outcome o = a_.terminal(p); o != outcome::none) return decided(o, ply);
    // The search probed this node already before handing it over.
    if (int s; (qdepth > 0 || ply == 0) && known_score(a_, p, ply, quiet, s)) return s;
    if (ply >= max_ply) return a_.evaluate(p);
    ply_state& st = plies_[ply];
    a_.generate(p, st.moves);
    if (st.moves.empty()) return decided(a_.no_moves(p), ply);
    const bool forced = A::forced_noisy && a_.noisy(p, st.moves[0]);
    int best = -search_detail::infinity;
    if (!forced || qdepth >= 2 * search_detail::quiesce_limit) {
        best = a_.evaluate(p);
        if (best >= beta || qdepth >= search_detail::quiesce_limit) return best;
        alpha = std::max(alpha, best);
    }
    // Only noisy moves are searched; order them by the adapter's own ranking.
    st.order.resize(st.moves.size());
    for (std::size_t i = 0; i < st.moves.size(); ++i)
        st.order[i] = a_.noisy(p, st.moves[i]) ? a_.order(p, st.moves[i]) : std::numeric_limits<int>::min();
    for (std::size_t i = 0; i < st.moves.size(); ++i) {
        pick(st, i);
        if (st.order[i] == std::numeric_limits<int>::min()) break;
        const move m = st.moves[i];
        const int q = a_.irreversible(p, m) ? 0 : quiet + 1;
        const position c = a_.play(p, m);
        const int s = a_.side(c) == a_.side(p) ? quiesce(c, alpha, beta, ply + 1, qdepth + 1, q)
                                               : -quiesce(c, -beta, -alpha, ply + 1, qdepth + 1, q);
        if (aborted_) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (s >= beta) break;
            }
        }
    }
    return best == -search_detail::infinity ? a_.evaluate(p) : best;
}

template <search_adapter A>
int searcher<A>::search(const position& p, int depth, int alpha, int beta, int ply, int window,
                        int quiet, bool pv_node) {
    ply_state& st = plies_[ply];
    st.pv_length = 0;
    if (ply > 0) {
        if (const outcome o = a_.terminal(p); o != outcome::none) {
            ++nodes_;
            return decided(o, ply);
        }
        if (repeated(ply, window)) {
            ++nodes_;
            return decided(a_.repetition(p), ply);
        }
        if (a_.quiet_limit() && quiet >= a_.quiet_limit()) {
            ++nodes_;
            return 0;
        }
        // After the quiet-move draw, which comes first.
        if (int s; known_score(a_, p, ply, quiet, s)) {
            ++nodes_;
            return s;
        }
        // No result from here can beat a win already found nearer the root.
        alpha = std::max(alpha, -(win_score - ply));
        beta = std::min(beta, win_score - ply - 1);
        if (alpha >= beta) return alpha;
    }
    if (depth <= 0 || ply >= max_ply) return quiesce(p, alpha, beta, ply, 0, quiet);
    ++nodes_;
    if (out_of_budget()) return 0;

    const std::uint64_t key = keys_[base_ + ply];
    const probe_result hit = table_.probe(key, ply);
    if (hit.hit && !pv_node && hit.depth >= depth) {
        if (hit.kind == bound_exact || (hit.kind == bound_lower && hit.score >= beta) ||
            (hit.kind == bound_upper && hit.score <= alpha))
            return hit.score;
    }
    if constexpr (cut_margin<A>() > 0) {
        // A position far above beta by the evaluation rarely needs its full
        // depth to show it: a shallower search that confirms the surplus
        // stands for the full one (never at the root's two plies or on the
        // PV). Only near a level game: with a side ahead by several margins
        // every node clears the bar, the whole tree would lose cut_reduction
        // plies, and with them the shots that win (tests/core/checkers).
        using namespace search_detail;
        if (!pv_node && ply >= 2 && depth >= cut_depth && std::abs(beta) < 3 * cut_margin<A>()) {
            const int bar = beta + cut_margin<A>();
            if (a_.evaluate(p) >= bar) {
                const int s = search(p, std::max(depth - cut_reduction, 1), bar - 1, bar, ply,
                                     window, quiet, false);
                if (aborted_) return 0;
                if (s >= bar) return s;
            }
        }
    }

    a_.generate(p, st.moves);
    if (st.moves.empty()) return decided(a_.no_moves(p), ply);
    rank_moves(p, st, hit.hit ? hit.move : 0);
    // A single reply is no choice: look one ply further instead.
    const int extension = st.moves.size() == 1 ? 1 : 0;

    const int alpha_in = alpha;
    int best = -search_detail::infinity;
    std::uint32_t best_key = 0;
    for (std::size_t i = 0; i < st.moves.size(); ++i) {
        pick(st, i);
        const move m = st.moves[i];
        const bool noisy = a_.noisy(p, m);
        const bool reset = a_.irreversible(p, m);
        const position c = a_.play(p, m);
        const int w = reset ? base_ + ply + 1 : window;
        const int q = reset ? 0 : quiet + 1;
        const int d = depth - 1 + extension;
        int s;
        if (i == 0) {
            s = child(p, c, d, alpha, beta, ply, w, q, pv_node);
        } else {
            // Late quiet moves are searched shallower first; a surprise is re-searched.
            using namespace search_detail;
            int r = 0;
            if (depth >= reduce_depth && i >= (pv_node ? reduce_after_pv : reduce_after) &&
                !noisy && st.order[i] < killer_band)
                r = (depth >= reduce_more_depth && i >= reduce_more_after) ? 2 : 1;
            s = child(p, c, d - r, alpha, alpha + 1, ply, w, q, false);
            if (s > alpha && r) s = child(p, c, d, alpha, alpha + 1, ply, w, q, false);
            if (s > alpha && s < beta && pv_node) s = child(p, c, d, alpha, beta, ply, w, q, true);
        }
        if (aborted_) return 0;
        if (s > best) {
            best = s;
            best_key = a_.key(m);
            if (s > alpha) {
                alpha = s;
                ply_state& next = plies_[ply + 1];
                st.pv[0] = m;
                for (int j = 0; j < next.pv_length; ++j) st.pv[j + 1] = next.pv[j];
                st.pv_length = next.pv_length + 1;
                if (s >= beta) {
                    if (!noisy) reward(p, st, m, depth);
                    break;
                }
            }
        }
    }
    const bound kind = best >= beta ? bound_lower : best > alpha_in ? bound_exact : bound_upper;
    table_.store(key, best_key, best, depth, kind, ply);
    return best;
}

template <search_adapter A>
int searcher<A>::root_iteration(const root_input<A>& in, std::vector<std::size_t>& order,
                                std::vector<int>& scores, int depth, int alpha, int beta,
                                bool& completed_any, std::size_t& best_index) {
    ply_state& st = plies_[0];
    int best = -search_detail::infinity;
    completed_any = false;
    for (std::size_t n = 0; n < order.size(); ++n) {
        const std::size_t i = order[n];
        const move& m = in.moves[i];
        const bool reset = a_.irreversible(in.pos, m);
        const position c = a_.play(in.pos, m);
        const int w = reset ? base_ + 1 : 0;
        const int q = reset ? 0 : in.quiet_plies + 1;
        // With a margin, moves close to the best get exact scores too.
        const int floor = n == 0 ? alpha : std::max(alpha, best - margin_);
        int s;
        if (n == 0) {
            s = child(in.pos, c, depth - 1, alpha, beta, 0, w, q, true);
        } else {
            s = child(in.pos, c, depth - 1, floor, floor + 1, 0, w, q, false);
            if (s > floor && s < beta) s = child(in.pos, c, depth - 1, floor, beta, 0, w, q, true);
        }
        if (aborted_) break;
        completed_any = true;
        scores[i] = s;
        if (s > best) {
            best = s;
            best_index = i;
            root_pv_[0] = m;
            const ply_state& next = plies_[1];
            for (int j = 0; j < next.pv_length; ++j) root_pv_[j + 1] = next.pv[j];
            root_pv_length_ = next.pv_length + 1;
            if (s >= beta) break;
        }
    }
    (void)st;
    return best;
}

template <search_adapter A>
root_output searcher<A>::run(const root_input<A>& in) {
    root_output out;
    out.scores.assign(in.moves.size(), -search_detail::infinity);
    keys_.assign(in.history.begin(), in.history.end());
    base_ = static_cast<int>(keys_.size());
    keys_.resize(keys_.size() + max_ply + 2);
    keys_[base_] = a_.hash(in.pos);
    if (in.moves.empty()) return out;

    std::vector<std::size_t> order(in.moves.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::vector<int> scores(in.moves.size(), -search_detail::infinity);
    const int max_depth = limits_.depth > 0 ? std::min(limits_.depth, max_ply) : max_ply;
    int last = 0;
    for (int depth = first_depth_; depth <= max_depth; ++depth) {
        // Aspiration: expect the last score; widen on a miss.
        int delta = (depth >= search_detail::aspiration_depth && margin_ == 0 && !is_decided(last))
                        ? search_detail::aspiration_window
                        : search_detail::infinity;
        int alpha = std::max(-search_detail::infinity, last - delta);
        int beta = std::min(search_detail::infinity, last + delta);
        int best = 0;
        bool completed_any = false;
        std::size_t best_index = out.index;
        for (;;) {
            std::fill(scores.begin(), scores.end(), -search_detail::infinity);
            best = root_iteration(in, order, scores, depth, alpha, beta, completed_any, best_index);
            if (aborted_) break;
            if (best <= alpha && alpha > -search_detail::infinity) {
                alpha = std::max(-search_detail::infinity, alpha - delta);
                delta *= 4;
            } else if (best >= beta && beta < search_detail::infinity) {
                beta = std::min(search_detail::infinity, beta + delta);
                delta *= 4;
            } else {
                break;
            }
        }
        if (aborted_) {
            // The previous best is searched first: a move that beat it at this
            // depth, inside the window, before time ran out is a real improvement.
            if (completed_any && best_index != out.index && best > alpha) {
                out.index = best_index;
                out.score = scores[best_index];
                out.pv = pv_text(in.pos);
            }
            break;
        }
        first_iteration_ = false;
        last = best;
        out.index = best_index;
        out.score = best;
        out.depth = depth;
        out.scores = scores;
        out.pv = pv_text(in.pos);
        out.nodes = team_total();
        out.time_ms = elapsed_ms();
        if (sink_) sink_(info{depth, best, out.nodes, out.time_ms, out.pv});
        // Best first next time, the rest by this iteration's scores.
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t x, std::size_t y) { return scores[x] > scores[y]; });
        // A forced result seen with room to spare will not change.
        if (is_decided(best) && depth > std::abs(plies_to_end(best)) + 2 && margin_ == 0) break;
        if (limits_.movetime_ms &&
            elapsed_ms() * 100 > limits_.movetime_ms * limits_.iteration_start_percent)
            break;
    }
    flush_nodes();
    out.nodes = team_total();
    out.time_ms = elapsed_ms();
    return out;
}

template <search_adapter A>
std::vector<std::string> searcher<A>::pv_text(const position& root) const {
    std::vector<std::string> out;
    position p = root;
    std::vector<move> legal;
    for (int i = 0; i < root_pv_length_; ++i) {
        // A line cut short by a table collision stops at the first move not legal.
        a_.generate(p, legal);
        const std::uint32_t k = a_.key(root_pv_[i]);
        auto it = std::find_if(legal.begin(), legal.end(), [&](const move& m) { return a_.key(m) == k; });
        if (it == legal.end() || a_.terminal(p) != outcome::none) break;
        out.push_back(a_.text(p, *it));
        p = a_.play(p, *it);
    }
    return out;
}

template <search_adapter A>
root_output search_root(const A& a, const root_input<A>& in, const limits& l, int margin,
                        const info_sink& sink, workspace& ws) {
    searcher<A> first(a, ws, l, margin, sink);
    const int threads = std::clamp(l.threads, 1, max_threads);
    if (threads == 1) return first.run(in);
    // Lazy SMP: the helpers search the same root, half of them an iteration
    // ahead, and leave what they find in the shared table, where the first
    // thread's search meets it; they stop when the first thread does.
    std::atomic<bool> done{false};
    std::atomic<std::uint64_t> helper_nodes{0};
    limits helper_limits = l;
    helper_limits.stop = &done;
    helper_limits.nodes = 0;
    helper_limits.movetime_ms = 0;
    const info_sink silent;
    first.count_helpers(&helper_nodes);
    root_output out;
    {
        std::vector<std::jthread> helpers;
        helpers.reserve(static_cast<std::size_t>(threads - 1));
        for (int i = 1; i < threads; ++i) {
            // A thread the system will not give (its limit, memory for the
            // stack) is a helper fewer, never a failed search.
            try {
                helpers.emplace_back([&, i] {
                    try {
                        searcher<A> h(a, first.shared_table(), helper_limits, margin, silent,
                                      1 + i % 2, &helper_nodes);
                        h.run(in);
                    } catch (const std::exception&) {  // std::bad_alloc: the others go on
                    }
                });
            } catch (const std::exception&) {  // std::system_error; std::bad_alloc
                break;
            }
        }
        // Raised before the helpers are joined, however the first thread ends.
        struct raise_on_exit {
            std::atomic<bool>& flag;
            ~raise_on_exit() { flag.store(true, std::memory_order_relaxed); }
        } stop_helpers{done};
        out = first.run(in);
    }
    out.nodes = first.own_nodes() + helper_nodes.load(std::memory_order_relaxed);
    return out;
}

}  // namespace kibitz::core::engine
