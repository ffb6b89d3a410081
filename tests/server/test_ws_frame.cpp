// The server's own WebSocket framing: the byte rules (net/ws_frame.hpp) and,
// over a real socket with hand-made frames, what Beast's client cannot send:
// unmasked and fragmented frames, split reads, bad UTF-8, bad handshakes.
#include <doctest/doctest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include <random>
#include <sys/socket.h>
#include <thread>

#include "helpers.hpp"
#include "net/ws_frame.hpp"
#include "net/ws_handshake.hpp"
#include "raw_ws.hpp"

using namespace kibitz::server;
using kibitz::test::bytes;
using kibitz::test::client_frame;
using kibitz::test::eventually;
using kibitz::test::metric;
using kibitz::test::raw_client;
using kibitz::test::test_server;
namespace net = boost::asio;
using tcp = net::ip::tcp;

TEST_CASE("frame headers: the three length forms, FIN set, never masked") {
    auto h = ws::make_header(ws::opcode::text, 125);
    CHECK(h.size == 2);
    CHECK(h.bytes[0] == 0x81);
    CHECK(h.bytes[1] == 125);
    h = ws::make_header(ws::opcode::text, 126);
    CHECK(h.size == 4);
    CHECK(h.bytes[1] == 126);
    CHECK(h.bytes[2] == 0);
    CHECK(h.bytes[3] == 126);
    h = ws::make_header(ws::opcode::close, 65535);
    CHECK(h.size == 4);
    CHECK(h.bytes[0] == 0x88);
    CHECK(h.bytes[2] == 0xFF);
    CHECK(h.bytes[3] == 0xFF);
    h = ws::make_header(ws::opcode::binary, 65536);
    CHECK(h.size == 10);
    CHECK(h.bytes[1] == 127);
    CHECK(h.bytes[7] == 1);  // 0x0000000000010000
    CHECK(h.bytes[8] == 0);
    CHECK(h.bytes[9] == 0);
}

TEST_CASE("client frame headers are parsed, and refused when the RFC says so") {
    ws::parsed_header h;
    std::string f = client_frame(ws::opcode::text, std::string(300, 'x'));
    auto d = reinterpret_cast<const std::uint8_t*>(f.data());
    for (std::size_t n = 0; n < 8; ++n)  // 2 + 2 length + 4 mask bytes
        CHECK(ws::parse_header(d, n, 4096, h) == ws::parse_result::need_more);
    REQUIRE(ws::parse_header(d, f.size(), 4096, h) == ws::parse_result::ok);
    CHECK(h.fin);
    CHECK(h.op == ws::opcode::text);
    CHECK(h.payload_size == 300);
    CHECK(h.header_size == 8);
    CHECK(h.mask == std::array<std::uint8_t, 4>{0x12, 0x34, 0x56, 0x78});

    CHECK(ws::parse_header(d, f.size(), 299, h) == ws::parse_result::too_big);
    auto parse = [&](const std::string& s) {
        return ws::parse_header(reinterpret_cast<const std::uint8_t*>(s.data()), s.size(), 4096, h);
    };
    CHECK(parse(client_frame(ws::opcode::text, "hi", true, false)) ==
          ws::parse_result::protocol_error);  // not masked
    CHECK(parse(bytes({0xC1, 0x80, 0, 0, 0, 0})) == ws::parse_result::protocol_error);  // RSV1
    CHECK(parse(bytes({0x83, 0x80, 0, 0, 0, 0})) == ws::parse_result::protocol_error);  // opcode 3
    CHECK(parse(bytes({0x8B, 0x80, 0, 0, 0, 0})) == ws::parse_result::protocol_error);  // opcode B
    CHECK(parse(bytes({0x09, 0x80, 0, 0, 0, 0})) == ws::parse_result::protocol_error);  // ping, no FIN
    CHECK(parse(client_frame(ws::opcode::ping, std::string(126, 'p'))) ==
          ws::parse_result::protocol_error);  // control frames hold at most 125 bytes
    CHECK(parse(bytes({0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0})) ==
          ws::parse_result::protocol_error);  // 64-bit length with the top bit set
    // A huge declared length is refused from the header alone.
    CHECK(parse(bytes({0x81, 0xFF, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0})) ==
          ws::parse_result::too_big);
}

