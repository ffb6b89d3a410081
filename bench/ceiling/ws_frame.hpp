#pragma once
// The ceiling's framing is the server's own library (server/net/ws_frame.*),
// so the do-nothing server pays the very byte rules kibitz-server pays. Only
// single-frame text messages travel here, client frames masked, server frames
// not; there is no handshake: both ends are ours and start framing right
// after connect().
#include <cstddef>
#include <cstring>

#include "net/ws_frame.hpp"

namespace kibitz::bench::ceiling {

namespace ws = server::ws;

inline constexpr std::size_t header_size(std::size_t len, bool masked) {
    return (len < 126 ? 2 : len < 65536 ? 4 : 10) + (masked ? 4 : 0);
}

// Writes a server text frame's header for `len` payload bytes; returns its size.
inline std::size_t put_server_header(unsigned char* out, std::size_t len) {
    auto h = ws::make_header(ws::opcode::text, len);
    std::memcpy(out, h.bytes.data(), h.size);
    return h.size;
}

struct parsed_frame {
    int status = 0;          // 1 complete, 0 incomplete (read more), -1 protocol error
    std::size_t size = 0;    // the whole frame, header included
    unsigned char* payload = nullptr;
    std::size_t len = 0;
};

// The frame starting at p[0..n), sent by `from`; a client's payload is
// unmasked in place. Anything but a final text frame is an error here.
inline parsed_frame parse_frame(unsigned char* p, std::size_t n, ws::sender from) {
    ws::parsed_header h;
    switch (ws::parse_header(p, n, 1 << 16, h, from)) {
    case ws::parse_result::need_more: return {};
    case ws::parse_result::ok: break;
    default: return {-1};
    }
    if (!ws::frame_complete(h, n)) return {};
    if (h.op != ws::opcode::text || !h.fin) return {-1};
    unsigned char* payload = p + h.header_size;
    if (from == ws::sender::client) ws::unmask(payload, h.payload_size, h.mask);
    return {1, h.header_size + h.payload_size, payload, h.payload_size};
}

}  // namespace kibitz::bench::ceiling
