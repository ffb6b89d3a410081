#pragma once
// The server's half of the WebSocket opening handshake (RFC 6455 §4.2.2).
#include <string>
#include <string_view>

namespace kibitz::server::ws {

// Sec-WebSocket-Accept for a Sec-WebSocket-Key (base64 of SHA-1 of key + GUID);
// empty for a key that cannot be one (empty or longer than 24 characters).
std::string accept_key(std::string_view key);

}  // namespace kibitz::server::ws
