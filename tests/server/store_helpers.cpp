#include "store_helpers.hpp"

#include <future>

#include <sqlite3.h>

#include "auth/accounts.hpp"
#include "store/sqlite_store.hpp"

namespace kibitz::test {

registered register_account(const std::string& db, const std::string& name,
                            const std::string& password) {
    using namespace server;
    storage::store_options o;
    o.path = db;
    o.synchronous_full = false;
    auto st = storage::sqlite_store::open(o);
    REQUIRE(st.ok());
    registered out;
    {
        auth::accounts_options ao;
        ao.cost = auth::hash_cost::minimum();  // tests: hashing cost is not what is tested here
        auth::accounts acc(*st.value(), ao);
        std::promise<core::result<auth::session>> p;
        acc.register_account(name, password, "127.0.0.1", std::nullopt,
                             [&](core::result<auth::session> r) { p.set_value(std::move(r)); });
        auto r = p.get_future().get();
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.reason()));
        out.token = r.value().token;
        out.row = r.value().who.id;
    }
    return out;
}

namespace {
template <class F>
void query(const std::string& db, const std::string& sql, const std::string& arg, F&& on_row) {
    sqlite3* h = nullptr;
    if (sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(h);
        return;
    }
    sqlite3_busy_timeout(h, 5000);
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr) == SQLITE_OK) {
        if (sqlite3_bind_parameter_count(s) > 0)
            sqlite3_bind_text(s, 1, arg.c_str(), static_cast<int>(arg.size()), SQLITE_TRANSIENT);
        if (sqlite3_step(s) == SQLITE_ROW) on_row(s);
    }
    sqlite3_finalize(s);
    sqlite3_close(h);
}
}  // namespace

std::int64_t db_scalar(const std::string& db, const std::string& sql, const std::string& arg) {
    std::int64_t v = -1;
    query(db, sql, arg, [&](sqlite3_stmt* s) { v = sqlite3_column_int64(s, 0); });
    return v;
}

bool db_exec(const std::string& db, const std::string& sql) {
    sqlite3* h = nullptr;
    bool ok = sqlite3_open(db.c_str(), &h) == SQLITE_OK &&
              sqlite3_busy_timeout(h, 5000) == SQLITE_OK &&  // the server may be writing
              sqlite3_exec(h, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(h);
    return ok;
}

std::string db_text(const std::string& db, const std::string& sql, const std::string& arg) {
    std::string v;
    query(db, sql, arg, [&](sqlite3_stmt* s) {
        auto p = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
        if (p) v.assign(p, static_cast<std::size_t>(sqlite3_column_bytes(s, 0)));
    });
    return v;
}

}  // namespace kibitz::test
