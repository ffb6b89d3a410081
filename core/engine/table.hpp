#pragma once
// The transposition table over a workspace's slots: one slot per key (the low
// bits index it, the whole key is checked). Forced-result scores are stored
// relative to the node, so a mate found through a transposition keeps its
// distance. Entries of earlier searches (another generation) count as empty,
// unless the search keeps them (limits::keep_table): then they are read and
// replaced like its own, and one it keeps becomes its own.
// Threads of one search (lazy SMP) share a table: a copy of it is the same
// slots and generation. A slot's two words are read and written without a
// lock (relaxed atomics: plain moves on x86); `check` is key XOR data, so a
// slot whose words come from two different writes fails the key check, as
// a collision would, and a move read from it is only ever a hint that the
// search matches against its legal moves.
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
        const slot e = load(slots_[key & mask_]);
        if (e.key != key || !readable(e)) return {};
        return {true, e.move, from_table(e.score, ply), e.depth, bound(e.bound_and_age & 3)};
    }

    void store(std::uint64_t key, std::uint32_t move, int score, int depth, bound kind, int ply) {
        table_entry& to = slots_[key & mask_];
        slot e = load(to);
        const bool same = e.key == key && readable(e);
        // Keep a deeper result for the same position (now this search's own).
        if (same && e.depth > depth && kind != bound_exact) {
            e.bound_and_age = static_cast<std::uint8_t>((generation_ << 2) | (e.bound_and_age & 3));
            save(to, e);
            return;
        }
        if (same && move == 0) move = e.move;
        save(to, {key, move, static_cast<std::int16_t>(to_table(score, ply)),
                  static_cast<std::int8_t>(depth),
                  static_cast<std::uint8_t>((generation_ << 2) | kind)});
    }

private:
    struct slot {
        std::uint64_t key;
        std::uint32_t move;
        std::int16_t score;
        std::int8_t depth;
        std::uint8_t bound_and_age;
    };
    static slot load(const table_entry& e) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        const std::uint64_t key = e.check.load(std::memory_order_relaxed) ^ data;
        return {key, static_cast<std::uint32_t>(data), static_cast<std::int16_t>(data >> 32),
                static_cast<std::int8_t>(data >> 48), static_cast<std::uint8_t>(data >> 56)};
    }
    static void save(table_entry& e, const slot& s) {
        const std::uint64_t data = std::uint64_t{s.move} |
                                   std::uint64_t{static_cast<std::uint16_t>(s.score)} << 32 |
                                   std::uint64_t{static_cast<std::uint8_t>(s.depth)} << 48 |
                                   std::uint64_t{s.bound_and_age} << 56;
        e.data.store(data, std::memory_order_relaxed);
        e.check.store(s.key ^ data, std::memory_order_relaxed);
    }
    // Age 0 marks a slot never written.
    bool readable(const slot& e) const {
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

    std::vector<table_entry>& slots_;  // shared by the copies of this table
    std::uint64_t mask_;
    std::uint8_t generation_;
    bool keep_earlier_;
};

}  // namespace kibitz::core::engine
