#pragma once
// One PostgreSQL connection (libpq) with a cache of prepared statements, the
// counterpart of sqlite_db. Owned by exactly one thread (a db_worker): a
// PGconn is never shared across threads. Failures throw db_error.
//
// Parameters are sent as text (bytea as binary), results read as text: the
// server infers each parameter's type from the statement, and a double is
// written with std::to_chars (shortest exact) and read back exactly.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kibitz/core/result.hpp"
#include "store/blob.hpp"
#include "store/db_error.hpp"
#include "store/sql_text_hash.hpp"

namespace kibitz::server::storage {

// The rows of one statement; owns libpq's result. Read by row and column, or
// as a cursor, as sqlite_db's statement is (one store reads both):
// next() moves to the next row, the first one included, and the one-argument
// readers read the row it is on.
class pg_rows {
public:
    explicit pg_rows(void* result) : r_(result) {}
    pg_rows(pg_rows&& o) noexcept : r_(o.r_), row_(o.row_) { o.r_ = nullptr; }
    pg_rows& operator=(pg_rows&&) = delete;
    ~pg_rows();

    int size() const;
    bool empty() const { return size() == 0; }
    int affected() const;  // rows an INSERT/UPDATE/DELETE touched

    std::int64_t i64(int row, int col) const;
    double real(int row, int col) const;
    bool flag(int row, int col) const;  // a BOOLEAN
    std::string text(int row, int col) const;
    bool is_null(int row, int col) const;

    bool next() { return ++row_ < size(); }
    std::int64_t i64(int col) const { return i64(row_, col); }  // 0 for NULL
    double real(int col) const { return real(row_, col); }
    bool flag(int col) const { return flag(row_, col); }
    std::string text(int col) const { return text(row_, col); }
    bool is_null(int col) const { return is_null(row_, col); }

private:
    void* r_;
    int row_ = -1;  // the cursor: before the first row until next()
};

class pg_db {
public:
    // `url`: a libpq connection URI (postgresql://...). The session is set to
    // synchronous_commit=on, whatever the server's default: COMMIT returns
    // only once the WAL is flushed (the store's durability contract).
    static core::result<std::unique_ptr<pg_db>> open(const std::string& url);
    ~pg_db();
    pg_db(const pg_db&) = delete;
    pg_db& operator=(const pg_db&) = delete;

    void exec(const std::string& sql);  // one or more statements, no parameters
    void command(std::string_view sql);  // one prepared statement, no parameters
    bool in_transaction() const;         // open, or failed and awaiting ROLLBACK

    // One statement, prepared on first use on this connection.
    template <class... A>
    pg_rows query(std::string_view sql, const A&... args) {
        params p;
        (p.add(args), ...);
        return run(sql, p);
    }

private:
    struct params {
        std::vector<std::optional<std::string>> values;
        std::vector<int> binary;
        void add(std::int64_t v) { push(std::to_string(v)); }
        void add(int v) { push(std::to_string(v)); }
        void add(bool v) { push(v ? "true" : "false"); }
        void add(double v);
        void add(std::string_view v) { push(std::string(v)); }
        void add(const std::string& v) { push(v); }
        void add(const char* v) { push(v); }
        void add(blob v) {
            values.emplace_back(std::string(v.bytes));
            binary.push_back(1);
        }
        void add(std::nullptr_t) {
            values.emplace_back(std::nullopt);
            binary.push_back(0);
        }
        template <class T>
        void add(const std::optional<T>& v) {
            if (v) add(*v);
            else add(nullptr);
        }
        void push(std::string s) {
            values.emplace_back(std::move(s));
            binary.push_back(0);
        }
    };

    explicit pg_db(void* conn) : conn_(conn) {}
    pg_rows run(std::string_view sql, const params& p);
    const std::string& prepared(std::string_view sql);
    [[noreturn]] void fail(const std::string& what, void* result);

    void* conn_;
    // sql -> statement name
    std::unordered_map<std::string, std::string, sql_text_hash, std::equal_to<>> names_;
};

}  // namespace kibitz::server::storage
