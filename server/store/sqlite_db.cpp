#include "store/sqlite_db.hpp"

#include <sqlite3.h>

#include <cctype>
#include <utility>

namespace kibitz::server::storage {

statement::statement(statement&& o) noexcept
    : s_(std::exchange(o.s_, nullptr)),
      db_(o.db_),
      first_row_pending_(o.first_row_pending_),
      done_(o.done_),
      changes_(o.changes_) {}

statement::~statement() {
    if (!s_) return;  // moved from
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
}

void statement::start() {
    first_row_pending_ = step();
    done_ = !first_row_pending_;
    changes_ = sqlite3_changes(db_);
}

bool statement::next() {
    if (first_row_pending_) {
        first_row_pending_ = false;
        return true;
    }
    // Never past the end: stepping a finished statement would run it again.
    if (done_) return false;
    done_ = !step();
    return !done_;
}

void statement::check(int rc, const char* what) const {
    if (rc != SQLITE_OK) throw db_error(std::string(what) + ": " + sqlite3_errmsg(db_));
}

void statement::bind_one(int i, std::int64_t v) { check(sqlite3_bind_int64(s_, i, v), "bind"); }
void statement::bind_one(int i, double v) { check(sqlite3_bind_double(s_, i, v), "bind"); }
void statement::bind_one(int i, std::string_view v) {
    // SQLITE_TRANSIENT: SQLite copies, so callers may pass temporaries.
    check(sqlite3_bind_text64(s_, i, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8), "bind");
}
void statement::bind_one(int i, blob v) {
    check(sqlite3_bind_blob64(s_, i, v.bytes.data(), v.bytes.size(), SQLITE_TRANSIENT), "bind");
}
void statement::bind_one(int i, std::nullptr_t) { check(sqlite3_bind_null(s_, i), "bind"); }

bool statement::step() {
    int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw db_error(std::string("step: ") + sqlite3_errmsg(db_));
}

void statement::run() {
    while (step()) {
    }
}

std::int64_t statement::i64(int col) const { return sqlite3_column_int64(s_, col); }
double statement::real(int col) const { return sqlite3_column_double(s_, col); }
bool statement::is_null(int col) const { return sqlite3_column_type(s_, col) == SQLITE_NULL; }
std::string statement::text(int col) const {
    auto p = reinterpret_cast<const char*>(sqlite3_column_text(s_, col));
    int n = sqlite3_column_bytes(s_, col);
    return p ? std::string(p, static_cast<std::size_t>(n)) : std::string();
}

core::result<std::unique_ptr<sqlite_db>> sqlite_db::open(const db_options& o) {
    sqlite3* raw = nullptr;
    // NOMUTEX: each connection lives on one thread, SQLite's own locking is not needed.
    int flags = SQLITE_OPEN_NOMUTEX |
                (o.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    int rc = sqlite3_open_v2(o.path.c_str(), &raw, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string why = raw ? sqlite3_errmsg(raw) : "out of memory";
        sqlite3_close(raw);
        return core::error{"cannot open database '" + o.path + "': " + why};
    }
    std::unique_ptr<sqlite_db> db(new sqlite_db(raw));
    sqlite3_busy_timeout(raw, o.busy_timeout_ms);
    sqlite3_extended_result_codes(raw, 1);
    try {
        if (!o.read_only) db->exec("PRAGMA journal_mode=WAL");
        db->exec(o.synchronous_full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
        db->exec("PRAGMA foreign_keys=ON");
        // Every move dirties its own game's leaf page. A bigger page cache keeps
        // the pages of all games in play (no re-reads), and a longer WAL before
        // each automatic checkpoint lets a hot page, changed by many moves,
        // be copied back to the database file once rather than many times.
        db->exec("PRAGMA cache_size=-32768");  // KiB: 32 MiB per connection at most
        if (!o.read_only) db->exec("PRAGMA wal_autocheckpoint=8192");  // pages: ~32 MiB
    } catch (const db_error& e) {
        return core::error{"cannot set up database '" + o.path + "': " + e.what()};
    }
    return db;
}

bool sqlite_db::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

sqlite_db::~sqlite_db() {
    for (auto& [sql, s] : cache_) sqlite3_finalize(s);
    sqlite3_close(db_);
}

void sqlite_db::exec(const std::string& sql) {
    char* msg = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
        std::string why = msg ? msg : sqlite3_errmsg(db_);
        sqlite3_free(msg);
        throw db_error(why);
    }
}

namespace {
// PostgreSQL's $N as SQLite's ?N (the same numbered parameter). The store's
// SQL has no '$' inside a string literal; this keeps any such literal as is.
std::string sqlite_placeholders(std::string_view sql) {
    std::string out(sql);
    bool in_literal = false;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i] == '\'') in_literal = !in_literal;
        else if (!in_literal && out[i] == '$' && i + 1 < out.size() &&
                 std::isdigit(static_cast<unsigned char>(out[i + 1])))
            out[i] = '?';
    }
    return out;
}
}  // namespace

statement sqlite_db::prepare(std::string_view sql) {
    auto it = cache_.find(sql);
    if (it == cache_.end()) {
        auto text = sqlite_placeholders(sql);
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v3(db_, text.c_str(), static_cast<int>(text.size()),
                               SQLITE_PREPARE_PERSISTENT, &s, nullptr) != SQLITE_OK)
            throw db_error(std::string("prepare: ") + sqlite3_errmsg(db_) + " in: " + text);
        it = cache_.emplace(std::string(sql), s).first;
    }
    return statement(it->second, db_);
}

}  // namespace kibitz::server::storage