TEST_CASE("unmasking is its own inverse, from any offset") {
    std::array<std::uint8_t, 4> mask{0xA1, 0x02, 0xF3, 0x44};
    std::string text = "The quick brown fox jumps over the lazy dog, 0123456789!";
    std::string a = text;
    ws::unmask(reinterpret_cast<std::uint8_t*>(a.data()), a.size(), mask);
    CHECK(a != text);
    CHECK(static_cast<std::uint8_t>(a[0]) == (static_cast<std::uint8_t>('T') ^ 0xA1));
    CHECK(static_cast<std::uint8_t>(a[5]) == (static_cast<std::uint8_t>('u') ^ 0x02));
    // In two pieces, the second starting at offset 13.
    ws::unmask(reinterpret_cast<std::uint8_t*>(a.data()), 13, mask);
    ws::unmask(reinterpret_cast<std::uint8_t*>(a.data()) + 13, a.size() - 13, mask, 13);
    CHECK(a == text);
}

TEST_CASE("UTF-8 validation") {
    CHECK(ws::valid_utf8(""));
    CHECK(ws::valid_utf8("plain ASCII text, longer than eight bytes"));
    CHECK(ws::valid_utf8("Oferhl\xC3\xBDp"));                 // ý
    CHECK(ws::valid_utf8("\xE2\x82\xAC and \xF0\x9F\x8E\xB2"));  // € and 🎲
    CHECK(ws::valid_utf8("\xED\x9F\xBF"));                     // U+D7FF
    CHECK(ws::valid_utf8("\xF4\x8F\xBF\xBF"));                 // U+10FFFF
    CHECK_FALSE(ws::valid_utf8("\x80"));                       // lone continuation
    CHECK_FALSE(ws::valid_utf8("\xC0\x80"));                   // overlong NUL
    CHECK_FALSE(ws::valid_utf8("\xC1\xBF"));                   // overlong
    CHECK_FALSE(ws::valid_utf8("\xE0\x80\x80"));               // overlong
    CHECK_FALSE(ws::valid_utf8("\xED\xA0\x80"));               // surrogate U+D800
    CHECK_FALSE(ws::valid_utf8("\xF0\x80\x80\x80"));           // overlong
    CHECK_FALSE(ws::valid_utf8("\xF4\x90\x80\x80"));           // above U+10FFFF
    CHECK_FALSE(ws::valid_utf8("\xF5\x80\x80\x80"));
    CHECK_FALSE(ws::valid_utf8("abcdefgh\xC3"));               // cut short
    CHECK_FALSE(ws::valid_utf8("\xE2\x82"));
    CHECK_FALSE(ws::valid_utf8("\xE2\x28\xA1"));               // bad continuation
}

TEST_CASE("close payloads: code first, reason cut to fit without splitting a character") {
    auto p = ws::close_payload(1009, "too big");
    CHECK(p == bytes({0x03, 0xF1}) + "too big");
    std::string long_reason;
    for (int i = 0; i < 100; ++i) long_reason += "\xC3\xBD";  // 200 bytes of ý
    p = ws::close_payload(1000, long_reason);
    CHECK(p.size() <= 125);
    CHECK(p.size() == 2 + 122);  // 123 would split a ý
    CHECK(ws::valid_utf8(p.substr(2)));
}

