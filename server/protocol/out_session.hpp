#pragma once
// Server -> client messages of the session (schema/protocol.md, "Session"):
// one struct per message, encoded by the codec (encode_session.cpp). `ack`,
// `error` are encoded by ack_frame / error_frame (server_msg.hpp).
// Plain values; safe on any executor.
#include <optional>
#include <string>
#include <vector>

#include "protocol/server_msg.hpp"

namespace kibitz::server {

struct welcome_msg {
    std::string token;
    json user;  // the player's public form, with "ratings" for an account
    bool resumed = false;
    std::vector<std::string> rooms;  // unfinished games with a seat of the player's
    json games;                      // the game catalogue (catalogue_json())
    std::int64_t server_time = 0;    // Unix ms
};
struct identity_msg {
    json user;  // the stored guest, replacing the welcome's user
};
struct pong_msg {
    std::optional<std::int64_t> at;  // the client's own stamp, echoed
    std::int64_t server_time = 0;
};

frame encode(const welcome_msg& m);
frame encode(const identity_msg& m);
frame encode(const pong_msg& m);

}  // namespace kibitz::server
