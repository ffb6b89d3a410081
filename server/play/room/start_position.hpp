#pragma once
// Games that begin from a chosen position ("play the computer from here",
// "challenge a friend from here" on the analysis board). Such games are
// casual: a rating must compare games played from the same start.
#include <memory>
#include <optional>
#include <string>

#include "kibitz/core/registry.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

// Why a position cannot start a game (unreadable, already over), or nothing.
std::optional<wire_error> check_start_position(const core::game_info& info,
                                               const std::string& text);

// The game at its start: the standard start for an empty text, else the
// position (checked before the room was made; an unreadable stored text,
// which only a hand-edited database can hold, falls back to the standard start).
std::unique_ptr<core::game> game_at_start(const core::game_info& info, const std::string& text);

}  // namespace kibitz::server
