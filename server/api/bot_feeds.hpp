#pragma once
// The two streams of the bot and board APIs (schema/bot_api.md), as feeds
// for net/stream_session:
// - the event stream of an account: bound as one of the player's connections
//   (hub::peers), so it hears of every game that starts for the account
//   (gameStart, and gameFinish when it ends), of challenges made to it and
//   of its own challenges declined;
// - a game stream: joins the game's room as that seat's connection, exactly
//   as a WebSocket tab does, and says gameFull first, then gameState on every
//   change, chatLine and opponentGone.
// Each feed keeps its stream's place under the caps (stream_slot) while it
// lives. Runs on the stream's strand (line_feed).
#include <memory>
#include <string>

#include "api/line_feed.hpp"
#include "play/player.hpp"

namespace kibitz::server {
class hub;
}

namespace kibitz::server::api {

std::shared_ptr<line_feed> make_event_feed(std::shared_ptr<hub> h, player_ptr who,
                                           std::unique_ptr<stream_slot> slot);
std::shared_ptr<line_feed> make_game_feed(std::shared_ptr<hub> h, player_ptr who, std::string room,
                                          std::unique_ptr<stream_slot> slot);

}  // namespace kibitz::server::api
