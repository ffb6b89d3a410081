#pragma once
// Personal API tokens (issue 26): made and revoked by a logged-in account,
// presented by programs as `Authorization: Bearer kbt_…`.
//
// A token is "kbt_" and 43 characters of auth::new_token (256 random bits):
// the prefix tells it apart from a session token in the same header, and lets
// secret scanners recognise a leaked one. Like sessions, only its BLAKE2b
// digest is stored (token.hpp); the secret is returned once, by create, and
// never logged.
//
// Owns: the per-token request limit (a limiter: this node's, and the
// cluster's when shared) and the tokens checked lately (token_cache.hpp: a
// request with a token checked less than `cache_ms` ago asks no store; the
// token's last use is written at most every `touch_every_ms`). Handlers run on a store thread or,
// with shared limits, the Redis link's strand: post back to your own executor. The store may run a
// handler while it drains at shutdown, so destroy this after it.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "auth/api_scopes.hpp"
#include "auth/shared_limits.hpp"
#include "auth/token_cache.hpp"
#include "domain/wall_clock.hpp"
#include "store/token_store.hpp"

namespace kibitz::server::auth {

struct api_tokens_options {
    rate_limit per_token{120, 60 * 1000};  // requests a token may make in the window
    int max_per_account = 50;              // bounds what one account makes us store
    wall_clock clock;
    // How long a checked token is trusted without the store: the bound on a
    // revocation or a bot upgrade made on another node (at once on this one).
    std::int64_t cache_ms = 10 * 1000;
    std::size_t cache_limit = 10000;
    std::int64_t touch_every_ms = 60 * 1000;  // api_token::last_used_ms's resolution
};

struct new_api_token {
    std::string secret;  // give it to the account holder once; never log it
    storage::api_token row;
};

// What a presented token turned out to be.
struct token_check {
    std::optional<storage::token_holder> holder;  // empty: no such token
    std::int64_t retry_after_ms = 0;              // > 0: over its limit (holder set)
    scope_set scopes() const {
        return holder ? scopes_from_text(holder->token.scopes) : scope_set{};
    }
};

class api_tokens {
public:
    explicit api_tokens(storage::token_store& s, api_tokens_options o = {});
    api_tokens(const api_tokens&) = delete;
    api_tokens& operator=(const api_tokens&) = delete;

    // True for a bearer value shaped as an API token (not a session's).
    static bool is_api_token(std::string_view bearer);

    // For accounts only (the caller checks): refused past max_per_account.
    void create(storage::player who, std::string description, scope_set scopes,
                storage::handler<new_api_token> h);
    void list(storage::player_id who, storage::handler<std::vector<storage::api_token>> h);
    void revoke(storage::player_id who, std::int64_t id, storage::handler<bool> h);
    // token_store::make_bot, after which the account's tokens say so at once.
    void make_bot(storage::player_id who,
                  std::function<std::optional<std::string>(int rated_games)> admit,
                  storage::handler<storage::player> h);
    // Looks the token up and counts one request against its limit.
    void check(std::string bearer, storage::handler<token_check> h);

    // Cluster mode (app, before any operation): the limit is the cluster's.
    void share_limits(shared_limits* s) { limiter_.share(s); }

private:
    storage::token_store& store_;
    api_tokens_options options_;
    limiter limiter_;
    token_cache cache_;
};

}  // namespace kibitz::server::auth
