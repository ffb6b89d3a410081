#pragma once
// The transposition table over a workspace's slots: one slot per key (the low
// bits index it, the whole key is checked). Forced-result scores are stored
// relative to the node, so a mate found through a transposition keeps its
// distance. Entries of earlier searches (another generation) count as empty,
// unless the search keeps them (limits::keep_table): then they are read and
// replaced like its own, and one it keeps becomes its own.
#include <cstdint>
#include <vector>

#include "kibitz/core/engine.hpp"

namespace kibitz::core::engine {

enum bound : std::uint8_t { bound_none = 0, bound_upper = 1, bound_lower = 2, bound_exact = 3 };

struct probe_result {
    bool hit = false;
    std::uint32_t move = 0;
    int score = 0;
    int depth = -1;
    bound kind = bound_none;
};

class table {
public:
    table(workspace& ws, bool keep_earlier)
        : slots_(ws.table()),
          mask_(ws.table().size() - 1),
          generation_(ws.next_generation()),
          keep_earlier_(keep_earlier) {}

    // Starts loading a slot that will be probed soon: a probe is usually a
    // cache miss, and the search has other work to do meanwhile.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&slots_[key & mask_]); }

    probe_result probe(std::uint64_t key, int ply) const {
        const table_entry& e = slots_[key & mask_];
        if (e.key != key || !readable(e)) return {};
        return {true, e.move, from_table(e.score, ply), e.depth, bound(e.bound_and_age & 3)};
    }

    void store(std::uint64_t key, std::uint32_t move, int score, int depth, bound kind, int ply) {
        table_entry& e = slots_[key & mask_];
        const bool same = e.key == key && readable(e);
        // Keep a deeper result for the same position (now this search's own).
        if (same && e.depth > depth && kind != bound_exact) {
            e.bound_and_age = static_cast<std::uint8_t>((generation_ << 2) | (e.bound_and_age & 3));
            return;
        }
        if (same && move == 0) move = e.move;
        e.key = key;
        e.move = move;
        e.score = static_cast<std::int16_t>(to_table(score, ply));
        e.depth = static_cast<std::int8_t>(depth);
        e.bound_and_age = static_cast<std::uint8_t>((generation_ << 2) | kind);
    }

private:
    // Age 0 marks a slot never written.
    bool readable(const table_entry& e) const {
        const int age = e.bound_and_age >> 2;
        return age == generation_ || (keep_earlier_ && age != 0);
    }
    static int to_table(int s, int ply) {
        if (s > decided_score) return s + ply;
        if (s < -decided_score) return s - ply;
        return s;
    }
    static int from_table(int s, int ply) {
        if (s > decided_score) return s - ply;
        if (s < -decided_score) return s + ply;
        return s;
    }

    std::vector<table_entry>& slots_;
    std::uint64_t mask_;
    std::uint8_t generation_;
    bool keep_earlier_;
};

}  // namespace kibitz::core::engine
