// The search's reusable memory. It lives in its own library, below every
// game's adapter: the games' searches use it, and think() (in kibitz_core,
// above the games) only hands it down.
#include <algorithm>
#include <bit>

#include "kibitz/core/engine.hpp"

namespace kibitz::core::engine {

workspace::workspace(std::size_t table_mib)
    : table_(std::bit_floor(std::max<std::size_t>(table_mib, 1) * 1024 * 1024 / sizeof(table_entry))) {}

std::uint8_t workspace::next_generation() {
    // Six bits of generation; 0 marks a never-written slot.
    generation_ = static_cast<std::uint8_t>(generation_ % 63 + 1);
    if (generation_ == 1)
        for (table_entry& e : table_) {
            e.check.store(0, std::memory_order_relaxed);
            e.data.store(0, std::memory_order_relaxed);
        }
    return generation_;
}

}  // namespace kibitz::core::engine
