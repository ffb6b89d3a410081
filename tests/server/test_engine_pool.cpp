// The engine pool on its own: jobs are served in turn by owner, cancelled jobs
// report "cancelled", a full queue refuses, and stop() ends running searches.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <thread>

#include "engine/engine_pool.hpp"
#include "kibitz/core/registry.hpp"

namespace ks = kibitz::server;
namespace core = kibitz::core;

namespace {

ks::engine_pool::job job_for(std::string owner, std::function<void(ks::engine_pool::outcome)> done,
                             int depth = 2) {
    ks::engine_pool::job j;
    j.owner = std::move(owner);
    j.game = core::find_game("checkers")->new_game();
    j.limits.depth = depth;
    j.done = std::move(done);
    return j;
}

// A job that searches until its stop flag is set: keeps the single thread busy.
ks::engine_pool::job blocker(std::promise<void>& started, std::shared_ptr<std::atomic<bool>>& flag,
                             std::promise<void>& finished) {
    auto j = job_for("blocker", [&](ks::engine_pool::outcome) { finished.set_value(); }, 0);
    j.limits.depth = 0;  // no limit but the flag
    flag = j.stop;
    j.progress = [&started, fired = std::make_shared<bool>(false)](const core::engine::info&) {
        if (!*fired) started.set_value();
        *fired = true;
    };
    return j;
}

}  // namespace

TEST_CASE("engine pool: owners are served in turn") {
    ks::engine_pool pool({.threads = 1, .table_mib = 1});
    std::promise<void> started, finished;
    std::shared_ptr<std::atomic<bool>> flag;
    REQUIRE(pool.submit(blocker(started, flag, finished)));
    started.get_future().wait();

    std::mutex mu;
    std::vector<std::string> order;
    std::promise<void> all;
    auto record = [&](std::string name) {
        return [&, name](ks::engine_pool::outcome r) {
            CHECK(r.ok());
            std::lock_guard lock(mu);
            order.push_back(name);
            if (order.size() == 4) all.set_value();
        };
    };
    REQUIRE(pool.submit(job_for("room-a", record("a1"))));
    REQUIRE(pool.submit(job_for("room-a", record("a2"))));
    REQUIRE(pool.submit(job_for("room-a", record("a3"))));
    REQUIRE(pool.submit(job_for("room-b", record("b1"))));
    CHECK(pool.queued() == 4);
    flag->store(true);
    finished.get_future().wait();
    all.get_future().wait();
    CHECK(order == std::vector<std::string>{"a1", "b1", "a2", "a3"});
}

TEST_CASE("engine pool: cancelled, full, and stopped") {
    ks::engine_pool pool({.threads = 1, .table_mib = 1, .max_queued = 3, .max_queued_per_owner = 2});
    std::promise<void> started, finished;
    std::shared_ptr<std::atomic<bool>> flag;
    REQUIRE(pool.submit(blocker(started, flag, finished)));
    started.get_future().wait();

    std::promise<std::string> cancelled;
    auto j = job_for("room-a", [&](ks::engine_pool::outcome r) {
        cancelled.set_value(r.ok() ? "ok" : r.reason());
    });
    auto stop_it = j.stop;
    REQUIRE(pool.submit(std::move(j)));
    REQUIRE(pool.submit(job_for("room-a", [](ks::engine_pool::outcome) {})));
    // The owner's queue is full; then the whole queue.
    CHECK_FALSE(pool.submit(job_for("room-a", [](ks::engine_pool::outcome) {})));
    std::promise<std::string> dropped;
    REQUIRE(pool.submit(job_for("room-b", [&](ks::engine_pool::outcome r) {
        dropped.set_value(r.ok() ? "ok" : r.reason());
    })));
    CHECK_FALSE(pool.submit(job_for("room-c", [](ks::engine_pool::outcome) {})));

    stop_it->store(true);
    flag->store(true);  // the blocker ends; the cancelled job is skipped
    CHECK(cancelled.get_future().get() == "cancelled");
    CHECK(dropped.get_future().get() == "ok");
    finished.get_future().wait();

    // stop() ends a search that has no budget at all.
    std::promise<void> started2, finished2;
    std::shared_ptr<std::atomic<bool>> flag2;
    REQUIRE(pool.submit(blocker(started2, flag2, finished2)));
    started2.get_future().wait();
    const auto t0 = std::chrono::steady_clock::now();
    pool.stop();
    finished2.get_future().wait();
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
    CHECK_FALSE(pool.submit(job_for("room-a", [](ks::engine_pool::outcome) {})));
}

TEST_CASE("engine pool: an analysis job spreads over analysis_threads, a computer move does not") {
    ks::engine_pool pool({.threads = 1, .table_mib = 1, .analysis_threads = 3});
    // The process's threads while each kind of job runs (Linux: one entry each in /proc/self/task).
    const auto threads_now = [] {
        return std::distance(std::filesystem::directory_iterator("/proc/self/task"),
                             std::filesystem::directory_iterator{});
    };
    const auto idle = threads_now();

    std::promise<void> started, finished;
    std::shared_ptr<std::atomic<bool>> flag;
    REQUIRE(pool.submit(blocker(started, flag, finished)));
    started.get_future().wait();
    CHECK(threads_now() == idle);
    flag->store(true);
    finished.get_future().wait();

    std::promise<void> started2, finished2;
    std::shared_ptr<std::atomic<bool>> flag2;
    auto spread = blocker(started2, flag2, finished2);
    spread.spread = true;
    std::promise<std::size_t> move;
    spread.done = [&](ks::engine_pool::outcome r) {
        move.set_value(r.ok() ? r.value().move : 999);
        finished2.set_value();
    };
    REQUIRE(pool.submit(std::move(spread)));
    started2.get_future().wait();
    CHECK(threads_now() == idle + 2);  // two helpers beside the pool's thread
    // stop() ends it, helpers and all, with the move found so far.
    pool.stop();
    finished2.get_future().wait();
    CHECK(move.get_future().get() == 999);  // stopped by the pool: reported as cancelled
    CHECK(threads_now() == idle - 1);  // the pool's own thread is gone too
}
