#pragma once
// A stored player as the play layer sees it ("g-<row>" / "u-<row>", or
// "c-<level>" for the computer). Pure.
#include <string>

#include "play/player.hpp"
#include "store/records.hpp"

namespace kibitz::server {

inline player_ptr player_from_stored(const storage::player& sp, std::string token) {
    auto p = std::make_shared<player>();
    p->row = sp.id;
    p->guest = sp.guest();
    p->id = (p->guest ? "g-" : "u-") + std::to_string(sp.id);
    p->name = sp.name;
    p->computer_level = sp.computer_level;
    p->bot = sp.bot;
    if (sp.computer_level) p->id = "c-" + std::to_string(sp.computer_level);
    p->token = std::move(token);
    return p;
}

}  // namespace kibitz::server
