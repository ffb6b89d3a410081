#pragma once
// Limits per key that hold across the nodes of a cluster (docs/cluster.md,
// "Limits across nodes"): the same sliding windows as rate_limiter, kept
// where every node sees them. `limiter` below checks both: this node's own
// rate_limiter and, when attached, the shared one.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "auth/rate_limiter.hpp"

namespace kibitz::server::auth {

struct limited_key {
    std::string key;  // "ip:<address>", "user:<folded name>", "guest:<address>" …
    rate_limit limit;
};

class shared_limits {
public:
    // The ms until an attempt is allowed (0: it was, and it is counted on
    // every key); nullopt when the shared place did not answer in time.
    using answer = std::function<void(std::optional<std::int64_t>)>;
    virtual ~shared_limits() = default;
    // Counts one attempt on every key, or on none when one of them is spent.
    // `done` runs exactly once, on whatever thread.
    virtual void attempt(std::vector<limited_key> keys, answer done) = 0;
    virtual void forgive_one(const std::string& key) = 0;  // the newest attempt
    virtual void clear(const std::string& key) = 0;
};

// This node's limiter, and the cluster's when one is shared: an attempt
// passes when both allow it, and is counted in both. While the shared place
// is unreachable this node's own limiter decides alone, so a node never
// opens wider than its own budget.
class limiter {
public:
    // 0 when allowed (and counted), else the ms to wait (nothing counted).
    using answer = std::function<void(std::int64_t)>;

    // Set once, before use (app, with --cluster).
    void share(shared_limits* s) { shared_ = s; }
    bool shared() const { return shared_ != nullptr; }
    // Without a shared place `done` runs before this returns.
    void attempt(std::vector<limited_key> keys, std::int64_t now_ms, answer done);
    void forgive_one(const std::string& key);
    void clear(const std::string& key);

private:
    rate_limiter local_;
    shared_limits* shared_ = nullptr;
};

}  // namespace kibitz::server::auth