TEST_CASE("the handshake key of RFC 6455 §1.3") {
    CHECK(ws::accept_key("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
    CHECK(ws::accept_key("").empty());
    CHECK(ws::accept_key(std::string(25, 'a')).empty());
}

TEST_CASE("socket: handshake answers, and bad handshakes are refused") {
    test_server srv;
    {
        raw_client c(srv.port());
        auto head = c.handshake();
        CHECK(head.rfind("HTTP/1.1 101", 0) == 0);
        INFO(head);
        CHECK(head.find("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") != std::string::npos);
        c.write(client_frame(ws::opcode::text, kibitz::test::ping_msg));
        CHECK(c.read_text().find("\"pong\"") != std::string::npos);
    }
    {
        raw_client c(srv.port());
        CHECK(c.handshake("").rfind("HTTP/1.1 400", 0) == 0);
        CHECK(c.at_eof(100));  // after the short body
    }
    {
        raw_client c(srv.port());
        auto head = c.handshake("dGhlIHNhbXBsZSBub25jZQ==", "8");
        CHECK(head.rfind("HTTP/1.1 426", 0) == 0);
        CHECK(head.find("Sec-WebSocket-Version: 13") != std::string::npos);
    }
}

TEST_CASE("socket: pings, fragments, split and batched frames") {
    test_server srv;
    raw_client c(srv.port());
    REQUIRE(c.handshake().rfind("HTTP/1.1 101", 0) == 0);

    c.write(client_frame(ws::opcode::ping, "are you there"));
    auto pong = c.read_frame();
    CHECK(pong.op == static_cast<int>(ws::opcode::pong));
    CHECK(pong.payload == "are you there");

    // One message in three fragments, with a ping between them.
    c.write(client_frame(ws::opcode::text, R"({"t":)", false));
    c.write(client_frame(ws::opcode::ping, "", true));
    c.write(client_frame(ws::opcode::continuation, R"("pi)", false));
    c.write(client_frame(ws::opcode::continuation, R"(ng"})", true));
    CHECK(c.read_frame().op == static_cast<int>(ws::opcode::pong));
    CHECK(c.read_text().find("\"pong\"") != std::string::npos);

    // A frame that arrives a byte at a time.
    std::string f = client_frame(ws::opcode::text, kibitz::test::ping_msg);
    for (char ch : f) c.write(std::string(1, ch));
    CHECK(c.read_text().find("\"pong\"") != std::string::npos);

    // Three frames in one write: three answers, in order.
    c.write(client_frame(ws::opcode::text, R"({"t":"ping","ack":1})") +
            client_frame(ws::opcode::text, R"({"t":"nonsense","ack":2})") +
            client_frame(ws::opcode::text, R"({"t":"ping","ack":3})"));
    CHECK(c.read_text().find("\"pong\"") != std::string::npos);
    CHECK(c.read_text().find("\"error\"") != std::string::npos);
    CHECK(c.read_text().find("\"pong\"") != std::string::npos);

    // A message of 300 bytes (16-bit length) is read whole.
    std::string padded = R"({"t":"ping","pad":")" + std::string(270, 'x') + "\"}";
    c.write(client_frame(ws::opcode::text, padded));
    CHECK(c.read_text().find("\"pong\"") != std::string::npos);

    // The client closes: the server answers with the same code, then ends the TCP side.
    c.write(client_frame(ws::opcode::close, bytes({0x03, 0xE8}) + "bye"));
    auto close = c.read_frame();
    CHECK(close.op == static_cast<int>(ws::opcode::close));
    CHECK(close.close_code() == 1000);
    CHECK(c.at_eof());
}

TEST_CASE("socket: protocol errors close with 1002, bad UTF-8 with 1007, size with 1009") {
    test_server srv;
    auto closes_with = [&](const std::string& data) {
        raw_client c(srv.port());
        REQUIRE(c.handshake().rfind("HTTP/1.1 101", 0) == 0);
        c.write(data);
        raw_client::server_frame f;
        do f = c.read_frame();
        while (f.op == static_cast<int>(ws::opcode::text));
        CHECK(f.op == static_cast<int>(ws::opcode::close));
        CHECK(c.at_eof());
        return f.close_code();
    };
    CHECK(closes_with(client_frame(ws::opcode::text, kibitz::test::ping_msg, true, false)) == 1002);
    CHECK(closes_with(client_frame(ws::opcode::continuation, kibitz::test::ping_msg)) == 1002);
    CHECK(closes_with(client_frame(ws::opcode::text, "{", false) +
                      client_frame(ws::opcode::text, "}")) == 1002);
    CHECK(closes_with(client_frame(ws::opcode::close, "x")) == 1002);
    CHECK(closes_with(client_frame(ws::opcode::text, "{\"t\":\"\xC3\x28\"}")) == 1007);
    CHECK(closes_with(client_frame(ws::opcode::text, std::string(5000, ' '))) == 1009);
    // Fragments that add up to more than the cap.
    CHECK(closes_with(client_frame(ws::opcode::text, std::string(3000, ' '), false) +
                      client_frame(ws::opcode::continuation, std::string(3000, ' '))) == 1009);
    // The server still serves others.
    raw_client ok(srv.port());
    REQUIRE(ok.handshake().rfind("HTTP/1.1 101", 0) == 0);
    ok.write(client_frame(ws::opcode::text, kibitz::test::ping_msg));
    CHECK(ok.read_text().find("\"pong\"") != std::string::npos);
}

TEST_CASE("socket: a silent connection is pinged, then closed with 1001; one that answers stays") {
    test_server srv([](server_config& c) { c.idle_timeout = std::chrono::milliseconds(600); });
    raw_client silent(srv.port()), lively(srv.port());
    REQUIRE(silent.handshake().rfind("HTTP/1.1 101", 0) == 0);
    REQUIRE(lively.handshake().rfind("HTTP/1.1 101", 0) == 0);

    // lively answers every ping with a pong, for longer than the idle timeout.
    for (int pings = 0; pings < 3;) {
        auto f = lively.read_frame();
        REQUIRE(f.op == static_cast<int>(ws::opcode::ping));
        lively.write(client_frame(ws::opcode::pong, f.payload));
        ++pings;
    }
    lively.write(client_frame(ws::opcode::text, kibitz::test::ping_msg));
    CHECK(lively.read_text().find("\"pong\"") != std::string::npos);

    // silent got a ping, did not answer, and was told goodbye.
    auto first = silent.read_frame();
    CHECK(first.op == static_cast<int>(ws::opcode::ping));
    auto close = silent.read_frame();
    CHECK(close.op == static_cast<int>(ws::opcode::close));
    CHECK(close.close_code() == 1001);
    CHECK(silent.at_eof());
}

TEST_CASE("socket: a client that does not read is cut off when its write queue is full") {
    test_server srv([](server_config& c) { c.write_queue = 8; });
    raw_client slow(srv.port(), 2048), other(srv.port());
    REQUIRE(slow.handshake().rfind("HTTP/1.1 101", 0) == 0);
    REQUIRE(other.handshake().rfind("HTTP/1.1 101", 0) == 0);
    // 1,000 pings (within the test server's burst) ask for ~70 KB of pongs; the
    // client reads none, so the kernel buffers fill, writes stall, and the
    // queue passes its 8 frames.
    std::string burst;
    for (int i = 0; i < 1000; ++i) burst += client_frame(ws::opcode::text, kibitz::test::ping_msg);
    slow.write(burst);
    // The client starts reading only once the server has cut it.
    REQUIRE(eventually([&] { return metric(srv.port(), "kibitz_slow_clients_total") >= 1; }));
    // What was already in the kernel's buffers still arrives, then the end.
    int pongs = 0;
    for (;;) {
        auto f = slow.read_frame();
        if (f.op != static_cast<int>(ws::opcode::text)) break;
        ++pongs;
    }
    CHECK(pongs > 0);
    CHECK(pongs < 1000);
    // Everyone else is served as before.
    other.write(client_frame(ws::opcode::text, kibitz::test::ping_msg));
    CHECK(other.read_text().find("\"pong\"") != std::string::npos);
}

TEST_CASE("socket: random bytes and mutated frames never take the server down") {
    test_server srv;
    std::mt19937 rng(20261122);
    auto byte = [&] { return static_cast<char>(rng() & 0xFF); };
    for (int round = 0; round < 200; ++round) {
        raw_client c(srv.port());
        REQUIRE(c.handshake().rfind("HTTP/1.1 101", 0) == 0);
        std::string data;
        if (round % 2) {
            // Pure noise.
            for (std::size_t n = rng() % 300; n > 0; --n) data += byte();
        } else {
            // Real frames with a few bytes flipped (headers, lengths, masks, payloads).
            data = client_frame(ws::opcode::text, kibitz::test::ping_msg) +
                   client_frame(ws::opcode::text, R"({"t":"seek.create","d":{"game":"checkers"}})");
            for (int k = rng() % 4; k >= 0; --k) data[rng() % data.size()] = byte();
        }
        c.write(data);
        // Whatever the server answers, it closes or keeps going; read a little.
        c.read_timeout(std::chrono::milliseconds(30));
        c.read_frame();
    }
    raw_client ok(srv.port());
    REQUIRE(ok.handshake().rfind("HTTP/1.1 101", 0) == 0);
    ok.write(client_frame(ws::opcode::text, kibitz::test::ping_msg));
    CHECK(ok.read_text().find("\"pong\"") != std::string::npos);
}
