#pragma once
// A thread that owns one SQLite connection and runs queued jobs on it, in order.
// The store has one writer worker (the only connection that writes) and one or
// more reader workers, so no SQLite call runs on an I/O thread or a room strand.
//
// Group commit: the writer takes every job already queued (up to max_batch),
// runs each inside its own SAVEPOINT within one transaction, commits once, and
// only then calls each job's `done`. One fsync covers many moves, yet every
// completion still means "committed"; a failing job rolls back only itself.
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "store/sqlite_db.hpp"

namespace kibitz::server::storage {

struct db_job {
    // Throws db_error to fail (rolled back). May run twice (the batch is rolled
    // back and re-run when another job fails), so it touches only the database
    // and its own result.
    std::function<void(sqlite_db&)> work;
    std::function<void(const std::string* error)> done;  // after commit; error null on success
};

class db_worker {
public:
    // begin_sql: "BEGIN IMMEDIATE" for the writer (takes the write lock up
    // front, no deadlock-prone upgrade), "BEGIN" for readers (a snapshot).
    db_worker(std::unique_ptr<sqlite_db> db, std::string name, std::string begin_sql,
              std::size_t max_batch);
    ~db_worker();  // runs what is queued, then joins
    db_worker(const db_worker&) = delete;
    db_worker& operator=(const db_worker&) = delete;

    void post(db_job job);
    std::size_t queued() const;
    // Blocks until nothing is queued or running; true if it had to wait.
    bool wait_idle();

private:
    void run();
    void run_batch(std::deque<db_job>& batch);

    std::unique_ptr<sqlite_db> db_;
    std::string name_, begin_sql_;
    std::size_t max_batch_;
    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    bool busy_ = false;
    std::deque<db_job> queue_;
    bool stopping_ = false;
    std::thread thread_;  // last: starts after everything above is ready
};

}  // namespace kibitz::server::storage
