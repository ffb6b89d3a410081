#include "play/rating_cache.hpp"

#include <cmath>

namespace kibitz::server {

void rating_cache::set(std::int64_t row, const std::string& game, storage::rating_value v) {
    std::lock_guard lock(mu_);
    ratings_[row][game] = v;
}

std::optional<storage::rating_value> rating_cache::of(const player& p,
                                                      std::string_view game) const {
    if (p.guest || !p.row) return std::nullopt;
    std::lock_guard lock(mu_);
    auto it = ratings_.find(p.row);
    if (it != ratings_.end()) {
        auto r = it->second.find(game);
        if (r != it->second.end()) return r->second;
    }
    return storage::rating_value{};  // an account that has not played it: 1500, provisional
}

rating_cache::per_game rating_cache::all_of(std::int64_t row) const {
    std::lock_guard lock(mu_);
    auto it = ratings_.find(row);
    return it == ratings_.end() ? per_game{} : it->second;
}

nlohmann::json rating_cache::player_json(const player_ptr& p, std::string_view game) const {
    auto r = of(*p, game);
    if (!r) return p->public_json();
    return p->public_json(static_cast<int>(std::lround(r->rating)), r->provisional());
}

int rating_cache::pairing_rating(const player_ptr& p, std::string_view game) const {
    auto r = of(*p, game);
    return r ? static_cast<int>(std::lround(r->rating)) : p->rating;
}

}  // namespace kibitz::server
