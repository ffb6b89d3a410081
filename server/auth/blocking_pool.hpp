#pragma once
// A few threads for blocking CPU work (argon2id hashing), so it never runs on
// an I/O thread, a room strand or the store's writer. Jobs run in FIFO order;
// the destructor finishes queued jobs, then joins.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kibitz::server::auth {

class blocking_pool {
public:
    explicit blocking_pool(int threads);
    ~blocking_pool();
    blocking_pool(const blocking_pool&) = delete;
    blocking_pool& operator=(const blocking_pool&) = delete;

    void post(std::function<void()> job);
    std::size_t queued();

private:
    void run();
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> jobs_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace kibitz::server::auth
