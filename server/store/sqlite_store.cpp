// sqlite_store: opening the file; the one store's operations, instantiated
// for SQLite.
#include "store/sqlite_store.hpp"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include "store/sql_store_games_impl.hpp"
#include "store/sql_store_notifications_impl.hpp"
#include "store/sql_store_players_impl.hpp"
#include "store/sql_store_puzzles_impl.hpp"
#include "store/sql_store_queries_impl.hpp"
#include "store/sql_store_relations_impl.hpp"
#include "store/sql_store_tokens_impl.hpp"
#include "store/sql_store_tournaments_impl.hpp"

namespace kibitz::server::storage {

template class sql_store<sqlite_dialect>;

long long sqlite_store::memory_in_use() { return sqlite3_memory_used(); }

core::result<std::unique_ptr<sqlite_store>> sqlite_store::open(const store_options& o) {
    return open(o, embedded_migrations());
}

core::result<std::unique_ptr<sqlite_store>> sqlite_store::open(const store_options& o,
                                                               std::span<const migration> list) {
    db_options dbo{o.path, false, o.synchronous_full, o.busy_timeout_ms};
    auto w = sqlite_db::open(dbo);
    if (!w) return core::error{w.reason()};
    auto version = apply_migrations(*w.value(), list);
    if (!version) return core::error{version.reason()};
    if (o.max_pages > 0) {
        try {
            w.value()->exec("PRAGMA max_page_count=" + std::to_string(o.max_pages));
        } catch (const db_error& e) {
            return core::error{e.what()};
        }
    }
    auto keys = sqlite_db::open(dbo);
    if (!keys) return core::error{keys.reason()};
    // Readers open after the writer migrated, so they see the full schema.
    std::vector<std::unique_ptr<worker>> readers;
    for (int i = 0; i < std::max(1, o.readers); ++i) {
        auto r = sqlite_db::open({o.path, true, o.synchronous_full, o.busy_timeout_ms});
        if (!r) return core::error{r.reason()};
        readers.push_back(std::make_unique<worker>(std::move(r.value()), "reader",
                                                   sqlite_dialect::reader_begin, 1));
    }
    auto writer = std::make_unique<worker>(std::move(w.value()), "writer",
                                           sqlite_dialect::writer_begin, o.max_batch);
    std::unique_ptr<sqlite_store> st(new sqlite_store(sqlite_dialect{}, std::move(keys.value()),
                                                      std::move(writer), std::move(readers)));
    if (auto first = st->first_key(); !first) return core::error{first.reason()};
    spdlog::info("store: opened {} at schema version {}", o.path, version.value());
    return st;
}

}  // namespace kibitz::server::storage
