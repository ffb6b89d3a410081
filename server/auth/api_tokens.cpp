#include "auth/api_tokens.hpp"

#include "auth/token.hpp"

namespace kibitz::server::auth {

namespace {
constexpr std::string_view prefix = "kbt_";
}

api_tokens::api_tokens(storage::token_store& s, api_tokens_options o)
    : store_(s), options_(std::move(o)) {}

bool api_tokens::is_api_token(std::string_view bearer) { return bearer.starts_with(prefix); }

void api_tokens::create(storage::player who, std::string description, scope_set scopes,
                        storage::handler<new_api_token> h) {
    // Counted first: a cap checked apart from the insert may be passed by one
    // or two racing requests of the same account, which bounds it well enough.
    store_.api_tokens_of(
        who.id, [this, who, description = std::move(description), scopes,
                 h = std::move(h)](core::result<std::vector<storage::api_token>> mine) mutable {
            if (!mine) return h(core::error{mine.reason()});
            if (static_cast<int>(mine.value().size()) >= options_.max_per_account)
                return h(core::error{"too many tokens: revoke one you no longer use"});
            std::string secret = std::string(prefix) + new_token();
            storage::api_token row{
                0, who.id, std::move(description), scopes_text(scopes), options_.clock.now_ms(), 0};
            store_.create_api_token(token_hash(secret), std::move(row),
                                    [secret, h = std::move(h)](core::result<storage::api_token> r) {
                                        if (!r) return h(core::error{r.reason()});
                                        h(new_api_token{secret, std::move(r.value())});
                                    });
        });
}

void api_tokens::list(storage::player_id who, storage::handler<std::vector<storage::api_token>> h) {
    store_.api_tokens_of(who, std::move(h));
}

void api_tokens::revoke(storage::player_id who, std::int64_t id, storage::handler<bool> h) {
    store_.revoke_api_token(who, id, std::move(h));
}

void api_tokens::check(std::string bearer, storage::handler<token_check> h) {
    if (!is_api_token(bearer)) return h(token_check{});
    store_.find_api_token(
        token_hash(bearer), options_.clock.now_ms(),
        [this, h = std::move(h)](core::result<std::optional<storage::token_holder>> found) {
            if (!found) return h(core::error{found.reason()});
            if (!found.value()) return h(token_check{});
            // Keyed by the token's row id, never by its secret.
            std::string key = "api-token:" + std::to_string(found.value()->token.id);
            limiter_.attempt({{key, options_.per_token}}, options_.clock.now_ms(),
                             [h, holder = std::move(found.value())](std::int64_t wait) {
                                 h(token_check{holder, wait});
                             });
        });
}

}  // namespace kibitz::server::auth
