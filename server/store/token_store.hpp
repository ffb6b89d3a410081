#pragma once
// The door for programs (issue 26), the storage part: personal API tokens,
// kept by the digest of their secret, and bot accounts. Kept apart from
// `store` (one job each); the one SQL store implements both (sql_store.hpp).
// The store decides no rule: whether an account may become a bot is the
// caller's `admit`.
//
// Threading contract: as store.hpp: every call returns at once; the handler
// runs on one of the store's threads after commit; writes run in call order.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace kibitz::server::storage {

// A bot as the bot list shows it (schema/bot_api.md, GET /api/bots).
struct bot_listing {
    player who;
    std::vector<game_rating> ratings;  // by rules id
    std::vector<game_summary> recent;  // newest first
};

class token_store {
public:
    virtual ~token_store() = default;

    // create fills in t.id; find records that the token was used now, unless
    // that was recorded less than `touch_every_ms` ago (writer, so it sees a
    // token made a moment ago); revoke deletes only the owner's.
    virtual void create_api_token(std::string token_hash, api_token t, handler<api_token> h) = 0;
    virtual void api_tokens_of(player_id owner, handler<std::vector<api_token>> h) = 0;
    virtual void find_api_token(std::string token_hash, std::int64_t now_ms,
                                std::int64_t touch_every_ms,
                                handler<std::optional<token_holder>> h) = 0;
    virtual void revoke_api_token(player_id owner, std::int64_t id, handler<bool> h) = 0;
    // Marks an account as a bot, for good. `admit` gets the number of rated
    // games the player has, in the same transaction, and may refuse with a
    // reason (the rule is the caller's). A guest or an unknown player is refused.
    virtual void make_bot(player_id who, std::int64_t now_ms,
                          std::function<std::optional<std::string>(int rated_games)> admit,
                          handler<player> h) = 0;
    // Bot accounts, the most recent first, each with its ratings and its
    // `recent_limit` latest public games: one read, whatever the number.
    virtual void bots(int limit, int recent_limit, handler<std::vector<bot_listing>> h) = 0;
    // A person's opt-in to challenges from bots (off until set); set answers
    // false for an unknown player.
    virtual void set_bot_challenges(player_id who, bool accept, handler<bool> h) = 0;
    virtual void bot_challenges(player_id who, handler<bool> h) = 0;
    // The language an account reads the site in: a catalogue code, or empty
    // for the browser's choice; set answers false for an unknown player.
    virtual void set_language(player_id who, std::string code, handler<bool> h) = 0;
    virtual void language(player_id who, handler<std::string> h) = 0;
};

}  // namespace kibitz::server::storage
