#include "engine/engine_pool.hpp"

#include <optional>

#include <sys/resource.h>
#include <unistd.h>

#include <sys/syscall.h>

namespace kibitz::server {

engine_pool::engine_pool(settings s) : settings_(s) {
    if (!settings_.endgame_dir.empty()) endgame_.emplace(settings_.endgame_dir);
    for (int i = 0; i < std::max(1, s.threads); ++i)
        workers_.emplace_back([this](std::stop_token st) { work(st); });
}

engine_pool::~engine_pool() { stop(); }

bool engine_pool::submit(job j) {
    std::lock_guard lock(mu_);
    if (stopping_ || queued_ >= settings_.max_queued) return false;
    auto& q = queues_[j.owner];
    if (q.size() >= settings_.max_queued_per_owner) return false;
    if (q.empty()) turns_.push_back(j.owner);
    q.push_back(std::move(j));
    ++queued_;
    ready_.notify_one();
    return true;
}

bool engine_pool::take(job& out) {
    while (!turns_.empty()) {
        const std::string owner = turns_.front();
        turns_.pop_front();
        auto it = queues_.find(owner);
        if (it == queues_.end() || it->second.empty()) continue;
        out = std::move(it->second.front());
        it->second.pop_front();
        --queued_;
        // The owner goes to the back of the line if it has more.
        if (it->second.empty())
            queues_.erase(it);
        else
            turns_.push_back(owner);
        return true;
    }
    return false;
}

void engine_pool::work(std::stop_token st) {
    // Lower than the I/O threads: a human's move is never queued behind a search.
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), settings_.nice);
    // The table (table_mib, touched to clear it) only once there is a search
    // to run: a server nobody plays the computer on keeps that memory, and
    // the thread is at its first wait at once (under UBSan, a first check
    // of a type made later, when a test has used up every descriptor,
    // misreported a valid object: the sanitizer probes memory through a pipe).
    std::optional<core::engine::workspace> ws;
    for (;;) {
        job j;
        {
            std::unique_lock lock(mu_);
            ready_.wait(lock, st, [this] { return stopping_ || queued_ > 0; });
            if (stopping_ || st.stop_requested()) return;
            if (!take(j)) continue;
            ++running_;
            in_flight_.push_back(j.stop);
        }
        if (j.stop->load()) {
            j.done(core::error{"cancelled"});
        } else {
            j.limits.stop = j.stop.get();
            if (j.use_endgame && endgame_) j.limits.endgame = endgame_->table(j.game->id());
            if (j.spread) j.limits.threads = settings_.analysis_threads;
            if (!ws) ws.emplace(settings_.table_mib);
            auto r = core::engine::think(*j.game, j.limits, j.progress, *ws);
            if (j.stop->load() && r.ok()) r = core::error{"cancelled"};
            j.done(std::move(r));
        }
        std::lock_guard lock(mu_);
        std::erase(in_flight_, j.stop);
        --running_;
    }
}

void engine_pool::stop() {
    std::map<std::string, std::deque<job>> left;
    {
        std::lock_guard lock(mu_);
        if (stopping_) return;
        stopping_ = true;
        left.swap(queues_);
        turns_.clear();
        queued_ = 0;
        for (auto& flag : in_flight_) flag->store(true);
    }
    ready_.notify_all();
    for (auto& w : workers_) w.request_stop();
    for (auto& [owner, q] : left)
        for (auto& j : q) j.done(core::error{"shutting down"});
    workers_.clear();  // joins: running searches were told to stop above
}

std::size_t engine_pool::queued() const {
    std::lock_guard lock(mu_);
    return queued_;
}

}  // namespace kibitz::server
