#pragma once
// Who blocks whom, in memory, by stored player rows (issue 43): read where an
// action between two players starts (a challenge, a pairing, a seek shown, a
// chat line sent) without asking the store. Filled from the store at start-up
// and kept in step by `blocks` (blocks.hpp), which stores every change first.
// Thread-safe (a shared mutex): the lobby's and the rooms' strands read it,
// the store's threads write it.
#include <cstdint>
#include <shared_mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "store/relation_store.hpp"

namespace kibitz::server::relation {

class block_list {
public:
    void replace_all(const std::vector<storage::block_pair>& pairs);
    void add(storage::player_id blocker, storage::player_id blocked);
    void remove(storage::player_id blocker, storage::player_id blocked);

    // Whether either blocks the other: what keeps two players apart. A row of
    // 0 (a player not stored) is apart from no one.
    bool apart(storage::player_id a, storage::player_id b) const;
    // Whether `who` blocks someone or is blocked by someone: only then does a
    // list shown to them need filtering.
    bool involved(storage::player_id who) const;

private:
    mutable std::shared_mutex mutex_;
    std::unordered_map<storage::player_id, std::unordered_set<storage::player_id>> blocked_by_;
    std::unordered_map<storage::player_id, int> pairs_of_;  // blocks each row is part of
};

}  // namespace kibitz::server::relation
