#include "store/pg_db.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>

namespace kibitz::server::storage {

namespace {
PGresult* res(void* r) { return static_cast<PGresult*>(r); }
PGconn* conn(void* c) { return static_cast<PGconn*>(c); }

// libpq's messages end with a newline; keep one line.
std::string trimmed(const char* message) {
    std::string s = message ? message : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}
}  // namespace

pg_rows::~pg_rows() {
    if (r_) PQclear(res(r_));
}
int pg_rows::size() const { return PQntuples(res(r_)); }
int pg_rows::affected() const {
    const char* n = PQcmdTuples(res(r_));
    return n && *n ? std::atoi(n) : 0;
}
bool pg_rows::is_null(int row, int col) const { return PQgetisnull(res(r_), row, col) != 0; }
std::string pg_rows::text(int row, int col) const {
    return {PQgetvalue(res(r_), row, col), static_cast<std::size_t>(PQgetlength(res(r_), row, col))};
}
std::int64_t pg_rows::i64(int row, int col) const {
    if (is_null(row, col)) return 0;
    return std::strtoll(PQgetvalue(res(r_), row, col), nullptr, 10);
}
double pg_rows::real(int row, int col) const {
    if (is_null(row, col)) return 0;
    const char* v = PQgetvalue(res(r_), row, col);
    double d = 0;
    std::from_chars(v, v + PQgetlength(res(r_), row, col), d);  // locale-independent
    return d;
}
bool pg_rows::flag(int row, int col) const { return PQgetvalue(res(r_), row, col)[0] == 't'; }

void pg_db::params::add(double v) {
    char buf[32];
    auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;  // shortest exact form
    push(std::string(buf, end));
}

core::result<std::unique_ptr<pg_db>> pg_db::open(const std::string& url) {
    PGconn* c = PQconnectdb(url.c_str());
    if (!c) return core::error{"cannot allocate a PostgreSQL connection"};
    if (PQstatus(c) != CONNECTION_OK) {
        std::string why = trimmed(PQerrorMessage(c));
        PQfinish(c);
        return core::error{"cannot connect to PostgreSQL: " + why};
    }
    std::unique_ptr<pg_db> db(new pg_db(c));
    try {
        db->exec("SET synchronous_commit TO on; SET client_min_messages TO warning");
    } catch (const db_error& e) {
        return core::error{e.what()};
    }
    return db;
}

pg_db::~pg_db() { PQfinish(conn(conn_)); }

bool pg_db::in_transaction() const { return PQtransactionStatus(conn(conn_)) != PQTRANS_IDLE; }

void pg_db::fail(const std::string& what, void* result) {
    std::string why = result ? trimmed(PQresultErrorMessage(res(result))) : "";
    if (why.empty()) why = trimmed(PQerrorMessage(conn(conn_)));
    if (result) PQclear(res(result));
    // "ERROR:  message": keep the message.
    if (why.starts_with("ERROR:") && why.find_first_not_of(' ', 6) != std::string::npos)
        why = why.substr(why.find_first_not_of(' ', 6));
    if (PQstatus(conn(conn_)) == CONNECTION_BAD) {
        // Prepared statements died with the old session.
        names_.clear();
        PQreset(conn(conn_));
        if (PQstatus(conn(conn_)) == CONNECTION_OK) {
            PGresult* r = PQexec(conn(conn_), "SET synchronous_commit TO on; SET client_min_messages TO warning");
            PQclear(r);
        }
    }
    throw db_error(what + ": " + why);
}

void pg_db::exec(const std::string& sql) {
    PGresult* r = PQexec(conn(conn_), sql.c_str());
    auto st = PQresultStatus(r);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) fail("exec", r);
    PQclear(r);
}

void pg_db::command(std::string_view sql) { run(sql, {}); }

const std::string& pg_db::prepared(std::string_view sql) {
    auto it = names_.find(sql);
    if (it != names_.end()) return it->second;
    std::string name = "k" + std::to_string(names_.size());
    std::string text(sql);
    PGresult* r = PQprepare(conn(conn_), name.c_str(), text.c_str(), 0, nullptr);
    if (PQresultStatus(r) != PGRES_COMMAND_OK) fail("prepare", r);
    PQclear(r);
    return names_.emplace(std::move(text), std::move(name)).first->second;
}

pg_rows pg_db::run(std::string_view sql, const params& p) {
    const auto& name = prepared(sql);
    std::vector<const char*> values;
    std::vector<int> lengths;
    for (const auto& v : p.values) {
        values.push_back(v ? v->data() : nullptr);
        lengths.push_back(v ? static_cast<int>(v->size()) : 0);
    }
    PGresult* r = PQexecPrepared(conn(conn_), name.c_str(), static_cast<int>(values.size()),
                                 values.data(), lengths.data(), p.binary.data(), 0);
    auto st = PQresultStatus(r);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) fail("query", r);
    return pg_rows(r);
}

}  // namespace kibitz::server::storage
