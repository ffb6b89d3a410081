#pragma once
// The API tokens this node has checked lately (issue 26), so that a program's
// every request does not go to the store: each entry is trusted for `ttl_ms`
// after the store last said so, then checked there again.
//
// Revocation and a bot upgrade made through this node's api_tokens take
// effect at once (forget_token, forget_player); made on another node of a
// cluster, within `ttl_ms` (docs/cluster.md, "Bots across nodes"). An unknown
// token is never kept: a token made a moment ago works at once.
//
// Keyed by the token's digest, never its secret. Bounded: past `limit`
// entries the stale ones go, then all. Thread-safe (a mutex): the store's
// threads check tokens and fill it at once.
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "store/records.hpp"

namespace kibitz::server::auth {

class token_cache {
public:
    token_cache(std::int64_t ttl_ms, std::size_t limit) : ttl_ms_(ttl_ms), limit_(limit) {}

    // The holder of `digest` if it was checked less than ttl_ms before `now_ms`.
    std::optional<storage::token_holder> find(const std::string& digest, std::int64_t now_ms) const;
    // A mark to pass to `keep`: a forget between the two makes the keep a no-op
    // (the store's answer may predate the revocation).
    std::uint64_t generation() const;
    void keep(const std::string& digest, storage::token_holder h, std::int64_t checked_ms,
              std::uint64_t asked_at_generation);
    void forget_token(std::int64_t token_id);
    void forget_player(storage::player_id who);
    std::size_t size() const;

private:
    struct entry {
        storage::token_holder holder;
        std::int64_t checked_ms = 0;
    };
    template <class Pred>
    void forget_if(Pred gone);

    const std::int64_t ttl_ms_;
    const std::size_t limit_;
    mutable std::mutex mu_;
    std::unordered_map<std::string, entry> entries_;
    std::uint64_t generation_ = 0;
};

}  // namespace kibitz::server::auth
