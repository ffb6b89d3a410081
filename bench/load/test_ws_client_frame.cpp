// The client framing of kibitz-load against the examples of RFC 6455 (§1.3, §5.7).
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "ws_client_frame.hpp"

namespace ws = kibitz::bench::ws;

namespace {

std::string bytes(std::initializer_list<int> b) {
    std::string s;
    for (int c : b) s += static_cast<char>(c);
    return s;
}

std::uint32_t key_of(std::initializer_list<int> b) {  // the key as it lies on the wire
    auto s = bytes(b);
    std::uint32_t k;
    std::memcpy(&k, s.data(), 4);
    return k;
}

}  // namespace

TEST_CASE("masked text frame: RFC 6455 §5.7 'Hello'") {
    std::string out = "x";  // appends after what is there
    ws::append_masked_frame(out, ws::text, "Hello", key_of({0x37, 0xfa, 0x21, 0x3d}));
    CHECK(out[0] == 'x');
    CHECK(out.substr(1) == bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58}));
}

TEST_CASE("masked frame lengths: 7-bit, 16-bit, 64-bit; masking undoes itself") {
    auto key = key_of({1, 2, 3, 4});
    for (std::size_t len : {0u, 125u, 126u, 65535u, 65536u}) {
        std::string payload(len, 'a');
        for (std::size_t i = 0; i < len; ++i) payload[i] = static_cast<char>('a' + i % 26);
        std::string out;
        ws::append_masked_frame(out, ws::ping, payload, key);
        std::size_t h = len < 126 ? 2 : len < 65536 ? 4 : 10;
        REQUIRE(out.size() == h + 4 + len);
        CHECK(static_cast<unsigned char>(out[0]) == 0x89);
        CHECK((static_cast<unsigned char>(out[1]) & 0x80) == 0x80);
        CHECK((static_cast<unsigned char>(out[1]) & 0x7f) == (len < 126 ? len : len < 65536 ? 126 : 127));
        std::string body = out.substr(h + 4);
        ws::apply_mask(body.data(), body.size(), key);
        CHECK(body == payload);
    }
}

TEST_CASE("server frames: RFC 6455 §5.7 examples, split anywhere") {
    auto hello = bytes({0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f});
    for (std::size_t n = 0; n < hello.size(); ++n)
        CHECK(ws::parse_server_frame(hello.data(), n, 1000).status == 0);
    auto f = ws::parse_server_frame(hello.data(), hello.size(), 1000);
    CHECK(f.status == 1);
    CHECK(f.fin);
    CHECK(f.op == ws::text);
    CHECK(hello.substr(f.header, f.len) == "Hello");

    // A fragmented "Hel" + "lo": first frame without FIN, then a continuation.
    auto frag = bytes({0x01, 0x03, 0x48, 0x65, 0x6c, 0x80, 0x02, 0x6c, 0x6f});
    f = ws::parse_server_frame(frag.data(), frag.size(), 1000);
    CHECK((f.status == 1 && !f.fin && f.op == ws::text && f.len == 3));
    f = ws::parse_server_frame(frag.data() + 5, 4, 1000);
    CHECK((f.status == 1 && f.fin && f.op == ws::continuation && f.len == 2));

    auto len256 = bytes({0x82, 0x7e, 0x01, 0x00}) + std::string(256, 'z');
    CHECK(ws::parse_server_frame(len256.data(), 3, 1000).status == 0);
    f = ws::parse_server_frame(len256.data(), 4, 1000);
    CHECK((f.status == 0 && f.header == 4 && f.len == 256));  // header known: wait for 260 bytes
    f = ws::parse_server_frame(len256.data(), len256.size(), 1000);
    CHECK((f.status == 1 && f.header == 4 && f.len == 256));

    auto len64k = bytes({0x82, 0x7f, 0, 0, 0, 0, 0, 1, 0, 0});
    f = ws::parse_server_frame(len64k.data(), len64k.size(), 1 << 20);
    CHECK((f.status == 0 && f.header == 10 && f.len == 65536));
    CHECK(ws::parse_server_frame(len64k.data(), len64k.size(), 65535).status == -1);  // too big

    auto ping = bytes({0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f});
    f = ws::parse_server_frame(ping.data(), ping.size(), 1000);
    CHECK((f.status == 1 && f.op == ws::ping && f.len == 5));
}

TEST_CASE("server frames that break the protocol") {
    auto bad = [](std::string b) { return ws::parse_server_frame(b.data(), b.size(), 1000).status; };
    CHECK(bad(bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58})) == -1);  // masked
    CHECK(bad(bytes({0xc1, 0x00})) == -1);        // RSV1 without an extension
    CHECK(bad(bytes({0x83, 0x00})) == -1);        // reserved data opcode
    CHECK(bad(bytes({0x8b, 0x00})) == -1);        // reserved control opcode
    CHECK(bad(bytes({0x09, 0x00})) == -1);        // fragmented ping
    CHECK(bad(bytes({0x88, 0x7e, 0x00, 0x7e})) == -1);  // control payload above 125
}

TEST_CASE("Sec-WebSocket-Key: RFC 6455 §1.3 nonce") {
    const unsigned char nonce[16] = {'t', 'h', 'e', ' ', 's', 'a', 'm', 'p', 'l', 'e', ' ', 'n', 'o', 'n', 'c', 'e'};
    CHECK(ws::base64_key(nonce) == "dGhlIHNhbXBsZSBub25jZQ==");
}
