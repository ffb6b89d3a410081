#pragma once
// The ratings of stored players per game, as the play layer shows them: a
// cache of the store's, filled at hello and after each rated game (the
// recorder's rating sink), and in a cluster from the other nodes' lobby
// messages. Guests and players not stored have none. Owns only the cache.
// Thread-safe: one mutex, held to look up or edit.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "play/player.hpp"
#include "store/records.hpp"

namespace kibitz::server {

class rating_cache {
public:
    using per_game = std::map<std::string, storage::rating_value, std::less<>>;

    void set(std::int64_t row, const std::string& game, storage::rating_value v);
    // An account that has not played `game` has 1500, provisional.
    std::optional<storage::rating_value> of(const player& p, std::string_view game) const;
    // Every rating cached for a stored player (a cluster's lobby leader gets them).
    per_game all_of(std::int64_t row) const;
    // The player's public JSON with the rating of `game` (provisional marked).
    nlohmann::json player_json(const player_ptr& p, std::string_view game) const;
    int pairing_rating(const player_ptr& p, std::string_view game) const;

private:
    mutable std::mutex mu_;
    std::map<std::int64_t, per_game> ratings_;
};

}  // namespace kibitz::server
