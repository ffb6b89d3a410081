#pragma once
// WebSocket framing (RFC 6455 section 5.2), only as much as the ceiling test needs:
// single-frame text messages (FIN + opcode 1), 7-bit or 16-bit payload lengths
// (every payload here is 1..900 bytes; 64-bit lengths are refused as a protocol
// error), client frames masked with a 4-byte key, server frames unmasked. There is
// no handshake: both ends are ours and start framing right after connect().
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "load/ws_client_frame.hpp"

namespace kibitz::bench::ceiling {

inline constexpr unsigned char fin_text = 0x81;

inline constexpr std::size_t header_size(std::size_t len, bool masked) {
    return (len < 126 ? 2 : 4) + (masked ? 4 : 0);
}

// Writes the header for `len` payload bytes (with the key after it when mask is
// given) and returns its size. len must be below 65536.
inline std::size_t put_header(unsigned char* out, std::size_t len, const unsigned char* mask) {
    std::size_t n = 0;
    out[n++] = fin_text;
    unsigned char m = mask ? 0x80 : 0;
    if (len < 126) {
        out[n++] = static_cast<unsigned char>(m | len);
    } else {
        out[n++] = static_cast<unsigned char>(m | 126);
        out[n++] = static_cast<unsigned char>(len >> 8);
        out[n++] = static_cast<unsigned char>(len & 0xff);
    }
    if (mask) {
        std::memcpy(out + n, mask, 4);
        n += 4;
    }
    return n;
}

// The repeating 4-byte key, as kibitz-load applies it (one implementation).
inline void apply_mask(unsigned char* p, std::size_t len, const unsigned char* key) {
    std::uint32_t k4;
    std::memcpy(&k4, key, 4);
    ws::apply_mask(reinterpret_cast<char*>(p), len, k4);
}

struct parsed_frame {
    int status = 0;          // 1 complete, 0 incomplete (read more), -1 protocol error
    std::size_t size = 0;    // the whole frame, header included
    unsigned char* payload = nullptr;
    std::size_t len = 0;
};

// Parses the frame starting at p[0..n). A masked frame is unmasked in place (the
// server's side); expect_mask says which side we are (clients must mask, servers
// must not).
inline parsed_frame parse_frame(unsigned char* p, std::size_t n, bool expect_mask) {
    if (n < 2) return {};
    if (p[0] != fin_text || static_cast<bool>(p[1] & 0x80) != expect_mask) return {-1};
    std::size_t len = p[1] & 0x7f, h = 2;
    if (len == 127) return {-1};
    if (len == 126) {
        if (n < 4) return {};
        len = (std::size_t{p[2]} << 8) | p[3];
        h = 4;
    }
    if (expect_mask) h += 4;
    if (n < h + len) return {};
    if (expect_mask) apply_mask(p + h, len, p + h - 4);
    return {1, h + len, p + h, len};
}

}  // namespace kibitz::bench::ceiling
