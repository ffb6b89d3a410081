#pragma once
// The JSON codec: frames in, typed messages out, and the server's messages out.
// JSON lives here and in server_msg, never in core/ or in the room logic.
// Stateless; safe on any executor.
#include <string>
#include <string_view>
#include <variant>

#include "protocol/client_msg.hpp"

namespace kibitz::server {

// A refused frame: the error to send back, plus what could be read of it so the
// reply can echo "re" and "ack".
struct decode_failure {
    wire_error error;
    std::string type;
    std::optional<std::int64_t> ack;
};

using decode_result = std::variant<client_msg, decode_failure>;

// Never throws: every malformed input becomes a decode_failure. A valid `move`
// message is read without a JSON tree; everything else (and every invalid
// move) goes through decode_client_full, so both give the same answers.
decode_result decode_client(std::string_view frame);
// The full parser alone (the tests compare the two).
decode_result decode_client_full(std::string_view frame);

}  // namespace kibitz::server
