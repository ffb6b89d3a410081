#pragma once
// What the one store (sql_store.hpp) does differently on PostgreSQL (see
// sql_dialect.hpp for the list): its readers' snapshots, case-insensitive
// usernames, row locks, game keys from a sequence, and the cluster's fence.
//
// Owned by its store. reserve_block runs on the store's keys connection,
// reserve_block_in in a writer job (sql_store.hpp); started, guard and claim
// run in jobs, all on the writer's thread, which alone touches the fence's
// epochs.
#include <map>
#include <string>

#include "store/pg_db.hpp"
#include "store/sql_dialect.hpp"

namespace kibitz::server::storage {

class pg_dialect : public dialect_defaults {
public:
    using db = pg_db;

    // A reader's job is one snapshot, so a multi-table answer is consistent.
    static constexpr const char* reader_begin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
    // The unique index is on lower(username) (usernames are ASCII).
    static constexpr const char* username_is_1 = "lower(a.username) = lower($1)";
    // Rows read to decide a write stay locked until it commits: another
    // process (a cluster node) may write the same rows meanwhile.
    static constexpr const char* lock_rows = " FOR UPDATE";

    // Numbered by the game_key_blocks sequence: two processes never get the
    // same block.
    static constexpr game_key keys_per_block = 4096;
    static std::int64_t reserve_block(pg_db& keys_db);
    // In a writer job: a sequence is outside transactions, so the same call.
    static std::int64_t reserve_block_in(pg_db& writer_db) { return reserve_block(writer_db); }

    // The fence (docs/cluster.md): with a node name (--cluster), this node
    // writes a game's moves, takebacks and end only while game_owner names it
    // with the epoch it took; empty: a single node, no fence.
    explicit pg_dialect(std::string fence_node = {}) : fence_node_(std::move(fence_node)) {}
    // A game started here is owned by this node first, in the start's transaction.
    void started(pg_db& db, game_key game);
    // Throws unless this node holds `game`. Locks the owner row until the
    // transaction ends, so a claim waits for the write.
    void guard(pg_db& db, game_key game);
    // Takes `game` over from whichever node had it: bumps its epoch and
    // returns it; from then on the node that had it is refused every write.
    std::int64_t claim(pg_db& db, game_key game);
    // The tournaments' fence (tournament_lead): this node takes the lead of
    // every tournament and returns its epoch; from then on the node that led
    // before is refused every tournament write. Without a fence: 0, nothing.
    std::int64_t claim_lead(pg_db& db);
    // Throws unless this node holds the lead it last claimed; locks the row
    // until the transaction ends, so a claim waits for the write.
    void lead_guard(pg_db& db);

private:
    std::string fence_node_;
    std::map<game_key, std::int64_t> epochs_;  // the epoch held per game started or claimed
    std::int64_t lead_epoch_ = 0;              // the tournaments' lead claimed (0: never)
};

}  // namespace kibitz::server::storage
