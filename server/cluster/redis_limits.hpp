#pragma once
// The log-in, sign-up, guest and per-player push limits of a cluster, kept in Redis
// (docs/cluster.md, "Limits across nodes"): one sorted set per limited key,
// `kibitz:limit:<key>` (scores: the attempts' times in ms, by Redis's own
// clock, so the nodes' clocks need not agree), trimmed to the window and
// expiring with it. One Lua script checks and counts an attempt on every key
// at once, so parallel attempts on several nodes cannot all slip in.
//
// Asynchronous through the node's bus link: no I/O thread waits on Redis. An
// attempt Redis does not answer within `timeout` (down, or reconnecting) gets
// "no answer", and the node's own limiter decides alone (auth::limiter).
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <boost/asio/io_context.hpp>

#include "auth/shared_limits.hpp"
#include "cluster/redis_link.hpp"
#include "push/shared_budget.hpp"

namespace kibitz::server::cluster {

class redis_limits final : public auth::shared_limits,
                           public push::shared_budget,
                           public std::enable_shared_from_this<redis_limits> {
public:
    using answer = auth::shared_limits::answer;  // both bases name one

    redis_limits(boost::asio::io_context& ioc, std::shared_ptr<redis_link> link, std::string node,
                 std::chrono::milliseconds timeout = std::chrono::milliseconds(1000));

    void attempt(std::vector<auth::limited_key> keys, answer done) override;
    void forgive_one(const std::string& key) override;
    void clear(const std::string& key) override;
    // `push:<row>`, a minute's sliding window.
    void spend_push(std::int64_t who, int per_minute, push::shared_budget::answer done) override;
    // Answers every attempt still waiting with "no answer" (app, at shut-down,
    // once the I/O threads have returned: nothing else would).
    void abandon();

private:
    answer take(std::uint64_t id);  // empty when answered already

    boost::asio::io_context& ioc_;
    std::shared_ptr<redis_link> link_;
    std::string node_;
    std::chrono::milliseconds timeout_;
    std::mutex mu_;
    std::uint64_t next_ = 1;
    std::map<std::uint64_t, answer> waiting_;
};

}  // namespace kibitz::server::cluster
