#pragma once
// Shared by the bot and board API's route files (api_bot_play.cpp,
// api_challenges.cpp): a request made into the WebSocket's own client
// message, and sent as the token's account to where a socket's would go.
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/answer_peer.hpp"
#include "api/api_internal.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {
class hub;
}

namespace kibitz::server::api {

// The WebSocket message `t` with payload `d`, through the codec's checks.
std::variant<client_msg, api_response> as_message(std::string_view t, json d);

// Sends `m` as `who`; the first answer of type `answer` (or `ack` when
// empty) is made into the reply by `ok`, an `error` into its refusal.
void send_as(const std::shared_ptr<hub>& h, api_context& ctx, const storage::player& who,
             client_msg m, std::string answer, answer_peer::make_ok ok, api_reply reply);

// /api/challenge/{username} (make one) and /api/challenge/{id}/{accept|
// decline|cancel} (api_challenges.cpp), for `who` whose token may challenge.
void challenge_routes(const std::shared_ptr<hub>& h, api_context& ctx, const storage::player& who,
                      const std::vector<std::string>& seg, const api_request& req, api_reply reply);

}  // namespace kibitz::server::api
