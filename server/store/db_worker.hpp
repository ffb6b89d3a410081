#pragma once
// A thread that owns one database connection and runs queued jobs on it, in
// order. A store has one writer worker (the only connection that writes) and
// one or more reader workers, so no database call runs on an I/O thread or a
// room strand. The same worker serves every backend: `Db` is the connection
// (sqlite_db, pg_db), which needs exec(sql) and command(sql), and reports
// failures as db_error.
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

#include "store/db_error.hpp"
#include "store/sqlite_db.hpp"

namespace kibitz::server::storage {

template <class Db>
struct basic_db_job {
    // Throws db_error to fail (rolled back). May run twice (the batch is rolled
    // back and re-run when another job fails), so it touches only the database
    // and its own result.
    std::function<void(Db&)> work;
    std::function<void(const std::string* error)> done;  // after commit; error null on success
};

template <class Db>
class basic_db_worker {
public:
    using db_job = basic_db_job<Db>;
    // begin_sql: for SQLite "BEGIN IMMEDIATE" for the writer (takes the write
    // lock up front, no deadlock-prone upgrade), "BEGIN" for readers (a snapshot).
    basic_db_worker(std::unique_ptr<Db> db, std::string name, std::string begin_sql,
                    std::size_t max_batch);
    ~basic_db_worker();  // runs what is queued, then joins
    basic_db_worker(const basic_db_worker&) = delete;
    basic_db_worker& operator=(const basic_db_worker&) = delete;

    void post(db_job job);
    std::size_t queued() const;
    // Blocks until nothing is queued or running; true if it had to wait.
    bool wait_idle();
    // Whether the caller runs on this worker's thread (a job or its handler).
    bool on_thread() const { return std::this_thread::get_id() == thread_.get_id(); }

private:
    void run();
    void run_batch(std::deque<db_job>& batch);

    std::unique_ptr<Db> db_;
    std::string name_, begin_sql_;
    std::size_t max_batch_;
    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    bool busy_ = false;
    std::deque<db_job> queue_;
    bool stopping_ = false;
    std::thread thread_;  // last: starts after everything above is ready
};

// The definitions are in db_worker_impl.hpp, instantiated once per backend
// (sqlite_db in db_worker.cpp, pg_db in pg_store.cpp).
using db_job = basic_db_job<sqlite_db>;
using db_worker = basic_db_worker<sqlite_db>;
extern template class basic_db_worker<sqlite_db>;

}  // namespace kibitz::server::storage
