#pragma once
// WebSocket framing (RFC 6455 §5) as pure functions: the server's side of it.
// ws_session does its own framing instead of Beast's websocket::stream so that
// every frame queued for a connection goes out in one gathered write, with no
// per-frame composed operation; these functions hold the byte-level rules and
// are tested on their own (tests/server/test_ws_frame.cpp).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace kibitz::server::ws {

enum class opcode : std::uint8_t {
    continuation = 0x0,
    text = 0x1,
    binary = 0x2,
    close = 0x8,
    ping = 0x9,
    pong = 0xA,
};

inline bool is_control(opcode op) { return (static_cast<std::uint8_t>(op) & 0x8) != 0; }

// Close codes the server uses (RFC 6455 §7.4.1).
enum close_code : std::uint16_t {
    normal = 1000,
    going_away = 1001,
    protocol_error = 1002,
    unsupported_data = 1003,  // a binary message: the protocol is JSON text only
    bad_payload = 1007,  // text that is not UTF-8
    policy_error = 1008,
    too_big = 1009,
    internal_error = 1011,
};

// The header of a server frame (never masked, always FIN): 2, 4 or 10 bytes.
struct frame_header {
    std::array<std::uint8_t, 10> bytes{};
    std::uint8_t size = 0;
};
frame_header make_header(opcode op, std::uint64_t payload_size);

// One client frame's header, read from the front of a buffer.
struct parsed_header {
    bool fin = false;
    opcode op = opcode::continuation;
    std::uint64_t payload_size = 0;
    std::size_t header_size = 0;
    std::array<std::uint8_t, 4> mask{};
};

enum class parse_result {
    ok,              // `out` holds the header; the payload may still be incomplete
    need_more,       // the header itself is not all there yet
    protocol_error,  // close with 1002
    too_big,         // a data frame above max_payload: close with 1009
};

// Client frames must be masked, use no extension bits and known opcodes;
// control frames must be final and at most 125 bytes.
parse_result parse_header(const std::uint8_t* data, std::size_t size, std::size_t max_payload,
                          parsed_header& out);

// XOR with the 4-byte mask, in place; `offset` is the payload position of data[0].
void unmask(std::uint8_t* data, std::size_t size, const std::array<std::uint8_t, 4>& mask,
            std::size_t offset = 0);

bool valid_utf8(std::string_view s);

// The payload of a close frame: the code (big-endian) then a reason cut to fit 125 bytes.
std::string close_payload(std::uint16_t code, std::string_view reason);

// Sec-WebSocket-Accept for a Sec-WebSocket-Key (base64 of SHA-1 of key + GUID);
// empty for a key that cannot be one (empty or longer than 24 characters).
std::string accept_key(std::string_view key);

}  // namespace kibitz::server::ws
