#pragma once
// A per-player push budget kept where every node of a cluster sees it
// (docs/cluster.md, "Limits across nodes"): the notifications one player
// sets off on several nodes spend one budget, not one per node. The cluster
// implements it over Redis (cluster/redis_limits.hpp); a single node has
// none and its push_sender's own window decides alone.
#include <cstdint>
#include <functional>
#include <optional>

namespace kibitz::server::push {

class shared_budget {
public:
    // true: allowed, and counted; false: the budget is spent; nullopt: the
    // shared place did not answer in time (the node's own limit decides).
    using answer = std::function<void(std::optional<bool>)>;
    virtual ~shared_budget() = default;
    // One push for stored player `who`, at most `per_minute` a minute.
    // `done` runs exactly once, on whatever thread.
    virtual void spend_push(std::int64_t who, int per_minute, answer done) = 0;
};

}  // namespace kibitz::server::push
