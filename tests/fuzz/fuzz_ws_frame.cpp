// libFuzzer target: the WebSocket framing (server/net/ws_frame.*), fed bytes
// as a client would send them. The input is read as a stream of client frames,
// the way ws_session::take_frames reads its buffer, and every piece is checked
// against what must hold for any input:
//   - parse_header never reads past the buffer (ASan) and its results are sane;
//   - unmasking twice gives the bytes back;
//   - valid_utf8 (with its eight-bytes-at-a-time skip) agrees with a plain
//     byte-by-byte decoder written from RFC 3629;
//   - a server header made by make_header parses back to the same frame, and
//     the bytes read as server frames (unmasked) parse within the same rules;
//   - close_payload keeps the code, stays within 125 bytes and valid UTF-8.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "net/ws_frame.hpp"

namespace ws = kibitz::server::ws;

namespace {

void require(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_ws_frame: broken: %s\n", what);
        std::abort();
    }
}

// RFC 3629 §4, one code point at a time: the reference for valid_utf8.
bool reference_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        auto c = static_cast<unsigned char>(s[i]);
        std::uint32_t cp;
        std::size_t n;
        if (c < 0x80) { cp = c; n = 1; }
        else if ((c & 0xE0) == 0xC0) { cp = c & 0x1F; n = 2; }
        else if ((c & 0xF0) == 0xE0) { cp = c & 0x0F; n = 3; }
        else if ((c & 0xF8) == 0xF0) { cp = c & 0x07; n = 4; }
        else return false;
        if (i + n > s.size()) return false;
        for (std::size_t k = 1; k < n; ++k) {
            auto b = static_cast<unsigned char>(s[i + k]);
            if ((b & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (b & 0x3F);
        }
        static constexpr std::uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += n;
    }
    return true;
}

void check_utf8(std::string_view s) {
    require(ws::valid_utf8(s) == reference_utf8(s), "valid_utf8 disagrees with RFC 3629");
}

void check_server_header(ws::opcode op, std::uint64_t size) {
    auto h = ws::make_header(op, size);
    require(h.size == 2 || h.size == 4 || h.size == 10, "header size");
    // As a client would send it: the mask bit set and a mask after the header.
    std::vector<std::uint8_t> bytes(h.bytes.begin(), h.bytes.begin() + h.size);
    bytes[1] |= 0x80;
    bytes.insert(bytes.end(), {1, 2, 3, 4});
    ws::parsed_header p;
    auto r = ws::parse_header(bytes.data(), bytes.size(), ~std::size_t{0} >> 1, p);
    if (ws::is_control(op) && size > 125) {
        require(r == ws::parse_result::protocol_error, "oversize control frame accepted");
        return;
    }
    require(r == ws::parse_result::ok, "own header refused");
    require(p.fin && p.op == op && p.payload_size == size && p.header_size == bytes.size(),
            "own header read back differently");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // The first byte picks the size cap (as the server's max_frame would be).
    const std::size_t max_payload = std::size_t{data[0]} * 64;
    std::vector<std::uint8_t> buf(data + 1, data + size);

    std::size_t at = 0;
    std::string message;  // a fragmented message being put together
    while (at < buf.size()) {
        ws::parsed_header h;
        auto r = ws::parse_header(buf.data() + at, buf.size() - at, max_payload, h);
        if (r != ws::parse_result::ok) break;
        require(h.header_size >= 6 && h.header_size <= 14, "header size");
        require(!ws::is_control(h.op) || (h.fin && h.payload_size <= 125), "control frame rules");
        require(ws::is_control(h.op) || h.payload_size <= max_payload, "size cap");
        if (h.payload_size > buf.size() - at - h.header_size) break;  // the rest is still coming
        std::uint8_t* payload = buf.data() + at + h.header_size;
        const auto n = static_cast<std::size_t>(h.payload_size);

        std::vector<std::uint8_t> before(payload, payload + n);
        ws::unmask(payload, n, h.mask);
        // From any offset, as for a frame read in pieces: twice is the identity.
        const std::size_t offset = n ? payload[0] % 8 : 0;
        ws::unmask(payload, n, h.mask, offset);
        ws::unmask(payload, n, h.mask, offset);
        ws::unmask(payload, n, h.mask);
        require(n == 0 || std::memcmp(before.data(), payload, n) == 0, "unmask is not its own inverse");
        ws::unmask(payload, n, h.mask);

        std::string_view text(reinterpret_cast<const char*>(payload), n);
        check_utf8(text);
        if (h.op == ws::opcode::close && n >= 2) {
            auto code = static_cast<std::uint16_t>((payload[0] << 8) | payload[1]);
            auto reply = ws::close_payload(code, text.substr(2));
            require(reply.size() <= 125, "close payload over 125 bytes");
            require(static_cast<std::uint8_t>(reply[0]) == payload[0] &&
                        static_cast<std::uint8_t>(reply[1]) == payload[1],
                    "close code changed");
            require(ws::valid_utf8(std::string_view(reply).substr(2)), "close reason cut mid-character");
        }
        if (!ws::is_control(h.op)) {
            message.append(text);
            if (h.fin) {
                check_utf8(message);
                message.clear();
            }
        }
        check_server_header(h.op, h.payload_size);
        at += h.header_size + n;
    }
    // The same bytes as server frames (what the benchmarks' clients read): never
    // masked, so no key, and a header of 2 to 10 bytes.
    for (std::size_t from = 0; from < buf.size();) {
        ws::parsed_header h;
        if (ws::parse_header(buf.data() + from, buf.size() - from, max_payload, h,
                             ws::sender::server) != ws::parse_result::ok)
            break;
        require(h.header_size >= 2 && h.header_size <= 10, "server header size");
        require(h.mask == std::array<std::uint8_t, 4>{}, "a server frame with a key");
        if (!ws::frame_complete(h, buf.size() - from)) break;
        from += h.header_size + static_cast<std::size_t>(h.payload_size);
    }
    check_utf8(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
