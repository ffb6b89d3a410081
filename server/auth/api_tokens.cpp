#include "auth/api_tokens.hpp"

#include "auth/token.hpp"

namespace kibitz::server::auth {

namespace {
constexpr std::string_view prefix = "kbt_";
}

api_tokens::api_tokens(storage::token_store& s, api_tokens_options o)
    : store_(s), options_(std::move(o)), cache_(options_.cache_ms, options_.cache_limit) {}

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
    store_.revoke_api_token(who, id, [this, id, h = std::move(h)](core::result<bool> r) {
        if (r && r.value()) cache_.forget_token(id);
        h(std::move(r));
    });
}

void api_tokens::make_bot(storage::player_id who,
                          std::function<std::optional<std::string>(int rated_games)> admit,
                          storage::handler<storage::player> h) {
    store_.make_bot(who, options_.clock.now_ms(), std::move(admit),
                    [this, who, h = std::move(h)](core::result<storage::player> r) {
                        if (r) cache_.forget_player(who);
                        h(std::move(r));
                    });
}

void api_tokens::check(std::string bearer, storage::handler<token_check> h) {
    if (!is_api_token(bearer)) return h(token_check{});
    // Counts one request against the token's limit, then answers.
    auto counted = [this, h](storage::token_holder holder) {
        // Keyed by the token's row id, never by its secret.
        std::string key = "api-token:" + std::to_string(holder.token.id);
        limiter_.attempt({{key, options_.per_token}}, options_.clock.now_ms(),
                         [h, holder = std::move(holder)](std::int64_t wait) {
                             h(token_check{holder, wait});
                         });
    };
    auto digest = token_hash(bearer);
    const auto now = options_.clock.now_ms();
    if (auto known = cache_.find(digest, now)) return counted(std::move(*known));
    store_.find_api_token(
        digest, now, options_.touch_every_ms,
        [this, digest, now, generation = cache_.generation(), h,
         counted = std::move(counted)](core::result<std::optional<storage::token_holder>> found) {
            if (!found) return h(core::error{found.reason()});
            if (!found.value()) return h(token_check{});
            cache_.keep(digest, *found.value(), now, generation);
            counted(std::move(*found.value()));
        });
}

}  // namespace kibitz::server::auth
