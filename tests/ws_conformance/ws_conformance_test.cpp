// The WebSocket conformance suite: every case in cases.json (what the Autobahn
// test suite checks, and why, is in its "about"), run against a real server
// (the in-process test server) over a plain TCP socket, with frames built byte
// by byte from the case's description. Besides each case's own expectations,
// every frame the server sends is checked against RFC 6455: unmasked, final,
// no reserved bits, control frames within 125 bytes, close reasons in UTF-8.
//
// KIBITZ_WS_CASE=<id prefix> runs only the matching cases (e.g. "6." or "7.12");
// KIBITZ_WS_PORT=<port> runs them against a server already listening on
// 127.0.0.1:<port> (started with --rate 1000 --burst 1000, as the test server is).
#include <doctest/doctest.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "harness.hpp"

using nlohmann::json;

namespace {

int opcode_of(const json& op) {
    if (op.is_number_integer()) return op.get<int>();
    static const std::pair<const char*, int> names[] = {
        {"continuation", 0}, {"text", 1}, {"binary", 2}, {"close", 8}, {"ping", 9}, {"pong", 10}};
    for (auto& [name, code] : names)
        if (op == name) return code;
    FAIL("unknown opcode in cases.json: " << op.dump());
    return -1;
}

std::string from_hex(std::string_view hex) {
    std::string out, digits;
    for (char c : hex)
        if (c != ' ') digits += c;
    REQUIRE(digits.size() % 2 == 0);
    for (std::size_t i = 0; i < digits.size(); i += 2)
        out += static_cast<char>(std::stoi(digits.substr(i, 2), nullptr, 16));
    return out;
}

// The payload a frame or an expectation describes.
std::string payload_of(const json& f) {
    std::string p;
    if (f.contains("code")) {
        auto code = f["code"].get<int>();
        p += static_cast<char>(code >> 8);
        p += static_cast<char>(code & 0xFF);
    }
    std::string body;
    if (f.contains("text")) body = f["text"].get<std::string>();
    if (f.contains("hex")) body = from_hex(f["hex"].get<std::string>());
    if (f.contains("ping_of")) {
        // {"t":"ping","pad":"xx…"} of exactly that many bytes.
        const std::string head = R"({"t":"ping","pad":")", tail = "\"}";
        auto n = f["ping_of"].get<std::size_t>();
        REQUIRE(n >= head.size() + tail.size());
        body = head + std::string(n - head.size() - tail.size(), 'x') + tail;
    }
    for (int i = f.value("repeat", 1); i > 0; --i) p += body;
    return p;
}

// One client frame as bytes (plus how to send it: `chop` bytes at a time).
std::string frame_bytes(const json& f, std::uint32_t mask_seed) {
    if (f.contains("raw")) return from_hex(f["raw"].get<std::string>());
    std::string payload = payload_of(f);
    std::uint64_t n = f.contains("length") ? f["length"].get<std::uint64_t>() : payload.size();
    if (f.contains("length")) payload.clear();  // claimed, never sent
    bool masked = f.value("mask", true);
    std::string out;
    out += static_cast<char>((f.value("fin", true) ? 0x80 : 0) | (f.value("rsv", 0) << 4) |
                             opcode_of(f["op"]));
    char m = masked ? '\x80' : 0;
    if (n < 126) {
        out += static_cast<char>(m | static_cast<char>(n));
    } else if (n <= 0xFFFF) {
        out += static_cast<char>(m | 126);
        out += static_cast<char>(n >> 8);
        out += static_cast<char>(n & 0xFF);
    } else {
        out += static_cast<char>(m | 127);
        for (int i = 7; i >= 0; --i) out += static_cast<char>(n >> (8 * i));
    }
    if (masked) {
        char mask[4];
        for (int i = 0; i < 4; ++i) mask[i] = static_cast<char>(mask_seed >> (8 * i));
        out.append(mask, 4);
        for (std::size_t i = 0; i < payload.size(); ++i) payload[i] ^= mask[i % 4];
    }
    return out + payload;
}

