#pragma once
// The client side of WebSocket framing (RFC 6455 §5), only what kibitz-load
// needs: masked frames out (header + key + masked payload appended to an output
// buffer), unmasked server frames in (header parsed where it lies in the read
// buffer, so frames split across reads simply wait for more bytes). No
// extensions are negotiated, so the RSV bits must be zero.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace kibitz::bench::ws {

enum opcode : unsigned char { continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA };

// XORs len bytes with the repeating 4-byte key, 8 bytes at a time (both halves of
// the 64-bit key hold the same 4 bytes, so byte order does not matter).
inline void apply_mask(char* p, std::size_t len, std::uint32_t key) {
    std::uint64_t k8 = (std::uint64_t{key} << 32) | key;
    std::size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        std::uint64_t v;
        std::memcpy(&v, p + i, 8);
        v ^= k8;
        std::memcpy(p + i, &v, 8);
    }
    unsigned char k[4];
    std::memcpy(k, &key, 4);
    for (; i < len; ++i) p[i] = static_cast<char>(static_cast<unsigned char>(p[i]) ^ k[i & 3]);
}

// Appends one final (FIN) frame of opcode op carrying payload, masked with key.
inline void append_masked_frame(std::string& out, opcode op, std::string_view payload, std::uint32_t key) {
    unsigned char h[14];
    std::size_t n = 0, len = payload.size();
    h[n++] = static_cast<unsigned char>(0x80 | op);
    if (len < 126) {
        h[n++] = static_cast<unsigned char>(0x80 | len);
    } else if (len < 65536) {
        h[n++] = 0x80 | 126;
        h[n++] = static_cast<unsigned char>(len >> 8);
        h[n++] = static_cast<unsigned char>(len);
    } else {
        h[n++] = 0x80 | 127;
        for (int s = 56; s >= 0; s -= 8) h[n++] = static_cast<unsigned char>(static_cast<std::uint64_t>(len) >> s);
    }
    std::memcpy(h + n, &key, 4);
    n += 4;
    std::size_t at = out.size();
    out.append(reinterpret_cast<const char*>(h), n);
    out.append(payload);
    apply_mask(out.data() + at + n, len, key);
}

struct frame_header {
    int status = 0;           // 1 complete frame, 0 need more bytes, -1 protocol error
    bool fin = false;
    opcode op = continuation;
    std::size_t header = 0;   // bytes before the payload
    std::uint64_t len = 0;    // payload bytes
};

// Parses the header of a server frame at p[0..n) and says whether the whole
// frame (header + payload) is there. Frames above max_payload are an error, as
// are masked frames, RSV bits, unknown opcodes and malformed control frames.
inline frame_header parse_server_frame(const char* data, std::size_t n, std::uint64_t max_payload) {
    const auto* p = reinterpret_cast<const unsigned char*>(data);
    frame_header f;
    if (n < 2) return f;
    f.fin = p[0] & 0x80;
    f.op = static_cast<opcode>(p[0] & 0x0f);
    if ((p[0] & 0x70) || (p[1] & 0x80)) return {-1};
    bool control = f.op & 0x8;
    if (control ? (f.op > pong || !f.fin) : f.op > binary) return {-1};
    std::uint64_t len = p[1] & 0x7f;
    std::size_t h = 2;
    if (len == 126) {
        if (n < 4) return f;
        len = (std::uint64_t{p[2]} << 8) | p[3];
        h = 4;
    } else if (len == 127) {
        if (n < 10) return f;
        len = 0;
        for (int i = 0; i < 8; ++i) len = (len << 8) | p[2 + i];
        h = 10;
    }
    if ((control && len > 125) || len > max_payload) return {-1};
    f.header = h;
    f.len = len;
    if (n - h < len) return f;
    f.status = 1;
    return f;
}

// Base64 of 16 bytes (the Sec-WebSocket-Key): 24 characters with "==" padding.
inline std::string base64_key(const unsigned char (&b)[16]) {
    static constexpr char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string s;
    s.reserve(24);
    for (int i = 0; i < 15; i += 3) {
        std::uint32_t v = (std::uint32_t{b[i]} << 16) | (std::uint32_t{b[i + 1]} << 8) | b[i + 2];
        s += a[v >> 18], s += a[(v >> 12) & 63], s += a[(v >> 6) & 63], s += a[v & 63];
    }
    std::uint32_t v = std::uint32_t{b[15]} << 16;
    s += a[v >> 18], s += a[(v >> 12) & 63], s += "==";
    return s;
}

}  // namespace kibitz::bench::ws
