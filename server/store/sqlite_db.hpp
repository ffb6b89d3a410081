#pragma once
// One SQLite connection with a cache of prepared statements. Owned by exactly
// one thread (a db_worker): SQLite connections are never shared across threads.
// Errors are db_error exceptions (store/db_error.hpp).
//
// query() is the same call as pg_db::query, so that one store serves both
// (sql_store.hpp): SQL is written with PostgreSQL's $1, $2 placeholders, which
// this connection turns into SQLite's ?1, ?2 once, when it compiles a statement.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

#include "kibitz/core/result.hpp"
#include "store/blob.hpp"
#include "store/db_error.hpp"
#include "store/sql_text_hash.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace kibitz::server::storage {

// A cached statement borrowed for one use: bindings and cursor are reset when
// it goes out of scope, so the next user starts clean.
class statement {
public:
    statement(sqlite3_stmt* s, sqlite3* db) : s_(s), db_(db) {}
    statement(statement&& o) noexcept;
    statement(const statement&) = delete;
    statement& operator=(const statement&) = delete;
    ~statement();

    template <class... A>
    statement& bind(const A&... args) {
        if constexpr (sizeof...(A) > 0) {
            int i = 1;
            (bind_one(i++, args), ...);
        }
        return *this;
    }
    bool step();  // true: a row is ready; false: done
    void run();   // step to completion (INSERT/UPDATE/DELETE)

    // As a query's result (sqlite_db::query ran it up to its first row, as
    // pg_db::query runs a statement whole): next() moves to the next row, the
    // first one included; false once there is none.
    bool next();
    int affected() const { return changes_; }  // rows an INSERT/UPDATE/DELETE touched

    std::int64_t i64(int col) const;  // 0 for NULL
    double real(int col) const;
    bool flag(int col) const { return i64(col) != 0; }  // a 0/1 column
    std::string text(int col) const;
    bool is_null(int col) const;

private:
    void bind_one(int i, std::int64_t v);
    void bind_one(int i, int v) { bind_one(i, static_cast<std::int64_t>(v)); }
    void bind_one(int i, bool v) { bind_one(i, static_cast<std::int64_t>(v ? 1 : 0)); }
    void bind_one(int i, double v);
    void bind_one(int i, std::string_view v);
    void bind_one(int i, const std::string& v) { bind_one(i, std::string_view(v)); }
    void bind_one(int i, const char* v) { bind_one(i, std::string_view(v)); }
    void bind_one(int i, blob v);
    void bind_one(int i, std::nullptr_t);
    template <class T>
    void bind_one(int i, const std::optional<T>& v) {
        if (v) bind_one(i, *v);
        else bind_one(i, nullptr);
    }
    void check(int rc, const char* what) const;
    friend class sqlite_db;
    void start();  // runs to the first row (or to the end) for query()

    sqlite3_stmt* s_;
    sqlite3* db_;
    bool first_row_pending_ = false;  // start() stepped onto a row next() has not given yet
    bool done_ = false;               // stepped past the last row: next() steps no more
    int changes_ = 0;
};

struct db_options {
    std::string path;
    bool read_only = false;
    bool synchronous_full = true;  // see sqlite_store.hpp for the durability contract
    int busy_timeout_ms = 5000;
};

class sqlite_db {
public:
    static core::result<std::unique_ptr<sqlite_db>> open(const db_options& options);
    ~sqlite_db();
    sqlite_db(const sqlite_db&) = delete;
    sqlite_db& operator=(const sqlite_db&) = delete;

    void exec(const std::string& sql);         // one or more statements, no results
    statement prepare(std::string_view sql);  // cached: compiled once per connection
    // One statement without parameters or rows, through the cache (the
    // worker's BEGIN and COMMIT run for every batch).
    void command(std::string_view sql) { prepare(sql).run(); }
    // Whether a transaction is open: SQLite ends one by itself on some errors
    // (a full disk, an I/O error), which the writer must know to recover.
    bool in_transaction() const;

    // One statement with its parameters, run up to its first row: the rows
    // are read with next(), the count of rows changed with affected().
    template <class... A>
    statement query(std::string_view sql, const A&... args) {
        auto s = prepare(sql);
        s.bind(args...);
        s.start();
        return s;
    }

private:
    explicit sqlite_db(sqlite3* db) : db_(db) {}
    sqlite3* db_;
    std::unordered_map<std::string, sqlite3_stmt*, sql_text_hash, std::equal_to<>> cache_;
};

}  // namespace kibitz::server::storage
