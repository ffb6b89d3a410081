#pragma once
// Who someone is: a guest or an account. Immutable after creation and shared
// (shared_ptr<const player>) across threads. Once stored, `row` is the stored
// player row and identity is that row (a guest who registers keeps it); a
// guest not stored (yet: play/session/guest_book.hpp), or without a database, is its
// in-memory id.
#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

namespace kibitz::server {

struct player {
    std::string id;     // "g-5e8f3a2b" (in memory), "g-<row>" / "u-<row>" (stored)
    std::string name;   // "Guest-052913", or the account's username
    std::string token;  // session token (secret: never sent to anyone else)
    int rating = 1500;  // pairing rating when no per-game rating is known
    bool guest = true;
    std::int64_t row = 0;  // stored player row; 0 while not stored
    int computer_level = 0;  // 1..8: the computer, played by the engine pool; 0: a person
    bool bot = false;        // an account played by a program through the bot API

    // The key of every per-player map (hub, lobby, rooms, matchmaker).
    std::string key() const { return row ? "#" + std::to_string(row) : id; }

    // `rating`: the rating shown for the game at hand (null for guests or when unknown).
    nlohmann::json public_json(nlohmann::json rating = nullptr, bool provisional = false) const {
        nlohmann::json j = {{"id", id}, {"name", name}, {"rating", guest ? nullptr : rating},
                            {"guest", guest}};
        if (!guest && !rating.is_null()) j["provisional"] = provisional;
        if (computer_level) j["computer"] = computer_level;
        if (bot) j["bot"] = true;  // only when true: most players are people
        return j;
    }
};

using player_ptr = std::shared_ptr<const player>;

}  // namespace kibitz::server
