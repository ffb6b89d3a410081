#pragma once
// A bare TCP client speaking WebSocket by hand (hand-made frames, blocking
// reads with a deadline): what Beast's client cannot do — unmasked or
// fragmented frames, split reads, a client that never reads. Header-only,
// shared by the socket-level tests.
#include <doctest/doctest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include <array>
#include <chrono>
#include <string>
#include <string_view>
#include <sys/socket.h>

#include "net/ws_frame.hpp"

namespace kibitz::test {

namespace ws = kibitz::server::ws;
namespace net = boost::asio;

inline std::string bytes(std::initializer_list<int> b) {
    std::string s;
    for (int c : b) s += static_cast<char>(c);
    return s;
}

// A client frame: masked, as RFC 6455 requires of clients (unless `masked` is false).
inline std::string client_frame(ws::opcode op, std::string_view payload, bool fin = true,
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
    using tcp = net::ip::tcp;
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
        return read_head();
    }
    // An HTTP response's head (up to the blank line), or what came before EOF.
    std::string read_head() {
        std::string head;
        while (head.find("\r\n\r\n") == std::string::npos) {
            char c;
            if (!read_exact(&c, 1)) break;
            head += c;
        }
        return head;
    }
    std::uint16_t local_port() const { return socket_.local_endpoint().port(); }
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

inline const std::string ping_msg = R"({"t":"ping"})";

}  // namespace kibitz::test
