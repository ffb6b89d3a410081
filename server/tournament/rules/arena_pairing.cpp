#include "tournament/rules/arena_pairing.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <tuple>
#include <unordered_set>

namespace kibitz::server::tournament {

namespace {

// Partners sit at most this many places apart in the standings order: wide
// enough to step round any last opponent (each player has one), narrow
// enough that the search stays linear (2^window states a place).
constexpr int window = 6;
constexpr std::int64_t rematch_cost = 1'000'000'000;  // only when nobody else can be had
constexpr std::int64_t wait_cost = 1'000;             // per place in the waiting order
constexpr std::int64_t infinite = std::numeric_limits<std::int64_t>::max() / 4;

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t draw(std::uint64_t seed, const std::string& a, const std::string& b = {}) {
    std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a: the same on every build
    for (char c : a + '\n' + b) h = (h ^ std::uint8_t(c)) * 0x100000001b3ULL;
    return mix(h ^ mix(seed));
}

bool rematch(const arena_waiting& a, const arena_waiting& b) {
    return a.last_opponent == b.id || b.last_opponent == a.id;
}

// Whether `a` takes the first side against `b`: each alternates from their
// last game where both can; else the one who played first less often; else
// the one who did not play first last; else a draw from the seed.
bool a_takes_first(const arena_waiting& a, const arena_waiting& b, std::uint64_t seed) {
    if (a.last_side && b.last_side && *a.last_side != *b.last_side)
        return *a.last_side == side::second;
    if (a.side_balance != b.side_balance) return a.side_balance < b.side_balance;
    if (a.last_side.has_value() != b.last_side.has_value())
        return a.last_side ? *a.last_side == side::second : *b.last_side == side::first;
    return draw(seed, a.id, b.id) % 2 == 0;
}

}  // namespace

arena_wave pair_arena_wave(std::span<const arena_waiting> waiting, std::uint64_t seed) {
    std::vector<const arena_waiting*> players;
    std::unordered_set<std::string> seen;
    for (const arena_waiting& w : waiting)
        if (!w.id.empty() && seen.insert(w.id).second) players.push_back(&w);
    // The standings order; equal ranks by rating, then by lot.
    std::sort(players.begin(), players.end(), [&](const arena_waiting* a, const arena_waiting* b) {
        return std::make_tuple(a->rank, -a->rating, draw(seed, a->id)) <
               std::make_tuple(b->rank, -b->rating, draw(seed, b->id));
    });
    const int n = int(players.size());
    const int skips = n % 2;

    // Leaving a player to wait costs by how long they waited: the least waiting waits on.
    std::vector<int> by_wait(n);
    for (int i = 0; i < n; ++i) by_wait[i] = i;
    std::sort(by_wait.begin(), by_wait.end(), [&](int a, int b) {
        return std::make_tuple(players[a]->waited_ms, a) <
               std::make_tuple(players[b]->waited_ms, b);
    });
    std::vector<std::int64_t> skip_cost(n);
    for (int place = 0; place < n; ++place) skip_cost[by_wait[place]] = wait_cost * place;

    // best[mask][s] at place i: the least cost of deciding places i.. when
    // `mask` marks which of places i..i+window-1 are already paired and `s`
    // players wait; `after` holds it for place i + 1 (two layers kept, the
    // choices of every place for the way back).
    constexpr int masks = 1 << window;
    using layer = std::array<std::array<std::int64_t, 2>, masks>;
    layer best, after;
    std::vector<std::array<std::array<std::int8_t, 2>, masks>> choice(n + 1);
    for (auto& m : after) m = {infinite, infinite};
    after[0][skips] = 0;
    for (int i = n - 1; i >= 0; --i) {
        for (int mask = 0; mask < masks; ++mask) {
            for (int s = 0; s <= 1; ++s) {
                std::int64_t cost = infinite;
                std::int8_t pick = -1;  // -1: none; 0: i waits or is taken; d: paired with i + d
                if (mask & 1) {
                    cost = after[mask >> 1][s];
                    pick = 0;
                } else {
                    if (s < skips && after[mask >> 1][s + 1] < infinite) {
                        cost = after[mask >> 1][s + 1] + skip_cost[i];
                        pick = 0;
                    }
                    for (int d = 1; d < window && i + d < n; ++d) {
                        if (mask & (1 << d)) continue;
                        const std::int64_t rest = after[(mask | (1 << d)) >> 1][s];
                        if (rest >= infinite) continue;
                        const std::int64_t c =
                            rest + std::int64_t(d) * d +
                            (rematch(*players[i], *players[i + d]) ? rematch_cost : 0);
                        if (c < cost) {
                            cost = c;
                            pick = std::int8_t(d);
                        }
                    }
                }
                best[mask][s] = cost;
                choice[i][mask][s] = pick;
            }
        }
        after = best;
    }

    arena_wave wave;
    int mask = 0, s = 0;
    for (int i = 0; i < n; ++i) {
        const int d = choice[i][mask][s];
        if (mask & 1) {
            mask >>= 1;
        } else if (d <= 0) {
            wave.waiting.push_back(players[i]->id);
            ++s;
            mask >>= 1;
        } else {
            const arena_waiting &a = *players[i], &b = *players[i + d];
            if (a_takes_first(a, b, seed)) wave.pairs.push_back({a.id, b.id});
            else wave.pairs.push_back({b.id, a.id});
            mask = (mask | (1 << d)) >> 1;
        }
    }
    return wave;
}

}  // namespace kibitz::server::tournament
