#pragma once
// A maximum matching over a fixed graph that answers "if these players are
// taken out (paired together, or given the bye), can everyone left still be
// paired?" and keeps its matching maximum as they go. Edmonds' blossom
// algorithm, one augmenting path at a time: taking out a matched pair's
// player leaves at most two exposed vertices, so each question costs one
// search (O(n^2) at worst, usually a glance). The Swiss pairing uses it to
// keep only choices that let the round complete. Pure; any thread.
#include <cstdint>
#include <span>
#include <vector>

namespace kibitz::server::tournament {

class perfect_matching {
public:
    // `adjacent(a, b)` for vertices 0..n-1, read once: symmetric, no loops.
    template <class Adjacent>
    perfect_matching(int n, Adjacent adjacent) : n_(n), adj_(std::size_t(n) * n, 0) {
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b)
                if (adjacent(a, b)) adj_[std::size_t(a) * n + b] = adj_[std::size_t(b) * n + a] = 1;
        init();
    }

    bool edge(int a, int b) const { return adj_[std::size_t(a) * n_ + b] != 0; }
    int unmatched() const;  // vertices still in the graph without a partner
    bool perfect() const { return unmatched() == 0; }

    // Takes `vertices` out of the graph if everyone left can then be paired
    // (a perfect matching remains); otherwise changes nothing, returns false.
    bool take_out(std::span<const int> vertices);
    // Takes out a and b as a pair: they must be adjacent and the rest stay pairable.
    bool take_out_pair(int a, int b);

private:
    void init();
    bool augment(int root);
    int find_path(int root);
    int lca(int a, int b);
    void mark_path(int v, int b, int child);

    int n_;
    std::vector<std::uint8_t> adj_;
    std::vector<int> mate_;
    std::vector<std::uint8_t> alive_;
    // Scratch for one search.
    std::vector<int> parent_, base_, queue_, exposed_;
    std::vector<std::uint8_t> used_, blossom_, on_path_;
};

}  // namespace kibitz::server::tournament
