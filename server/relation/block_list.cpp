#include "relation/block_list.hpp"

#include <mutex>

namespace kibitz::server::relation {

void block_list::replace_all(const std::vector<storage::block_pair>& pairs) {
    std::unique_lock lock(mutex_);
    blocked_by_.clear();
    pairs_of_.clear();
    for (const auto& p : pairs)
        if (blocked_by_[p.blocker].insert(p.blocked).second) {
            ++pairs_of_[p.blocker];
            ++pairs_of_[p.blocked];
        }
}

void block_list::add(storage::player_id blocker, storage::player_id blocked) {
    std::unique_lock lock(mutex_);
    if (!blocked_by_[blocker].insert(blocked).second) return;
    ++pairs_of_[blocker];
    ++pairs_of_[blocked];
}

void block_list::remove(storage::player_id blocker, storage::player_id blocked) {
    std::unique_lock lock(mutex_);
    auto it = blocked_by_.find(blocker);
    if (it == blocked_by_.end() || !it->second.erase(blocked)) return;
    if (it->second.empty()) blocked_by_.erase(it);
    for (auto row : {blocker, blocked})
        if (--pairs_of_[row] == 0) pairs_of_.erase(row);
}

bool block_list::apart(storage::player_id a, storage::player_id b) const {
    if (a == 0 || b == 0 || a == b) return false;
    std::shared_lock lock(mutex_);
    auto blocks = [&](storage::player_id x, storage::player_id y) {
        auto it = blocked_by_.find(x);
        return it != blocked_by_.end() && it->second.count(y) > 0;
    };
    return blocks(a, b) || blocks(b, a);
}

bool block_list::involved(storage::player_id who) const {
    if (who == 0) return false;
    std::shared_lock lock(mutex_);
    return pairs_of_.count(who) > 0;
}

}  // namespace kibitz::server::relation
