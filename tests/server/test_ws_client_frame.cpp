// The client's end of the shared WebSocket framing (net/ws_frame.hpp), the one
// the benchmarks speak, against the examples of RFC 6455 (§1.3, §5.7).
#include <doctest/doctest.h>

#include <string>

#include "net/ws_frame.hpp"

namespace ws = kibitz::server::ws;

namespace {

std::string bytes(std::initializer_list<int> b) {
    std::string s;
    for (int c : b) s += static_cast<char>(c);
    return s;
}

ws::parse_result parse(const std::string& b, std::size_t n, std::size_t max, ws::parsed_header& h) {
    return ws::parse_header(reinterpret_cast<const std::uint8_t*>(b.data()), n, max, h,
                            ws::sender::server);
}

}  // namespace

TEST_CASE("client frame: RFC 6455 §5.7 masked 'Hello'") {
    std::string out = "x";  // appends after what is there
    ws::append_client_frame(out, ws::opcode::text, "Hello", {0x37, 0xfa, 0x21, 0x3d});
    CHECK(out[0] == 'x');
    CHECK(out.substr(1) == bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58}));
}

TEST_CASE("client frames of every length class read back by the server's parser") {
    for (std::size_t len : {0u, 125u, 126u, 65535u, 65536u}) {
        std::string payload(len, 'a');
        for (std::size_t i = 0; i < len; ++i) payload[i] = static_cast<char>('a' + i % 26);
        std::string out;
        ws::append_client_frame(out, ws::opcode::binary, payload, {1, 2, 3, 4});
        std::size_t h = len < 126 ? 2 : len < 65536 ? 4 : 10;
        REQUIRE(out.size() == h + 4 + len);
        ws::parsed_header ph;
        auto* d = reinterpret_cast<std::uint8_t*>(out.data());
        REQUIRE(ws::parse_header(d, out.size(), 1 << 20, ph) == ws::parse_result::ok);
        CHECK(ph.header_size == h + 4);
        CHECK(ph.payload_size == len);
        CHECK(ws::frame_complete(ph, out.size()));
        CHECK(!ws::frame_complete(ph, out.size() - 1));
        ws::unmask(d + ph.header_size, len, ph.mask);
        CHECK(out.substr(h + 4) == payload);
    }
}

TEST_CASE("server frames as a client reads them: RFC 6455 §5.7, split anywhere") {
    ws::parsed_header h;
    auto hello = bytes({0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f});
    for (std::size_t n = 0; n < hello.size(); ++n)
        CHECK((parse(hello, n, 1000, h) == ws::parse_result::need_more || !ws::frame_complete(h, n)));
    REQUIRE(parse(hello, hello.size(), 1000, h) == ws::parse_result::ok);
    CHECK((h.fin && h.op == ws::opcode::text && h.header_size == 2 && h.payload_size == 5));
    CHECK(ws::frame_complete(h, hello.size()));

    // "Hel" + "lo": a first frame without FIN, then a continuation.
    auto frag = bytes({0x01, 0x03, 0x48, 0x65, 0x6c, 0x80, 0x02, 0x6c, 0x6f});
    REQUIRE(parse(frag, frag.size(), 1000, h) == ws::parse_result::ok);
    CHECK((!h.fin && h.op == ws::opcode::text && h.payload_size == 3));
    REQUIRE(parse(frag.substr(5), 4, 1000, h) == ws::parse_result::ok);
    CHECK((h.fin && h.op == ws::opcode::continuation && h.payload_size == 2));

    auto len256 = bytes({0x82, 0x7e, 0x01, 0x00}) + std::string(256, 'z');
    CHECK(parse(len256, 3, 1000, h) == ws::parse_result::need_more);
    REQUIRE(parse(len256, 4, 1000, h) == ws::parse_result::ok);  // header known: wait for 260
    CHECK((h.header_size == 4 && h.payload_size == 256 && !ws::frame_complete(h, 4)));
    auto len64k = bytes({0x82, 0x7f, 0, 0, 0, 0, 0, 1, 0, 0});
    CHECK(parse(len64k, len64k.size(), 1 << 20, h) == ws::parse_result::ok);
    CHECK(h.payload_size == 65536);
    CHECK(parse(len64k, len64k.size(), 65535, h) == ws::parse_result::too_big);
}

TEST_CASE("server frames that break the protocol, as a client reads them") {
    ws::parsed_header h;
    auto bad = [&](std::string b) { return parse(b, b.size(), 1000, h) == ws::parse_result::protocol_error; };
    CHECK(bad(bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58})));  // masked
    CHECK(bad(bytes({0xc1, 0x00})));        // RSV1 without an extension
    CHECK(bad(bytes({0x83, 0x00})));        // reserved data opcode
    CHECK(bad(bytes({0x8b, 0x00})));        // reserved control opcode
    CHECK(bad(bytes({0x09, 0x00})));        // fragmented ping
    CHECK(bad(bytes({0x88, 0x7e, 0x00, 0x7e})));  // control payload above 125
}

TEST_CASE("Sec-WebSocket-Key: RFC 6455 §1.3 nonce") {
    std::array<std::uint8_t, 16> nonce{'t', 'h', 'e', ' ', 's', 'a', 'm', 'p', 'l', 'e', ' ', 'n', 'o', 'n', 'c', 'e'};
    CHECK(ws::client_key(nonce) == "dGhlIHNhbXBsZSBub25jZQ==");
}
