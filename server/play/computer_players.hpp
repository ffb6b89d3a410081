#pragma once
// The computer's eight players, one per level: the stored rows when there is
// a database (app reads them at start-up), in memory otherwise. Fixed once
// made; safe from any thread.
#include <string>
#include <vector>

#include "play/player.hpp"

namespace kibitz::server {

class computer_players {
public:
    static constexpr int levels = 8;

    // `stored`: one per level, lowest first; anything else: in-memory players.
    explicit computer_players(std::vector<player_ptr> stored = {}) {
        if (stored.size() == static_cast<std::size_t>(levels)) {
            by_level_ = std::move(stored);
            return;
        }
        for (int level = 1; level <= levels; ++level) {
            auto p = std::make_shared<player>();
            p->id = "c-" + std::to_string(level);
            p->name = "Computer · level " + std::to_string(level);
            p->computer_level = level;
            by_level_.push_back(std::move(p));
        }
    }
    // Null outside 1..levels.
    player_ptr at(int level) const {
        if (level < 1 || level > levels) return nullptr;
        return by_level_[level - 1];
    }

private:
    std::vector<player_ptr> by_level_;
};

}  // namespace kibitz::server
