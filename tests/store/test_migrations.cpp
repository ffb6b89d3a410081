#include <doctest/doctest.h>
#include <sqlite3.h>

#include <filesystem>

#include "store/migrations.hpp"
#include "store/pg_store.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;

namespace {
// Reads one integer with the plain C API, outside the store, to check the file itself.
std::int64_t scalar(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    auto v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return v;
}
void exec(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
}
}  // namespace

TEST_CASE("migrations: an empty file gets every migration, recorded in schema_version") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    REQUIRE(!std::filesystem::exists(path));
    auto latest = embedded_migrations().back().version;
    CHECK(embedded_migrations().front().version == 1);
    {
        auto s = test::open_store(path);
    }
    CHECK(scalar(path, "SELECT MAX(version) FROM schema_version") == latest);
    CHECK(scalar(path, "SELECT COUNT(*) FROM schema_version") == latest);
    CHECK(scalar(path, "SELECT COUNT(*) FROM sqlite_master WHERE name IN "
                       "('players','accounts','sessions','games','moves','ratings',"
                       "'rating_history','chat')") == 8);
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, nullptr);
    REQUIRE(sqlite3_step(st) == SQLITE_ROW);
    CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 0))) == "wal");
    sqlite3_finalize(st);
    sqlite3_close(db);
}

TEST_CASE("migrations: a database written by this version reopens with its data") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    player alice;
    {
        auto s = test::open_store(path);
        alice = test::make_account(*s, "alice");
    }
    auto s = test::open_store(path);
    auto login = test::must<std::optional<account_login>>([&](auto h) { s->find_login("ALICE", h); });
    REQUIRE(login.has_value());
    CHECK(login->who.id == alice.id);
    CHECK(scalar(path, "SELECT COUNT(*) FROM schema_version") == embedded_migrations().back().version);
}

TEST_CASE("migrations: a newer schema is refused with a clear message and left untouched") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    { auto s = test::open_store(path); }
    exec(path, "INSERT INTO schema_version(version, name, applied_ms) VALUES (999, '0999_future', 0)");
    auto s = sqlite_store::open({path});
    REQUIRE_FALSE(s.ok());
    CHECK(s.reason().find("newer") != std::string::npos);
    CHECK(s.reason().find("999") != std::string::npos);
    CHECK(scalar(path, "SELECT MAX(version) FROM schema_version") == 999);
}

TEST_CASE("migrations: pending ones apply in order; a failing one rolls back alone") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    const migration v1[] = {{1, "0001_a", "CREATE TABLE a(x INTEGER);"}};
    const migration v2[] = {{1, "0001_a", "CREATE TABLE a(x INTEGER);"},
                            {2, "0002_b", "CREATE TABLE b(y INTEGER); INSERT INTO a VALUES (7);"}};
    const migration bad[] = {{1, "0001_a", "CREATE TABLE a(x INTEGER);"},
                             {2, "0002_b", "CREATE TABLE b(y INTEGER); INSERT INTO a VALUES (7);"},
                             {3, "0003_bad", "CREATE TABLE c(z); THIS IS NOT SQL;"}};
    const migration gap[] = {{1, "0001_a", ""}, {3, "0003_c", ""}};
    {
        auto db = sqlite_db::open({path});
        REQUIRE(db.ok());
        CHECK(apply_migrations(*db.value(), v1).value() == 1);
        CHECK(apply_migrations(*db.value(), v2).value() == 2);
        CHECK(apply_migrations(*db.value(), v2).value() == 2);  // idempotent
        auto r = apply_migrations(*db.value(), bad);
        REQUIRE_FALSE(r.ok());
        CHECK(r.reason().find("0003_bad") != std::string::npos);
        CHECK(schema_version(*db.value()) == 2);
        CHECK_FALSE(apply_migrations(*db.value(), gap).ok());
    }
    CHECK(scalar(path, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'c'") == 0);
    CHECK(scalar(path, "SELECT x FROM a") == 7);
}

TEST_CASE("migrations: every SQLite migration has its PostgreSQL twin, same number and name") {
    auto sqlite = embedded_migrations();
    auto pg = embedded_pg_migrations();
    REQUIRE(pg.size() == sqlite.size());
    for (std::size_t i = 0; i < sqlite.size(); ++i) {
        CHECK(pg[i].version == sqlite[i].version);
        CHECK(std::string(pg[i].name) == sqlite[i].name);
    }
}

TEST_CASE("store: a PostgreSQL URL is told from a file, and is shown without its password") {
    CHECK(is_postgresql_url("postgresql://kibitz@db/kibitz"));
    CHECK(is_postgresql_url("postgres://db"));
    CHECK_FALSE(is_postgresql_url("kibitz.db"));
    CHECK_FALSE(is_postgresql_url("/var/lib/postgresql/kibitz.db"));
    CHECK(without_password("kibitz.db") == "kibitz.db");
    CHECK(without_password("postgresql://u:s3cret@db:5432/k") == "postgresql://u:***@db:5432/k");
    CHECK(without_password("postgresql://u@db/k?password=s3cret&sslmode=require") ==
          "postgresql://u@db/k?password=***&sslmode=require");
    CHECK(without_password("postgresql://u:p@ss@db/k") == "postgresql://u:***@db/k");
    CHECK(without_password("postgresql:///k?host=/tmp/x") == "postgresql:///k?host=/tmp/x");
}
