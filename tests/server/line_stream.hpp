#pragma once
// A client of one streamed API answer (schema/bot_api.md): the GET, the
// chunked body decoded as it arrives, and its lines one at a time. Blocking,
// for tests only; header-only, in an unnamed namespace.
#include <doctest/doctest.h>

#include <chrono>
#include <optional>
#include <string>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <nlohmann/json.hpp>

namespace {

class line_stream {
public:
    line_stream(std::uint16_t port, const std::string& target, const std::string& token)
        : stream_(ioc_) {
        namespace http = boost::beast::http;
        stream_.expires_after(std::chrono::seconds(10));
        stream_.connect({boost::asio::ip::make_address("127.0.0.1"), port});
        http::request<http::empty_body> req{http::verb::get, target, 11};
        req.set(http::field::host, "127.0.0.1");
        if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
        http::write(stream_, req);
        while (raw_.find("\r\n\r\n") == std::string::npos && fill(std::chrono::seconds(10))) {
        }
        auto end = raw_.find("\r\n\r\n");
        REQUIRE(end != std::string::npos);
        head_ = raw_.substr(0, end);
        raw_.erase(0, end + 4);
        status = std::stoi(head_.substr(9, 3));
        chunked_ = head_.find("Transfer-Encoding: chunked") != std::string::npos;
        if (!chunked_) body_ = raw_;  // a refusal: its JSON body (Content-Length)
    }

    int status = 0;
    bool chunked() const { return chunked_; }
    const std::string& head() const { return head_; }
    // A refusal's body as JSON (call only when status != 200).
    nlohmann::json refusal() {
        while (fill(std::chrono::milliseconds(500))) body_ = raw_;
        return nlohmann::json::parse(body_, nullptr, false);
    }

    // The next line (keep-alive empty lines included when `keepalives`), or
    // none after `wait` or once the body has ended.
    std::optional<std::string> next_line(std::chrono::milliseconds wait = std::chrono::seconds(5),
                                         bool keepalives = false) {
        auto until = std::chrono::steady_clock::now() + wait;
        for (;;) {
            decode();
            auto nl = body_.find('\n');
            while (nl != std::string::npos) {
                std::string l = body_.substr(0, nl);
                body_.erase(0, nl + 1);
                if (!l.empty() || keepalives) return l;
                nl = body_.find('\n');
            }
            if (ended_) return std::nullopt;
            auto left = until - std::chrono::steady_clock::now();
            if (left <= std::chrono::milliseconds(0)) return std::nullopt;
            if (!fill(std::chrono::duration_cast<std::chrono::milliseconds>(left)))
                return std::nullopt;
        }
    }
    // The next JSON line of `type` (others skipped), or null.
    nlohmann::json next(const std::string& type,
                        std::chrono::milliseconds wait = std::chrono::seconds(5)) {
        auto until = std::chrono::steady_clock::now() + wait;
        while (std::chrono::steady_clock::now() < until) {
            auto l = next_line(std::chrono::duration_cast<std::chrono::milliseconds>(
                until - std::chrono::steady_clock::now()));
            if (!l) return nullptr;
            auto j = nlohmann::json::parse(*l, nullptr, false);
            if (j.is_object() && j.value("type", "") == type) return j;
        }
        return nullptr;
    }
    // Whether the last chunk came or the server closed the connection; reads
    // what arrives within a short wait (a zero wait would never read, and the
    // last chunk may come after the last line: it did under ASan).
    bool ended() {
        decode();
        if (!ended_ && fill(std::chrono::milliseconds(50))) decode();
        return ended_;
    }
    void drop() {
        boost::system::error_code ec;
        stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
        stream_.socket().close(ec);
    }

private:
    // Reads what arrives within `wait` (the socket's own read: a sync read
    // would ignore tcp_stream's timeout).
    bool fill(std::chrono::milliseconds wait) {
        if (ended_) return false;
        char buf[4096];
        bool done = false;
        std::size_t n = 0;
        boost::system::error_code ec;
        stream_.socket().async_read_some(boost::asio::buffer(buf),
                                         [&](boost::system::error_code e, std::size_t got) {
                                             ec = e;
                                             n = got;
                                             done = true;
                                         });
        ioc_.restart();
        ioc_.run_for(wait);
        if (!done) {  // nothing in time: the read is cancelled, and waited for
            stream_.socket().cancel();
            ioc_.restart();
            ioc_.run();
            if (ec == boost::asio::error::operation_aborted) return false;
        }
        if (ec) {
            ended_ = true;
            return false;
        }
        raw_.append(buf, n);
        return true;
    }
    void decode() {  // whole chunks from raw_ into body_
        while (chunked_ && !ended_) {
            auto crlf = raw_.find("\r\n");
            if (crlf == std::string::npos) return;
            auto size = std::stoul(raw_.substr(0, crlf), nullptr, 16);
            if (size == 0) {
                ended_ = true;
                return;
            }
            if (raw_.size() < crlf + 2 + size + 2) return;
            body_ += raw_.substr(crlf + 2, size);
            raw_.erase(0, crlf + 2 + size + 2);
        }
    }

    boost::asio::io_context ioc_;
    boost::beast::tcp_stream stream_;
    std::string raw_, head_, body_;
    bool chunked_ = false, ended_ = false;
};

}  // namespace
