#include "tournament/rules/perfect_matching.hpp"

#include <algorithm>

namespace kibitz::server::tournament {

void perfect_matching::init() {
    const auto n = std::size_t(n_);
    mate_.assign(n, -1);
    alive_.assign(n, 1);
    parent_.resize(n);
    base_.resize(n);
    queue_.reserve(n);
    used_.resize(n);
    blossom_.resize(n);
    on_path_.resize(n);
    // A greedy start leaves few vertices exposed in the dense graphs a round
    // makes, so only those few need a search.
    for (int a = 0; a < n_; ++a) {
        if (mate_[a] != -1) continue;
        for (int b = a + 1; b < n_; ++b) {
            if (mate_[b] == -1 && edge(a, b)) {
                mate_[a] = b;
                mate_[b] = a;
                break;
            }
        }
    }
    for (int v = 0; v < n_; ++v)
        if (mate_[v] == -1) augment(v);
}

int perfect_matching::unmatched() const {
    int count = 0;
    for (int v = 0; v < n_; ++v) count += alive_[v] && mate_[v] == -1;
    return count;
}

bool perfect_matching::take_out(std::span<const int> vertices) {
    const std::vector<int> mate = mate_;
    const std::vector<std::uint8_t> alive = alive_;
    auto undo = [&] {
        mate_ = mate;
        alive_ = alive;
        return false;
    };
    for (int v : vertices) {
        if (v < 0 || v >= n_ || !alive_[v]) return undo();
        alive_[v] = 0;
        if (mate_[v] != -1) mate_[mate_[v]] = -1;
        mate_[v] = -1;
    }
    exposed_.clear();
    for (int v = 0; v < n_; ++v)
        if (alive_[v] && mate_[v] == -1) exposed_.push_back(v);
    // Most often the two left alone may simply meet: no search needed.
    if (exposed_.size() == 2 && edge(exposed_[0], exposed_[1])) {
        mate_[exposed_[0]] = exposed_[1];
        mate_[exposed_[1]] = exposed_[0];
        return true;
    }
    // With no augmenting path from an exposed vertex, no maximum matching
    // covers it (it stays exposed whatever is augmented later): not perfect.
    for (int v : exposed_)
        if (mate_[v] == -1 && !augment(v)) return undo();
    return true;
}

bool perfect_matching::take_out_pair(int a, int b) {
    if (a < 0 || b < 0 || a >= n_ || b >= n_ || !edge(a, b)) return false;
    const int pair[] = {a, b};
    return take_out(pair);
}

bool perfect_matching::augment(int root) {
    int v = find_path(root);
    if (v == -1) return false;
    while (v != -1) {
        const int pv = parent_[v], ppv = mate_[pv];
        mate_[v] = pv;
        mate_[pv] = v;
        v = ppv;
    }
    return true;
}

int perfect_matching::lca(int a, int b) {
    std::fill(on_path_.begin(), on_path_.end(), 0);
    for (;;) {
        a = base_[a];
        on_path_[a] = 1;
        if (mate_[a] == -1) break;
        a = parent_[mate_[a]];
    }
    for (;;) {
        b = base_[b];
        if (on_path_[b]) return b;
        b = parent_[mate_[b]];
    }
}

void perfect_matching::mark_path(int v, int b, int child) {
    while (base_[v] != b) {
        blossom_[base_[v]] = blossom_[base_[mate_[v]]] = 1;
        parent_[v] = child;
        child = mate_[v];
        v = parent_[mate_[v]];
    }
}

// Edmonds' search from an exposed root: a tree of alternating paths whose odd
// cycles (blossoms) shrink to their base; returns an exposed vertex reached,
// or -1.
int perfect_matching::find_path(int root) {
    std::fill(used_.begin(), used_.end(), 0);
    std::fill(parent_.begin(), parent_.end(), -1);
    for (int i = 0; i < n_; ++i) base_[i] = i;
    queue_.clear();
    used_[root] = 1;
    queue_.push_back(root);
    for (std::size_t head = 0; head < queue_.size(); ++head) {
        const int v = queue_[head];
        const std::uint8_t* row = &adj_[std::size_t(v) * n_];
        for (int to = 0; to < n_; ++to) {
            if (!row[to] || !alive_[to] || base_[v] == base_[to] || mate_[v] == to) continue;
            if (to == root || (mate_[to] != -1 && parent_[mate_[to]] != -1)) {
                const int cur = lca(v, to);
                std::fill(blossom_.begin(), blossom_.end(), 0);
                mark_path(v, cur, to);
                mark_path(to, cur, v);
                for (int i = 0; i < n_; ++i) {
                    if (!alive_[i] || !blossom_[base_[i]]) continue;
                    base_[i] = cur;
                    if (!used_[i]) {
                        used_[i] = 1;
                        queue_.push_back(i);
                    }
                }
            } else if (parent_[to] == -1) {
                parent_[to] = v;
                if (mate_[to] == -1) return to;
                used_[mate_[to]] = 1;
                queue_.push_back(mate_[to]);
            }
        }
    }
    return -1;
}

}  // namespace kibitz::server::tournament
