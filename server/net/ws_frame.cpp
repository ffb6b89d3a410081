#include "net/ws_frame.hpp"

#include <cstring>

namespace kibitz::server::ws {

frame_header make_header(opcode op, std::uint64_t n) {
    frame_header h;
    h.bytes[0] = static_cast<std::uint8_t>(0x80 | static_cast<std::uint8_t>(op));
    if (n < 126) {
        h.bytes[1] = static_cast<std::uint8_t>(n);
        h.size = 2;
    } else if (n <= 0xFFFF) {
        h.bytes[1] = 126;
        h.bytes[2] = static_cast<std::uint8_t>(n >> 8);
        h.bytes[3] = static_cast<std::uint8_t>(n);
        h.size = 4;
    } else {
        h.bytes[1] = 127;
        for (int i = 0; i < 8; ++i) h.bytes[2 + i] = static_cast<std::uint8_t>(n >> (56 - 8 * i));
        h.size = 10;
    }
    return h;
}

parse_result parse_header(const std::uint8_t* d, std::size_t size, std::size_t max_payload,
                          parsed_header& out, sender from) {
    const bool masked = from == sender::client;
    if (size < 2) return parse_result::need_more;
    if (d[0] & 0x70) return parse_result::protocol_error;  // no extension was negotiated
    std::uint8_t op = d[0] & 0x0F;
    if ((op > 0x2 && op < 0x8) || op > 0xA) return parse_result::protocol_error;
    if (((d[1] & 0x80) != 0) != masked) return parse_result::protocol_error;
    out.fin = (d[0] & 0x80) != 0;
    out.op = static_cast<opcode>(op);
    std::uint64_t n = d[1] & 0x7F;
    std::size_t at = 2;
    if (n == 126) {
        if (size < 4) return parse_result::need_more;
        n = (std::uint64_t{d[2]} << 8) | d[3];
        at = 4;
    } else if (n == 127) {
        if (size < 10) return parse_result::need_more;
        n = 0;
        for (int i = 0; i < 8; ++i) n = (n << 8) | d[2 + i];
        if (n >> 63) return parse_result::protocol_error;
        at = 10;
    }
    if (is_control(out.op) && (!out.fin || n > 125)) return parse_result::protocol_error;
    if (!is_control(out.op) && n > max_payload) return parse_result::too_big;
    out.mask = {};
    if (masked) {
        if (size < at + 4) return parse_result::need_more;
        std::memcpy(out.mask.data(), d + at, 4);
        at += 4;
    }
    out.payload_size = n;
    out.header_size = at;
    return parse_result::ok;
}

void unmask(std::uint8_t* d, std::size_t n, const std::array<std::uint8_t, 4>& mask,
            std::size_t offset) {
    std::size_t i = 0;
    // Eight bytes at a time with the mask repeated (rotated to the offset).
    std::uint8_t m8[8];
    for (int k = 0; k < 8; ++k) m8[k] = mask[(offset + k) & 3];
    std::uint64_t m;
    std::memcpy(&m, m8, 8);
    for (; i + 8 <= n; i += 8) {
        std::uint64_t v;
        std::memcpy(&v, d + i, 8);
        v ^= m;
        std::memcpy(d + i, &v, 8);
    }
    for (; i < n; ++i) d[i] ^= mask[(offset + i) & 3];
}

std::string close_payload(std::uint16_t code, std::string_view reason) {
    std::string out;
    out += static_cast<char>(code >> 8);
    out += static_cast<char>(code & 0xFF);
    reason = reason.substr(0, 123);
    // Never cut a UTF-8 sequence in half.
    while (!reason.empty() && !valid_utf8(reason)) reason.remove_suffix(1);
    out += reason;
    return out;
}

void append_client_frame(std::string& out, opcode op, std::string_view payload,
                         const std::array<std::uint8_t, 4>& key) {
    std::uint8_t h[14];
    std::size_t n = 0;
    const std::uint64_t len = payload.size();
    h[n++] = static_cast<std::uint8_t>(0x80 | static_cast<std::uint8_t>(op));
    if (len < 126) {
        h[n++] = static_cast<std::uint8_t>(0x80 | len);
    } else if (len <= 0xFFFF) {
        h[n++] = 0x80 | 126;
        h[n++] = static_cast<std::uint8_t>(len >> 8);
        h[n++] = static_cast<std::uint8_t>(len);
    } else {
        h[n++] = 0x80 | 127;
        for (int i = 0; i < 8; ++i) h[n++] = static_cast<std::uint8_t>(len >> (56 - 8 * i));
    }
    std::memcpy(h + n, key.data(), 4);
    n += 4;
    const std::size_t at = out.size() + n;
    out.append(reinterpret_cast<const char*>(h), n);
    out.append(payload);
    unmask(reinterpret_cast<std::uint8_t*>(out.data() + at), payload.size(), key);  // XOR both ways
}

std::string client_key(const std::array<std::uint8_t, 16>& b) {
    static constexpr char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string s;
    s.reserve(24);
    for (int i = 0; i < 15; i += 3) {
        std::uint32_t v = (std::uint32_t{b[i]} << 16) | (std::uint32_t{b[i + 1]} << 8) | b[i + 2];
        s += digits[v >> 18], s += digits[(v >> 12) & 63], s += digits[(v >> 6) & 63], s += digits[v & 63];
    }
    std::uint32_t v = std::uint32_t{b[15]} << 16;
    s += digits[v >> 18], s += digits[(v >> 12) & 63], s += "==";
    return s;
}

}  // namespace kibitz::server::ws
