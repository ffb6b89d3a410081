#pragma once
// Blocking (issue 43, docs/safety.md "Blocks"): an account blocks or unblocks
// another by name, and lists whom it blocks. Each change is stored first
// (relation_store), then told to the block_list every check reads. Capped:
// `max_blocks` an account, and `changes` (block and unblock calls) per
// account in a window, so nobody churns the table. Made once by the
// composition root; any thread (the store's threads answer).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "auth/rate_limiter.hpp"
#include "domain/wall_clock.hpp"
#include "relation/block_list.hpp"
#include "store/relation_store.hpp"

namespace kibitz::server::relation {

struct block_rules {
    int max_blocks = 500;
    auth::rate_limit changes{60, 10 * 60 * 1000};  // block + unblock calls per account
};

// What a block or unblock call came to: `error` empty when done.
struct block_change {
    std::string error;  // unknown_user, own_block, too_many_blocks, too_many_changes, internal
    std::int64_t wait_ms = 0;  // too_many_changes: until the next one is allowed
    storage::player who;       // the account named (when done)
    bool changed = false;      // false: it already was so
};

class blocks {
public:
    using done = std::function<void(block_change)>;

    blocks(storage::relation_store& store, block_list& list, block_rules rules, wall_clock clock);

    // Start-up: every stored block into the list (waits for the store).
    bool load();

    void block(storage::player_id who, std::string name, done then);
    void unblock(storage::player_id who, std::string name, done then);
    void list(storage::player_id who, storage::handler<std::vector<storage::player>> then);

private:
    // 0 when `who` may change a block now (and counts it); else ms to wait.
    std::int64_t spend(storage::player_id who);

    storage::relation_store& store_;
    block_list& list_;
    block_rules rules_;
    wall_clock clock_;
    auth::rate_limiter changes_;
};

}  // namespace kibitz::server::relation
