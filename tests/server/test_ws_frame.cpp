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

#include "harness.hpp"
#include "net/ws_frame.hpp"
#include "net/ws_handshake.hpp"

using namespace kibitz::server;
using kibitz::test::test_server;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

std::string bytes(std::initializer_list<int> b) {
    std::string s;
    for (int c : b) s += static_cast<char>(c);
    return s;
}

// A client frame: masked, as RFC 6455 requires of clients (unless `masked` is false).
std::string client_frame(ws::opcode op, std::string_view payload, bool fin = true,
                         bool masked = true) {
    std::string f;
    f += static_cast<char>((fin ? 0x80 : 0) | static_cast<int>(op));
    std::uint8_t m = masked ? 0x80 : 0;
    if (payload.size() < 126) {
        f += static_cast<char>(m | payload.size());
    } else {
        f += static_cast<char>(m | 126);
        f += static_cast<char>(payload.size() >> 8);
        f += static_cast<char>(payload.size() & 0xFF);
    }
    std::array<std::uint8_t, 4> mask{0x12, 0x34, 0x56, 0x78};
    std::string body(payload);
    if (masked) {
        f.append(reinterpret_cast<const char*>(mask.data()), 4);
        ws::unmask(reinterpret_cast<std::uint8_t*>(body.data()), body.size(), mask);
    }
    return f + body;
}

// A bare TCP client speaking WebSocket by hand, with a deadline on every read.
class raw_client {
public:
    // receive_buffer > 0: a small kernel receive buffer (set before connecting,
    // so the TCP window stays small), for a client that reads too slowly.
    explicit raw_client(std::uint16_t port, int receive_buffer = 0) : socket_(io_) {
        socket_.open(tcp::v4());
        if (receive_buffer > 0)
            socket_.set_option(net::socket_base::receive_buffer_size(receive_buffer));
        socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        read_timeout(std::chrono::milliseconds(3000));
    }
    void read_timeout(std::chrono::milliseconds ms) {
        timeval tv{static_cast<time_t>(ms.count() / 1000),
                   static_cast<suseconds_t>(ms.count() % 1000 * 1000)};
        setsockopt(socket_.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    }
    // Sends the request; returns the response head (up to the blank line).
    std::string handshake(std::string key = "dGhlIHNhbXBsZSBub25jZQ==",
                          std::string version = "13") {
        std::string req = "GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                          "Connection: Upgrade\r\n";
        if (!key.empty()) req += "Sec-WebSocket-Key: " + key + "\r\n";
        req += "Sec-WebSocket-Version: " + version + "\r\n\r\n";
        write(req);
        std::string head;
        while (head.find("\r\n\r\n") == std::string::npos) {
            char c;
            if (!read_exact(&c, 1)) break;
            head += c;
        }
        return head;
    }
    void write(std::string_view data) { net::write(socket_, net::buffer(data.data(), data.size())); }
    // Plain recv(): SO_RCVTIMEO bounds each wait (Asio's blocking read would
    // poll again after the timeout).
    bool read_exact(char* out, std::size_t n) {
        while (n > 0) {
            auto got = ::recv(socket_.native_handle(), out, n, 0);
            if (got <= 0) return false;
            out += got;
            n -= static_cast<std::size_t>(got);
        }
        return true;
    }
    struct server_frame {
        int op = -1;  // -1: nothing came (EOF or timeout)
        std::string payload;
        std::uint16_t close_code() const {
            return payload.size() >= 2 ? static_cast<std::uint16_t>(
                                             (static_cast<std::uint8_t>(payload[0]) << 8) |
                                             static_cast<std::uint8_t>(payload[1]))
                                       : 0;
        }
    };
    server_frame read_frame() {
        server_frame f;
        std::uint8_t h[2];
        if (!read_exact(reinterpret_cast<char*>(h), 2)) return f;
        CHECK((h[1] & 0x80) == 0);  // servers never mask
        std::uint64_t n = h[1] & 0x7F;
        if (n == 126) {
            std::uint8_t e[2];
            if (!read_exact(reinterpret_cast<char*>(e), 2)) return f;
            n = (e[0] << 8) | e[1];
        } else if (n == 127) {
            std::uint8_t e[8];
            if (!read_exact(reinterpret_cast<char*>(e), 8)) return f;
            n = 0;
            for (auto b : e) n = (n << 8) | b;
        }
        f.payload.resize(n);
        if (n && !read_exact(f.payload.data(), n)) return f;
        f.op = h[0] & 0x0F;
        CHECK((h[0] & 0x80) != 0);  // never fragmented
        return f;
    }
    // The next text frame's payload (skipping pings), or "" on EOF/timeout.
    std::string read_text() {
        for (;;) {
            auto f = read_frame();
            if (f.op == static_cast<int>(ws::opcode::text)) return f.payload;
            if (f.op == -1 || f.op == static_cast<int>(ws::opcode::close)) return "";
        }
    }
    // True when the server ends the connection (after at most `limit` more bytes).
    bool at_eof(std::size_t limit = 0) {
        char c;
        for (std::size_t i = 0; i <= limit; ++i)
            if (!read_exact(&c, 1)) return true;
        return false;
    }

private:
    net::io_context io_;
    tcp::socket socket_;
};

const std::string ping_msg = R"({"t":"ping"})";

}  // namespace

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
        c.write(client_frame(ws::opcode::text, ping_msg));
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
    std::string f = client_frame(ws::opcode::text, ping_msg);
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
    CHECK(closes_with(client_frame(ws::opcode::text, ping_msg, true, false)) == 1002);
    CHECK(closes_with(client_frame(ws::opcode::continuation, ping_msg)) == 1002);
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
    ok.write(client_frame(ws::opcode::text, ping_msg));
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
    lively.write(client_frame(ws::opcode::text, ping_msg));
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
    for (int i = 0; i < 1000; ++i) burst += client_frame(ws::opcode::text, ping_msg);
    slow.write(burst);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
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
    other.write(client_frame(ws::opcode::text, ping_msg));
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
            data = client_frame(ws::opcode::text, ping_msg) +
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
    ok.write(client_frame(ws::opcode::text, ping_msg));
    CHECK(ok.read_text().find("\"pong\"") != std::string::npos);
}
