#pragma once
// What sets one database apart for the one store (sql_store<Dialect>), and
// the defaults a dialect keeps where its database does not differ. A dialect
// (sqlite_dialect.hpp, pg_dialect.hpp) names:
//   db                          the connection: query(sql, args...) with $N
//                               placeholders, giving rows read by next(),
//                               affected(), i64/real/flag/text/is_null(col)
//   writer_begin, reader_begin  how the writer's and a reader's transactions begin
//   username_is_1               SQL true when accounts `a` holds username $1, any case
//   lock_rows                   appended to a SELECT whose rows decide a write
//   keys_per_block, reserve_block(keys_db), reserve_block_in(writer_db)
//                               blocks of game keys (sql_store.hpp)
//   started(db, game), guard(db, game)      the fence on a game's writes
//   claim_lead(db), lead_guard(db)          the fence on the tournaments' writes
// A dialect object is owned by its store; its fence runs in writer jobs only.
#include "store/records.hpp"

namespace kibitz::server::storage {

struct dialect_defaults {
    static constexpr const char* writer_begin = "BEGIN";
    static constexpr const char* reader_begin = "BEGIN";
    // With one writer connection for the whole database, nothing else can
    // change a row a job has read: no row lock.
    static constexpr const char* lock_rows = "";

    // No fence: a single server owns every game it writes.
    template <class Db>
    void started(Db&, game_key) {}
    template <class Db>
    void guard(Db&, game_key) {}
    // Nor on the tournaments: one server runs them all.
    template <class Db>
    std::int64_t claim_lead(Db&) {
        return 0;
    }
    template <class Db>
    void lead_guard(Db&) {}
};

}  // namespace kibitz::server::storage
