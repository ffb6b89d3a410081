// post_push (push_request.hpp): one exchange, Beast's client shape
// (resolve -> connect -> [handshake] -> write -> read), on either stream.
#include "push/push_request.hpp"

#include "push/endpoint_vet.hpp"

#include <memory>

#include <openssl/ssl.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>

namespace kibitz::server::push {

namespace {
namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

beast::tcp_stream& lowest(beast::tcp_stream& s) { return s; }
beast::tcp_stream& lowest(net::ssl::stream<beast::tcp_stream>& s) { return s.next_layer(); }

template <class Stream>
class exchange : public std::enable_shared_from_this<exchange<Stream>> {
public:
    template <class... Args>
    exchange(endpoint_url to, bool private_ok, push_http_request req, push_limits limits,
             std::function<void(push_answer)> done, Args&&... stream_args)
        : stream_(std::forward<Args>(stream_args)...),
          to_(std::move(to)),
          private_ok_(private_ok),
          req_(std::move(req)),
          limits_(limits),
          done_(std::move(done)) {
        parser_.body_limit(16 * 1024);  // a push service answers briefly; no more is read
    }

    void run() {
        if constexpr (std::is_same_v<Stream, net::ssl::stream<beast::tcp_stream>>) {
            // SNI, and the certificate must name the host.
            if (!SSL_set_tlsext_host_name(stream_.native_handle(), to_.host.c_str()))
                return finish({0, {}, "TLS: could not set the server name"});
            stream_.set_verify_callback(net::ssl::host_name_verification(to_.host));
        }
        // Looked up again for every connection: the address the name had when
        // the browser subscribed proves nothing now.
        resolve_reachable(stream_.get_executor(), to_, private_ok_, limits_.connect,
                          [self = this->shared_from_this()](reachable r) {
                              if (auto* no = std::get_if<refused_address>(&r))
                                  return self->finish({0, {}, no->why, !no->lookup_failed});
                              self->connect(std::get<0>(r));
                          });
    }

private:
    void connect(const std::vector<tcp::endpoint>& to) {
        // A silent host costs the short connect limit, not the whole exchange's.
        lowest(stream_).expires_after(limits_.connect);
        lowest(stream_).async_connect(
            to, [self = this->shared_from_this()](beast::error_code ec, const tcp::endpoint&) {
                if (ec) return self->finish({0, {}, "connect: " + ec.message()});
                lowest(self->stream_).expires_after(self->limits_.exchange);
                self->do_handshake();
            });
    }
    void do_handshake() {
        if constexpr (std::is_same_v<Stream, net::ssl::stream<beast::tcp_stream>>) {
            stream_.async_handshake(net::ssl::stream_base::client,
                                    [self = this->shared_from_this()](beast::error_code ec) {
                                        if (ec)
                                            return self->finish({0, {}, "TLS: " + ec.message()});
                                        self->do_write();
                                    });
        } else {
            do_write();
        }
    }
    void do_write() {
        http::async_write(stream_, req_,
                          [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return self->finish({0, {}, "write: " + ec.message()});
                              self->do_read();
                          });
    }
    void do_read() {
        http::async_read(stream_, buffer_, parser_,
                         [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
                             if (ec) return self->finish({0, {}, "read: " + ec.message()});
                             const auto& res = self->parser_.get();
                             push_answer a{static_cast<int>(res.result_int()), {}, {}};
                             if (auto it = res.find(http::field::retry_after); it != res.end())
                                 a.retry_after = std::string(it->value());
                             self->finish(std::move(a));
                         });
    }
    void finish(push_answer a) {
        beast::error_code ignored;
        lowest(stream_).socket().shutdown(tcp::socket::shutdown_both, ignored);
        lowest(stream_).close();
        if (auto d = std::move(done_)) d(std::move(a));
    }

    Stream stream_;
    endpoint_url to_;
    bool private_ok_;
    push_http_request req_;
    push_limits limits_;
    std::function<void(push_answer)> done_;
    beast::flat_buffer buffer_;
    http::response_parser<http::string_body> parser_;
};
}  // namespace

void post_push(net::any_io_executor ex, net::ssl::context& tls, const endpoint_url& to,
               bool private_ok, push_http_request req, push_limits limits,
               std::function<void(push_answer)> done) {
    req.set(http::field::host,
            to.port == (to.tls ? 443 : 80) ? to.host : to.host + ":" + std::to_string(to.port));
    req.target(to.target);
    req.prepare_payload();
    if (to.tls)
        std::make_shared<exchange<net::ssl::stream<beast::tcp_stream>>>(
            to, private_ok, std::move(req), limits, std::move(done), ex, tls)
            ->run();
    else
        std::make_shared<exchange<beast::tcp_stream>>(to, private_ok, std::move(req), limits,
                                                      std::move(done), ex)
            ->run();
}

}  // namespace kibitz::server::push
