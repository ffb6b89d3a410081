// kibitz-bot's HTTP (http_client.hpp), on Beast's synchronous calls.
#include "http_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace kibitz::bot {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

std::optional<endpoint> parse_server(const std::string& url) {
    const std::string scheme = "http://";
    if (url.rfind(scheme, 0) != 0) return std::nullopt;
    auto rest = url.substr(scheme.size());
    if (auto slash = rest.find('/'); slash != std::string::npos) rest.resize(slash);
    endpoint e;
    auto colon = rest.rfind(':');
    e.host = rest.substr(0, colon);
    e.port = colon == std::string::npos ? "80" : rest.substr(colon + 1);
    if (e.host.empty() || e.port.empty()) return std::nullopt;
    return e;
}

namespace {

template <class Request>
void prepare(Request& req, const endpoint& at) {
    req.set(http::field::host, at.host);
    req.set(http::field::user_agent, "kibitz-bot");
    if (!at.token.empty()) req.set(http::field::authorization, "Bearer " + at.token);
}

void connect(beast::tcp_stream& s, net::io_context& ioc, const endpoint& at) {
    tcp::resolver resolver(ioc);
    s.connect(resolver.resolve(at.host, at.port));
}

}  // namespace

http_reply request(const endpoint& at, const std::string& method, const std::string& target,
                   const std::string& body, const std::string& content_type) {
    http_reply out;
    try {
        net::io_context ioc;
        beast::tcp_stream s(ioc);
        s.expires_after(std::chrono::seconds(15));
        connect(s, ioc, at);
        http::request<http::string_body> req{http::string_to_verb(method), target, 11};
        prepare(req, at);
        if (!body.empty()) {
            req.set(http::field::content_type, content_type);
            req.body() = body;
        }
        req.prepare_payload();
        http::write(s, req);
        beast::flat_buffer buf;
        http::response_parser<http::string_body> res;
        res.body_limit(1 << 20);
        http::read(s, buf, res);
        out.status = static_cast<int>(res.get().result_int());
        out.body = res.get().body();
        if (auto it = res.get().find(http::field::retry_after); it != res.get().end())
            out.retry_after_s = std::atoi(std::string(it->value()).c_str());
        beast::error_code ec;
        s.socket().shutdown(tcp::socket::shutdown_both, ec);
    } catch (const std::exception&) {
        out.status = 0;
    }
    return out;
}

struct line_stream::state {
    net::io_context ioc;
    beast::tcp_stream stream{ioc};
    beast::flat_buffer buf;
    http::response_parser<http::buffer_body> parser;
};

line_stream::line_stream(const endpoint& at, const std::string& target)
    : s_(std::make_unique<state>()) {
    try {
        s_->stream.expires_after(std::chrono::seconds(15));
        connect(s_->stream, s_->ioc, at);
        http::request<http::empty_body> req{http::verb::get, target, 11};
        prepare(req, at);
        http::write(s_->stream, req);
        s_->parser.body_limit(boost::none);  // a stream may run for days
        http::read_header(s_->stream, s_->buf, s_->parser);
        status_ = static_cast<int>(s_->parser.get().result_int());
        if (status_ != 200) {
            while (auto l = next(std::chrono::seconds(5))) refusal_ += *l;
        }
    } catch (const std::exception&) {
        status_ = 0;
    }
}

line_stream::~line_stream() {
    beast::error_code ec;
    s_->stream.socket().shutdown(tcp::socket::shutdown_both, ec);
}

std::optional<std::string> line_stream::next(std::chrono::seconds idle) {
    while (true) {
        if (auto nl = pending_.find('\n'); nl != std::string::npos) {
            auto line = pending_.substr(0, nl);
            pending_.erase(0, nl + 1);
            return line;
        }
        if (s_->parser.is_done()) {
            if (pending_.empty()) return std::nullopt;
            return std::exchange(pending_, std::string());  // a last line without newline
        }
        char chunk[4096];
        auto& body = s_->parser.get().body();
        body.data = chunk;
        body.size = sizeof chunk;
        beast::error_code ec;
        s_->stream.expires_after(idle);
        http::read_some(s_->stream, s_->buf, s_->parser, ec);
        if (ec == http::error::need_buffer) ec = {};
        if (ec) return std::nullopt;  // the server closed it, or nothing came for `idle`
        pending_.append(chunk, sizeof chunk - body.size);
    }
}

}  // namespace kibitz::bot
