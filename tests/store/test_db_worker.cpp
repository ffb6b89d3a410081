// The writer's group commit: jobs queued together commit in one transaction,
// and one failing job is undone alone (the batch falls back to savepoints).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>

#include "store/db_worker.hpp"
#include "temp_dir.hpp"

using namespace kibitz::server::storage;

namespace {

std::unique_ptr<sqlite_db> open_db(const std::string& path) {
    auto db = sqlite_db::open({path});
    REQUIRE(db);
    return std::move(db.value());
}

std::int64_t count_rows(sqlite_db& db, const std::string& where = "1") {
    auto s = db.prepare("SELECT COUNT(*) FROM t WHERE " + where);
    REQUIRE(s.step());
    return s.i64(0);
}

// Holds the worker inside a job until released, so that what is posted
// meanwhile lands in one batch.
struct gate {
    std::mutex mu;
    std::condition_variable cv;
    bool open = false, entered = false;
    void wait() {  // in the worker
        std::unique_lock lock(mu);
        entered = true;
        cv.notify_all();
        cv.wait(lock, [&] { return open; });
    }
    void until_entered() {  // in the test
        std::unique_lock lock(mu);
        cv.wait(lock, [&] { return entered; });
    }
    void release() {
        {
            std::lock_guard lock(mu);
            open = true;
        }
        cv.notify_all();
    }
};

db_job insert(int v, std::atomic<int>& ok, std::atomic<int>& failed, bool then_throw = false) {
    return {[v, then_throw](sqlite_db& db) {
                db.prepare("INSERT INTO t(v) VALUES (?)").bind(v).run();
                if (then_throw) throw db_error("job " + std::to_string(v) + " refuses");
            },
            [&ok, &failed](const std::string* err) { ++(err ? failed : ok); }};
}

// A table t(v) in a fresh file; jobs 1..n insert v = i, those in `failing`
// then throw. All n are queued behind a gate while the writer is busy, so they
// run as one batch; returns after the writer is done.
struct batch_run {
    kibitz::test::temp_dir dir;
    std::string path = dir.file("w.db");
    std::atomic<int> ok{0}, failed{0};
    std::size_t queued_together = 0;

    batch_run(int n, std::initializer_list<int> failing) {
        open_db(path)->exec("CREATE TABLE t(v INTEGER NOT NULL)");
        gate g;
        db_worker w(open_db(path), "writer", "BEGIN IMMEDIATE", 64);
        w.post({[&g](sqlite_db&) { g.wait(); }, nullptr});
        g.until_entered();
        for (int i = 1; i <= n; ++i)
            w.post(insert(i, ok, failed, std::find(failing.begin(), failing.end(), i) != failing.end()));
        queued_together = w.queued();
        g.release();
        w.wait_idle();
    }
};

}  // namespace

TEST_CASE("db_worker: one failing job in a batch is undone alone; the others commit") {
    batch_run r(10, {4, 9});
    CHECK(r.queued_together == 10);  // all waiting behind the gate: one batch
    CHECK(r.ok == 8);
    CHECK(r.failed == 2);
    auto db = open_db(r.path);
    CHECK(count_rows(*db) == 8);
    CHECK(count_rows(*db, "v IN (4, 9)") == 0);  // their inserts were rolled back
    CHECK(count_rows(*db, "v IN (1, 2, 3, 5, 10)") == 5);
}

TEST_CASE("db_worker: a clean batch commits every job once") {
    batch_run r(50, {});
    CHECK(r.queued_together == 50);
    CHECK(r.ok == 50);
    CHECK(r.failed == 0);
    CHECK(count_rows(*open_db(r.path)) == 50);
}

TEST_CASE("db_worker: a job that fills the database fails alone, with that reason") {
    // SQLite rolls the whole transaction back by itself on some errors (a
    // full disk among them); the worker's own ROLLBACK then fails with "no
    // transaction is active", which must not hide the cause from the callers.
    kibitz::test::temp_dir dir;
    auto path = dir.file("w.db");
    open_db(path)->exec("CREATE TABLE t(v BLOB NOT NULL)");
    auto db = open_db(path);
    db->exec("PRAGMA max_page_count = 8");
    gate g;
    std::mutex mu;
    std::vector<std::string> reasons;
    {
        db_worker w(std::move(db), "writer", "BEGIN IMMEDIATE", 64);
        w.post({[&g](sqlite_db&) { g.wait(); }, nullptr});
        g.until_entered();
        for (int i = 1; i <= 4; ++i)
            w.post({[i](sqlite_db& d) {
                        // The third asks for far more pages than the cap allows.
                        d.prepare("INSERT INTO t(v) VALUES (zeroblob(?))")
                            .bind(i == 3 ? 1 << 20 : 16)
                            .run();
                    },
                    [&](const std::string* err) {
                        std::lock_guard lock(mu);
                        reasons.push_back(err ? *err : "");
                    }});
        g.release();
        w.wait_idle();
    }
    REQUIRE(reasons.size() == 4);
    for (const auto& r : reasons) {
        INFO("reason: " << r);
        CHECK(r.find("no transaction is active") == std::string::npos);
        CHECK(r.find("no such savepoint") == std::string::npos);
    }
    CHECK(reasons[2].find("full") != std::string::npos);
    // The others are not failed for its sake.
    CHECK(reasons[0].empty());
    CHECK(reasons[1].empty());
    CHECK(reasons[3].empty());
    CHECK(count_rows(*open_db(path)) == 3);
}
