#pragma once
// Who someone is: a guest now, an account once storage lands. Immutable after
// creation and shared (shared_ptr<const player>) across threads.
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

namespace kibitz::server {

struct player {
    std::string id;     // "g-5e8f3a2b" for guests
    std::string name;   // "Guest-5E8F"
    std::string token;  // session token (secret: never sent to anyone else)
    int rating = 1500;  // pairing rating; guests are unrated and pair as 1500
    bool guest = true;

    nlohmann::json public_json() const {
        return {{"id", id}, {"name", name},
                {"rating", guest ? nlohmann::json(nullptr) : nlohmann::json(rating)},
                {"guest", guest}};
    }
};

using player_ptr = std::shared_ptr<const player>;

}  // namespace kibitz::server
