#pragma once
// The store on SQLite: one database file, WAL mode. The operations are
// sql_store's (sql_store.hpp) over sqlite_dialect; this opens the file.
//
// Owns, through sql_store: one writer connection, `readers` read-only
// connections, and a third connection that reserves the first block of game
// keys at open (blocks of 1024, see sqlite_dialect.hpp); the writer reserves
// every next one, so that while the server runs it is the file's one writer
// (sql_store.hpp). Handlers run on the store's threads.
//
// Durability contract (synchronous=FULL, the default): a handler that reports
// success runs only after COMMIT returned, and with FULL the WAL is fsynced at
// every commit, so an acknowledged move survives a process kill AND an OS crash
// or power cut. With synchronous_full=false (NORMAL) it survives a process kill
// (SIGKILL) but the last commits may be lost on a power cut; that trade is
// there for disks where fsync is slow. Group commit keeps FULL affordable:
// one fsync covers every write queued meanwhile.
#include <memory>
#include <span>
#include <string>

#include "store/migrations.hpp"
#include "store/sql_store.hpp"
#include "store/sqlite_dialect.hpp"

namespace kibitz::server::storage {

extern template class sql_store<sqlite_dialect>;

struct store_options {
    std::string path;               // database file; created when missing
    bool synchronous_full = true;
    int readers = 1;
    int busy_timeout_ms = 5000;
    std::size_t max_batch = 256;    // jobs per group commit
    // Largest database in pages (PRAGMA max_page_count on the writer), 0: no
    // cap. Past it writes fail as on a full disk (SQLITE_FULL).
    std::int64_t max_pages = 0;
};

class sqlite_store final : public sql_store<sqlite_dialect> {
public:
    // Opens (creating when missing), applies pending migrations, and refuses a
    // database newer than this build with a clear reason.
    static core::result<std::unique_ptr<sqlite_store>> open(const store_options& options);
    static core::result<std::unique_ptr<sqlite_store>> open(const store_options& options,
                                                            std::span<const migration> list);
    // Bytes SQLite holds in this process (every connection's page cache, up
    // to cache_size each: sqlite_db.cpp, and prepared statements); any thread.
    static long long memory_in_use();

    ~sqlite_store() override { drain(); }

private:
    using sql_store::sql_store;
};

}  // namespace kibitz::server::storage
