#pragma once
// The search every game shares: iterative deepening over a principal-variation
// (negamax alpha-beta) search with a transposition table, hash-move, noisy-move,
// killer and history ordering, late-move reductions, verified cuts (for
// adapters that give a cut_margin), a one-reply extension and a quiescence
// search over noisy moves (captures, attacks, conversions).
// Everything a game knows lives in its adapter A (see adapter.hpp); this file
// knows no game. Header-only so that each game's adapter is inlined into it.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/adapter.hpp"
#include "engine/table.hpp"
#include "kibitz/core/engine.hpp"

namespace kibitz::core::engine {

// What the search is asked to decide: the position, what repetition needs to
// know of the game before it, and the legal moves in the game's own order.
template <search_adapter A>
struct root_input {
    typename A::position pos;
    std::vector<std::uint64_t> history;  // hashes since the last irreversible move, oldest first, current excluded
    int quiet_plies = 0;                 // plies since the last irreversible move
    std::vector<typename A::move> moves;
};

using root_output = search_result;

template <search_adapter A>
class searcher {
public:
    using position = typename A::position;
    using move = typename A::move;
    using clock = std::chrono::steady_clock;

    searcher(const A& a, workspace& ws, const limits& l, int margin, const info_sink& sink)
        : a_(a),
          table_(ws, l.keep_table),
          limits_(l),
          margin_(margin),
          sink_(sink),
          start_(clock::now()) {}
    // A helper of a lazy-SMP search: the same slots and generation as the
    // first thread's table, iterations from first_depth on, its node count
    // added to *team_nodes as it goes.
    searcher(const A& a, const table& shared, const limits& l, int margin, const info_sink& sink,
             int first_depth, std::atomic<std::uint64_t>* team_nodes)
        : a_(a),
          table_(shared),
          limits_(l),
          margin_(margin),
          sink_(sink),
          start_(clock::now()),
          first_depth_(first_depth),
          team_nodes_(team_nodes),
          helper_(true) {}

    root_output run(const root_input<A>& in);
    const table& shared_table() const { return table_; }
    std::uint64_t own_nodes() const { return nodes_; }
    // The first thread of a lazy-SMP search counts its helpers' nodes too.
    void count_helpers(std::atomic<std::uint64_t>* team_nodes) { team_nodes_ = team_nodes; }

private:
    struct ply_state {
        std::vector<move> moves;
        std::vector<int> order;
        std::uint32_t killers[2] = {0, 0};
        move pv[max_ply + 1];
        int pv_length = 0;
    };

    int search(const position& p, int depth, int alpha, int beta, int ply, int window, int quiet,
               bool pv_node);
    int quiesce(const position& p, int alpha, int beta, int ply, int qdepth, int quiet);
    // Searches the child position c of the node at `ply`: negated for the
    // opponent's turn, as is when the same side moves again (Ouril's extra turn).
    int child(const position& parent, const position& c, int depth, int alpha, int beta, int ply,
              int window, int quiet, bool pv_node) {
        keys_[base_ + ply + 1] = a_.hash(c);
        table_.prefetch(keys_[base_ + ply + 1]);
        if (a_.side(c) == a_.side(parent))
            return search(c, depth, alpha, beta, ply + 1, window, quiet, pv_node);
        return -search(c, depth, -beta, -alpha, ply + 1, window, quiet, pv_node);
    }
    int decided(outcome o, int ply) const {
        switch (o) {
            case outcome::win: return win_score - ply;
            case outcome::loss: return -(win_score - ply);
            default: return 0;
        }
    }
    bool repeated(int ply, int window) const {
        const std::uint64_t k = keys_[base_ + ply];
        for (int i = base_ + ply - 1; i >= window; --i)
            if (keys_[i] == k) return true;
        return false;
    }
    void rank_moves(const position& p, ply_state& st, std::uint32_t hash_move) const;
    // Moves the best-ranked remaining move to index i.
    static void pick(ply_state& st, std::size_t i) {
        std::size_t best = i;
        for (std::size_t j = i + 1; j < st.moves.size(); ++j)
            if (st.order[j] > st.order[best]) best = j;
        if (best != i) {
            std::swap(st.moves[i], st.moves[best]);
            std::swap(st.order[i], st.order[best]);
        }
    }
    void reward(const position& p, ply_state& st, const move& m, int depth);
    bool out_of_budget();
    std::int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - start_).count();
    }
    std::vector<std::string> pv_text(const position& root) const;
    std::uint64_t team_total() const {
        return nodes_ +
               (team_nodes_ && !helper_ ? team_nodes_->load(std::memory_order_relaxed) : 0);
    }
    void flush_nodes() {
        if (!helper_) return;
        team_nodes_->fetch_add(nodes_ - flushed_, std::memory_order_relaxed);
        flushed_ = nodes_;
    }
    int root_iteration(const root_input<A>& in, std::vector<std::size_t>& order,
                       std::vector<int>& scores, int depth, int alpha, int beta, bool& completed_any,
                       std::size_t& best_index);

    const A& a_;
    table table_;
    limits limits_;
    int margin_;
    const info_sink& sink_;
    clock::time_point start_;
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
    bool first_iteration_ = true;
    int until_check_ = 1;
    int base_ = 0;                     // index of the root's key in keys_
    std::vector<std::uint64_t> keys_;  // game history, then the current line
    std::vector<ply_state> plies_ = std::vector<ply_state>(max_ply + 2);
    std::vector<int> history_ = std::vector<int>(2 * A::history_size, 0);
    move root_pv_[max_ply + 1];
    int root_pv_length_ = 0;
    int first_depth_ = 1;
    std::atomic<std::uint64_t>* team_nodes_ = nullptr;
    std::uint64_t flushed_ = 0;  // nodes already added to *team_nodes_
    bool helper_ = false;
};

// The one root search every game's think() ends in: the search over adapter
// `a`, from the root the game built, within the limits and the table of `ws`;
// with limits::threads above one, helpers on their own threads share the table.
template <search_adapter A>
root_output search_root(const A& a, const root_input<A>& in, const limits& l, int margin,
                        const info_sink& sink, workspace& ws);

}  // namespace kibitz::core::engine

#include "engine/search_impl.hpp"
