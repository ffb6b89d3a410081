#include "store/db_worker.hpp"

#include <spdlog/spdlog.h>

#include <vector>

namespace kibitz::server::storage {

db_worker::db_worker(std::unique_ptr<sqlite_db> db, std::string name, std::string begin_sql,
                     std::size_t max_batch)
    : db_(std::move(db)), name_(std::move(name)), begin_sql_(std::move(begin_sql)),
      max_batch_(max_batch ? max_batch : 1), thread_([this] { run(); }) {}

db_worker::~db_worker() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void db_worker::post(db_job job) {
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

std::size_t db_worker::queued() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

bool db_worker::wait_idle() {
    std::unique_lock lock(mutex_);
    bool waited = busy_ || !queue_.empty();
    idle_.wait(lock, [&] { return !busy_ && queue_.empty(); });
    return waited;
}

void db_worker::run() {
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

// Transaction control goes through the statement cache too: it runs for every
// batch, so it is compiled once per connection like everything else.
void db_worker::run_batch(std::deque<db_job>& batch) {
    std::vector<std::string> errors(batch.size());
    std::vector<bool> failed(batch.size(), false);
    std::string batch_error;
    try {
        // Jobs almost never fail, so the batch first runs bare. Only when one
        // throws is it rolled back and run again with a savepoint per job, so
        // that the failing job alone is undone (two statements per job saved
        // on the common path: a move costs little more than its INSERT).
        bool clean = true;
        db_->prepare(begin_sql_).run();
        for (auto& job : batch) {
            try {
                job.work(*db_);
            } catch (const std::exception&) {
                clean = false;
                break;
            }
        }
        if (!clean) {
            db_->prepare("ROLLBACK").run();
            db_->prepare(begin_sql_).run();
            for (std::size_t i = 0; i < batch.size(); ++i) {
                db_->prepare("SAVEPOINT job").run();
                try {
                    batch[i].work(*db_);
                    db_->prepare("RELEASE job").run();
                } catch (const std::exception& e) {
                    failed[i] = true;
                    errors[i] = e.what();
                    db_->prepare("ROLLBACK TO job").run();
                    db_->prepare("RELEASE job").run();
                }
            }
        }
        db_->prepare("COMMIT").run();
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
