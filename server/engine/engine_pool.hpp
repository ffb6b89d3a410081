#pragma once
// The computer's thinking, off every I/O thread, room strand and the store's
// thread: a fixed set of threads of its own, each with its own transposition
// table, running at a lower scheduling priority so that a busy engine never
// delays a human's move. Jobs queue fairly: one queue per owner (a room, or a
// connection asking for analysis), served in turn, so one owner's requests
// never starve another's. Thread-safe; `done` runs on a pool thread and must
// hand its result to its owner's executor itself.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/endgame_shelf.hpp"
#include "kibitz/core/engine.hpp"
#include "kibitz/core/game.hpp"

namespace kibitz::server {

class engine_pool {
public:
    using outcome = core::result<core::engine::report>;
    struct job {
        std::string owner;                   // whose turn in the fair queue
        std::unique_ptr<core::game> game;    // the job's own copy
        core::engine::limits limits;         // limits.stop is set by the pool
        // Probe the game's endgame table, if the pool has one (limits.endgame
        // is set by the pool, on its thread: the first use reads the file).
        bool use_endgame = false;
        // Search with settings::analysis_threads (the analysis board): the
        // computer's moves stay on one thread each.
        bool spread = false;
        std::shared_ptr<std::atomic<bool>> stop = std::make_shared<std::atomic<bool>>(false);
        core::engine::info_sink progress;    // optional, on the pool thread
        std::function<void(outcome)> done;   // exactly once: the move, or why there is none
    };

    struct settings {
        int threads = 1;
        std::size_t table_mib = 32;
        std::size_t max_queued = 4096;       // in all
        std::size_t max_queued_per_owner = 32;
        // The threads' niceness: 19, the lowest CFS weight, so a busy engine takes
        // what the I/O threads leave. Its think time is wall-clock, so it never
        // flags; it only sees fewer nodes when the machine is full. (5 and 19
        // measured alike within the noise on 2 cores: BENCHMARKS.md.)
        int nice = 19;
        // Where the endgame tables are (endgame_shelf); empty: none.
        std::string endgame_dir;
        // Threads of one job that asks to spread (lazy SMP, sharing the pool
        // thread's table): the pool thread and analysis_threads - 1 more,
        // started for that search only. For a server with cores to spare
        // beyond `threads`; above 1, the analysis board's lines depend on timing.
        int analysis_threads = 1;
    };

    explicit engine_pool(settings s);
    ~engine_pool();  // stop()
    engine_pool(const engine_pool&) = delete;
    engine_pool& operator=(const engine_pool&) = delete;

    // False (and `done` is not called) when the queue is full.
    bool submit(job j);
    // Cancels every job, queued or running, and joins the threads; queued
    // jobs get "shutting down".
    void stop();

    std::size_t queued() const;
    std::size_t running() const { return running_; }
    int threads() const { return static_cast<int>(workers_.size()); }

private:
    void work(std::stop_token st);
    bool take(job& out);  // under mu_

    settings settings_;
    std::optional<endgame_shelf> endgame_;
    mutable std::mutex mu_;
    std::condition_variable_any ready_;
    std::map<std::string, std::deque<job>> queues_;
    std::deque<std::string> turns_;  // owners with queued jobs, in serving order
    std::size_t queued_ = 0;
    std::atomic<std::size_t> running_{0};
    std::vector<std::shared_ptr<std::atomic<bool>>> in_flight_;  // running jobs' stop flags
    bool stopping_ = false;
    std::vector<std::jthread> workers_;
};

}  // namespace kibitz::server
