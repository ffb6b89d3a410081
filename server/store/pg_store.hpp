#pragma once
// The store on PostgreSQL, chosen by `--db postgresql://...`. The operations
// are sql_store's (sql_store.hpp) over pg_dialect; this connects, migrates,
// and adds the cluster's claim on a game.
//
// Owns, through sql_store: one writer connection, a pool of `readers` reader
// connections, each on its own thread, and the connection that migrated,
// kept to reserve game keys (blocks of 4096 from a sequence, see
// pg_dialect.hpp). Each job's statements are prepared once per connection.
// Handlers run on the store's threads.
//
// Durability contract: every connection runs with synchronous_commit=on, and
// a handler that reports success runs only after COMMIT returned, i.e. after
// the server flushed the commit to its WAL: an acknowledged move survives the
// loss of this process and of the database server's process.
#include <memory>
#include <span>
#include <string>

#include "store/migrations.hpp"
#include "store/pg_dialect.hpp"
#include "store/sql_store.hpp"

namespace kibitz::server::storage {

using pg_worker = basic_db_worker<pg_db>;
extern template class basic_db_worker<pg_db>;
extern template class sql_store<pg_dialect>;

struct pg_options {
    std::string url;                // postgresql://user@host:port/db?...
    int readers = 2;                // the reader connection pool
    std::size_t max_batch = 256;    // jobs per group commit
    // A cluster node's name (--cluster): its writes of a game are fenced by
    // the game_owner row (docs/cluster.md). Empty: a single node, no fence.
    std::string fence_node;
};

// True for a `--db` value that names a PostgreSQL database.
bool is_postgresql_url(const std::string& db);
// `db` fit for a log line or an error: a URL's password replaced by "***".
std::string without_password(const std::string& db);

class pg_store final : public sql_store<pg_dialect> {
public:
    // Connects, applies pending migrations (serialised between processes by
    // an advisory lock), and refuses a schema newer than this build.
    static core::result<std::unique_ptr<pg_store>> open(const pg_options& options);
    static core::result<std::unique_ptr<pg_store>> open(const pg_options& options,
                                                        std::span<const migration> list);

    // Cluster fencing (options.fence_node set): this node takes `game` over
    // from whichever node had it. Bumps the game's epoch in game_owner and
    // from then on writes the game under that epoch; the node that had it is
    // refused every further write of it. The handler gets the new epoch; a
    // write already committed by the old owner is visible to a read issued
    // after the handler ran (the owner row is locked by each fenced write).
    void claim_game(game_key game, handler<std::int64_t> h);

    ~pg_store() override { drain(); }

private:
    using sql_store::sql_store;
};

}  // namespace kibitz::server::storage
