#pragma once
// basic_db_worker's definitions (see db_worker.hpp), included only where it is
// instantiated for a connection type.
#include <spdlog/spdlog.h>

#include <vector>

#include "store/db_worker.hpp"

namespace kibitz::server::storage {

template <class Db>
basic_db_worker<Db>::basic_db_worker(std::unique_ptr<Db> db, std::string name, std::string begin_sql,
                     std::size_t max_batch)
    : db_(std::move(db)), name_(std::move(name)), begin_sql_(std::move(begin_sql)),
      max_batch_(max_batch ? max_batch : 1), thread_([this] { run(); }) {}

template <class Db>
basic_db_worker<Db>::~basic_db_worker() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

template <class Db>
void basic_db_worker<Db>::post(db_job job) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            queue_.push_back(std::move(job));
            wake_.notify_one();
            return;
        }
    }
    static const std::string closed = "the store is shutting down";
    if (job.done) job.done(&closed);
}

template <class Db>
std::size_t basic_db_worker<Db>::queued() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

template <class Db>
bool basic_db_worker<Db>::wait_idle() {
    std::unique_lock lock(mutex_);
    bool waited = busy_ || !queue_.empty();
    idle_.wait(lock, [&] { return !busy_ && queue_.empty(); });
    return waited;
}

template <class Db>
void basic_db_worker<Db>::run() {
    for (;;) {
        std::deque<db_job> batch;
        {
            std::unique_lock lock(mutex_);
            busy_ = false;
            if (queue_.empty()) idle_.notify_all();
            wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping and drained
            busy_ = true;
            while (!queue_.empty() && batch.size() < max_batch_) {
                batch.push_back(std::move(queue_.front()));
                queue_.pop_front();
            }
        }
        run_batch(batch);
    }
}

// Transaction control goes through the connection's statement cache too
// (command): it runs for every batch, so it is compiled once per connection.
template <class Db>
void basic_db_worker<Db>::run_batch(std::deque<db_job>& batch) {
    std::vector<std::string> errors(batch.size());
    std::vector<bool> failed(batch.size(), false);
    std::string batch_error;
    try {
        // Jobs almost never fail, so the batch first runs bare. Only when one
        // throws is it rolled back and run again with a savepoint per job, so
        // that the failing job alone is undone (two statements per job saved
        // on the common path: a move costs little more than its INSERT).
        bool clean = true;
        db_->command(begin_sql_);
        for (auto& job : batch) {
            try {
                job.work(*db_);
            } catch (const std::exception&) {
                clean = false;
                break;
            }
        }
        if (!clean) {
            if (db_->in_transaction()) db_->command("ROLLBACK");
            // A job whose failure ended the whole transaction (SQLite does so
            // on a full disk) has its reason kept, and the pass starts over
            // without it: the others are not failed for its sake.
            for (bool again = true; again;) {
                again = false;
                db_->command(begin_sql_);
                for (std::size_t i = 0; i < batch.size() && !again; ++i) {
                    if (failed[i]) continue;
                    db_->command("SAVEPOINT job");
                    try {
                        batch[i].work(*db_);
                        db_->command("RELEASE job");
                    } catch (const std::exception& e) {
                        failed[i] = true;
                        errors[i] = e.what();
                        if (!db_->in_transaction()) {
                            again = true;
                            continue;
                        }
                        db_->command("ROLLBACK TO job");
                        db_->command("RELEASE job");
                    }
                }
            }
        }
        db_->command("COMMIT");
    } catch (const std::exception& e) {
        // BEGIN or COMMIT failed (disk full, I/O error): nothing of the batch is durable.
        batch_error = e.what();
        spdlog::error("store {}: transaction failed: {}", name_, batch_error);
        try {
            db_->exec("ROLLBACK");
        } catch (const std::exception&) {
        }
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (!batch[i].done) continue;
        const std::string* err = !batch_error.empty() ? &batch_error : failed[i] ? &errors[i] : nullptr;
        try {
            batch[i].done(err);
        } catch (const std::exception& e) {
            // A caller's handler must not kill the store's thread.
            spdlog::error("store {}: completion handler threw: {}", name_, e.what());
        }
    }
}

}  // namespace kibitz::server::storage
