#pragma once
// WebSocket framing (RFC 6455 §5) as pure functions, for both ends: the
// server's (ws_session does its own framing instead of Beast's
// websocket::stream so that every frame queued for a connection goes out in
// one gathered write, with no per-frame composed operation) and the client's
// that the benchmarks speak (bench/load, bench/ceiling). One library,
// `kibitz_ws_frame`, with no dependency, so the benchmarks measure the very
// byte rules the server runs; tested on their own (tests/server/test_ws_frame.cpp).
// The opening handshake's key is in ws_handshake.hpp (it needs Beast's SHA-1).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/utf8.hpp"

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

// Which end sent the frame being read: a client's frames are masked, a
// server's never are (RFC 6455 §5.1).
enum class sender { client, server };

// One frame's header, read from the front of a buffer.
struct parsed_header {
    bool fin = false;
    opcode op = opcode::continuation;
    std::uint64_t payload_size = 0;
    std::size_t header_size = 0;
    std::array<std::uint8_t, 4> mask{};  // a client frame's key; zeros for a server frame
};

enum class parse_result {
    ok,              // `out` holds the header; the payload may still be incomplete
    need_more,       // the header itself is not all there yet
    protocol_error,  // close with 1002
    too_big,         // a data frame above max_payload: close with 1009
};

// Frames use no extension bits and known opcodes, client frames are masked and
// server frames are not; control frames must be final and at most 125 bytes.
// The payload may still be incomplete: see frame_complete.
parse_result parse_header(const std::uint8_t* data, std::size_t size, std::size_t max_payload,
                          parsed_header& out, sender from = sender::client);

// Whether `size` bytes hold the whole frame whose header was parsed.
inline bool frame_complete(const parsed_header& h, std::size_t size) {
    return size >= h.header_size && size - h.header_size >= h.payload_size;
}

// Appends one final client frame: header, the 4-byte key, the payload masked with it.
void append_client_frame(std::string& out, opcode op, std::string_view payload,
                         const std::array<std::uint8_t, 4>& key);

// XOR with the 4-byte mask, in place; `offset` is the payload position of data[0].
void unmask(std::uint8_t* data, std::size_t size, const std::array<std::uint8_t, 4>& mask,
            std::size_t offset = 0);

using server::valid_utf8;

// The payload of a close frame: the code (big-endian) then a reason cut to fit 125 bytes.
std::string close_payload(std::uint16_t code, std::string_view reason);

// A client's Sec-WebSocket-Key: the base64 of 16 random bytes (RFC 6455 §4.1).
std::string client_key(const std::array<std::uint8_t, 16>& nonce);

}  // namespace kibitz::server::ws
