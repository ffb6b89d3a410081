#include "auth/blocking_pool.hpp"

#include <spdlog/spdlog.h>

namespace kibitz::server::auth {

blocking_pool::blocking_pool(int threads) {
    for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { run(); });
}

blocking_pool::~blocking_pool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
}

void blocking_pool::post(std::function<void()> job) {
    // Notified under the lock: once the lock is let go, a worker may run the
    // job, its answer may let the owner destroy the pool, and a notify after
    // that would touch a destroyed condition variable (TSan saw it: a store
    // thread posting a login's hash job while the test tore accounts down).
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
    wake_.notify_one();
}

std::size_t blocking_pool::queued() {
    std::lock_guard lock(mutex_);
    return jobs_.size();
}

void blocking_pool::run() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        try {
            job();
        } catch (const std::exception& e) {
            spdlog::error("blocking_pool: job threw: {}", e.what());
        }
    }
}

}  // namespace kibitz::server::auth