bool valid_utf8(std::string_view s) {  // RFC 3629, independent of the server's own
    std::size_t i = 0;
    while (i < s.size()) {
        auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
                                     : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        std::uint32_t cp = n == 1 ? c : c & (0x7F >> n);
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

struct server_frame {
    int op = -1;  // -1: the stream ended (or nothing came in time)
    std::string payload;
    int close_code() const {
        return payload.size() >= 2 ? (static_cast<std::uint8_t>(payload[0]) << 8) |
                                         static_cast<std::uint8_t>(payload[1])
                                   : 1005;  // "no status received"
    }
};

// A bare TCP connection speaking WebSocket by hand; every read has a deadline.
class raw_socket {
public:
    explicit raw_socket(std::uint16_t port) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        REQUIRE(fd_ >= 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
        int one = 1;
        ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        timeval tv{5, 0};  // generous: sanitizer builds on a loaded machine are slow
        ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    }
    ~raw_socket() { ::close(fd_); }
    raw_socket(const raw_socket&) = delete;
    raw_socket& operator=(const raw_socket&) = delete;

    bool handshake() {
        send_all("GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n");
        std::string head;
        char c;
        while (head.find("\r\n\r\n") == std::string::npos && read_exact(&c, 1)) head += c;
        return head.rfind("HTTP/1.1 101", 0) == 0;
    }
    void send_all(std::string_view data) {
        while (!data.empty()) {
            auto n = ::send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
            if (n <= 0) return;  // the server may already have closed: the reads tell
            data.remove_prefix(static_cast<std::size_t>(n));
        }
    }
    // `chunk` bytes at a time, each its own segment, so the server reads them apart.
    void send_chopped(std::string_view data, std::size_t chunk) {
        for (std::size_t at = 0; at < data.size(); at += chunk) {
            send_all(data.substr(at, chunk));
            // The pause is the behaviour under test: it makes each chunk its
            // own TCP segment, so the server's reads see the frame in pieces.
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    bool read_exact(char* out, std::size_t n) {
        while (n > 0) {
            auto got = ::recv(fd_, out, n, 0);
            if (got <= 0) return false;
            out += got;
            n -= static_cast<std::size_t>(got);
        }
        return true;
    }
    // The next frame, checked against what RFC 6455 asks of a server.
    server_frame read_frame() {
        server_frame f;
        std::uint8_t h[2];
        if (!read_exact(reinterpret_cast<char*>(h), 2)) return f;
        CHECK_MESSAGE((h[0] & 0x80) != 0, "the server fragmented a frame");
        CHECK_MESSAGE((h[0] & 0x70) == 0, "the server set reserved bits");
        CHECK_MESSAGE((h[1] & 0x80) == 0, "the server masked a frame");
        std::uint64_t n = h[1] & 0x7F;
        int extra = n == 126 ? 2 : n == 127 ? 8 : 0;
        if (extra) {
            std::uint8_t e[8];
            if (!read_exact(reinterpret_cast<char*>(e), extra)) return f;
            n = 0;
            for (int i = 0; i < extra; ++i) n = (n << 8) | e[i];
        }
        REQUIRE(n < (1u << 24));
        f.payload.resize(n);
        if (n && !read_exact(f.payload.data(), n)) return f;
        f.op = h[0] & 0x0F;
        if (f.op >= 8) CHECK_MESSAGE(n <= 125, "a control frame over 125 bytes");
        if (f.op == 8) {
            CHECK_MESSAGE(n != 1, "a close frame of one byte");
            if (n > 2) CHECK_MESSAGE(valid_utf8(f.payload.substr(2)), "a close reason not in UTF-8");
        }
        return f;
    }
    // True when the server ends the stream, sending nothing more first.
    bool at_eof() {
        char c;
        auto got = ::recv(fd_, &c, 1, 0);
        return got == 0 || (got < 0 && errno == ECONNRESET);
    }

private:
    int fd_ = -1;
};

bool matches(const server_frame& got, const json& want) {
    if (got.op != opcode_of(want["op"])) return false;
    if (want.contains("contains"))
        return got.payload.find(want["contains"].get<std::string>()) != std::string::npos;
    return got.payload == payload_of(want);
}

std::string describe(const server_frame& f) {
    if (f.op < 0) return "nothing (the stream ended or timed out)";
    std::ostringstream s;
    s << "opcode " << f.op << " with " << f.payload.size() << " bytes";
    if (f.op == 8) s << " (close " << f.close_code() << ")";
    else if (f.payload.size() <= 80) s << ": " << f.payload;
    return s.str();
}

void run_case(std::uint16_t port, const json& c) {
    const std::string id = c["id"].get<std::string>();
    INFO("case " << id << ": " << c["about"].get<std::string>());
    raw_socket s(port);
    REQUIRE(s.handshake());

    // Frames without `chop` go out together in one write, as a burst would.
    std::string burst;
    std::uint32_t seed = 0x9e3779b9;
    for (const auto& f : c["send"]) {
        seed = seed * 1664525 + 1013904223;
        auto bytes = frame_bytes(f, seed);
        if (f.contains("chop")) {
            s.send_all(burst);
            burst.clear();
            s.send_chopped(bytes, f["chop"].get<std::size_t>());
        } else {
            burst += bytes;
        }
    }
    s.send_all(burst);

    for (const auto& want : c.value("expect", json::array())) {
        auto got = s.read_frame();
        CHECK_MESSAGE(matches(got, want), "expected " << want.dump() << ", got " << describe(got));
        if (got.op < 0) return;
    }
    if (c.contains("close")) {
        server_frame got;
        do got = s.read_frame();
        while (got.op == 1);  // answers to messages handled before the close
        CHECK_MESSAGE(got.op == 8, "expected a close frame, got " << describe(got));
        if (got.op != 8) return;
        bool listed = false;
        for (const auto& code : c["close"]) listed = listed || code.get<int>() == got.close_code();
        CHECK_MESSAGE(listed, "close code " << got.close_code() << ", expected one of " << c["close"].dump());
        s.send_all(frame_bytes({{"op", "close"}, {"code", 1000}}, seed));
        CHECK_MESSAGE(s.at_eof(), "the server sent more after its close frame, or kept the connection");
    }
    if (c.value("open", false)) {
        s.send_all(frame_bytes({{"op", "ping"}, {"text", "still there?"}}, seed));
        auto got = s.read_frame();
        CHECK_MESSAGE((got.op == 10 && got.payload == "still there?"),
                      "the connection should still answer a ping; got " << describe(got));
    }
}

json load_cases() {
    std::ifstream in(KIBITZ_SOURCE_DIR "/tests/ws_conformance/cases.json");
    REQUIRE(in.good());
    return json::parse(in)["cases"];
}

}  // namespace

TEST_CASE("WebSocket conformance: every case in cases.json") {
    std::optional<kibitz::test::test_server> srv;
    std::uint16_t port = 0;
    if (const char* p = std::getenv("KIBITZ_WS_PORT")) port = static_cast<std::uint16_t>(std::atoi(p));
    else port = srv.emplace().port();
    const char* only = std::getenv("KIBITZ_WS_CASE");
    int ran = 0;
    for (const auto& c : load_cases()) {
        if (only && c["id"].get<std::string>().rfind(only, 0) != 0) continue;
        run_case(port, c);
        ++ran;
    }
    CHECK(ran > 0);
    MESSAGE(ran << " conformance cases run");
}
