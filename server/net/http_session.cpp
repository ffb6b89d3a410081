#include "net/http_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>
#include <spdlog/spdlog.h>

#include "api/api_router.hpp"
#include "net/client_address.hpp"
#include "net/page_language.hpp"
#include "net/static_files.hpp"
#include "net/stream_session.hpp"
#include "net/ws_session.hpp"

namespace kibitz::server {

namespace {
// The client is static files and one WebSocket to this same server: nothing
// inline, nothing from elsewhere, no framing by other sites.
constexpr const char* content_security_policy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'";
}  // namespace

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

http_session::http_session(net::ip::tcp::socket&& socket, net_context& ctx, address_slot slot)
    : stream_(std::move(socket)), ctx_(ctx), slot_(std::move(slot)) {}

void http_session::run() {
    net::dispatch(stream_.get_executor(),
                  beast::bind_front_handler(&http_session::do_read, shared_from_this()));
}

void http_session::do_read() {
    parser_.emplace();
    parser_->header_limit(8192);
    parser_->body_limit(api::max_body);  // only /api/ POSTs take a body, and a small one
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

namespace {

std::string_view path_of(beast::string_view target) {
    std::string_view t(target.data(), target.size());
    return t.substr(0, t.find_first_of("?#"));
}

http::message_generator text_response(const http::request<http::string_body>& req,
                                      http::status status, std::string body,
                                      std::string_view type = "text/plain; charset=utf-8") {
    http::response<http::string_body> res{status, req.version()};
    res.set(http::field::server, "kibitz");
    res.set(http::field::content_type, type);
    res.keep_alive(req.keep_alive());
    res.body() = req.method() == http::verb::head ? std::string() : std::move(body);
    res.prepare_payload();
    return res;
}

}  // namespace

bool metrics_allowed(const net_limits& limits, const std::string& peer_address,
                     std::string_view authorization) {
    if (limits.metrics_addresses.empty() && limits.metrics_token.empty()) return true;
    for (const auto& a : limits.metrics_addresses)
        if (a == peer_address) return true;
    if (limits.metrics_token.empty()) return false;
    std::string want = "Bearer " + limits.metrics_token;
    // Compared in full whatever the first difference, so timing says nothing.
    if (authorization.size() != want.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < want.size(); ++i)
        diff |= static_cast<unsigned char>(authorization[i] ^ want[i]);
    return diff == 0;
}

// The site's one HTML page, with `<html lang>` in the reader's language
// (net/page_language.hpp). Read each time: it is small, and an operator may
// replace the web client without a restart.
http::message_generator first_page_response(const http::request<http::string_body>& req,
                                            const net_context& ctx) {
    std::string html;
    if (std::FILE* f = std::fopen(ctx.first_page.c_str(), "rb")) {
        char chunk[4096];
        for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;) html.append(chunk, n);
        std::fclose(f);
    }
    const auto lang = page_language(
        std::string_view(req[http::field::cookie].data(), req[http::field::cookie].size()),
        std::string_view(req[http::field::accept_language].data(),
                         req[http::field::accept_language].size()),
        ctx.languages);
    http::response<http::string_body> res{http::status::ok, req.version()};
    res.set(http::field::server, "kibitz");
    res.set(http::field::content_type, "text/html; charset=utf-8");
    res.set(http::field::cache_control, static_cache_control);
    res.set(http::field::vary, "Cookie, Accept-Language");
    res.set(http::field::content_language, lang);
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Content-Security-Policy", content_security_policy);
    res.keep_alive(req.keep_alive());
    if (req.method() != http::verb::head) res.body() = with_page_language(std::move(html), lang);
    else res.content_length(html.size());
    res.prepare_payload();
    return res;
}

http::message_generator http_respond(const http::request<http::string_body>& req,
                                     net_context& ctx, const std::string& peer_address) {
    if (req.method() != http::verb::get && req.method() != http::verb::head)
        return text_response(req, http::status::method_not_allowed, "GET or HEAD only\n");
    auto path = path_of(req.target());
    if (path == "/healthz") return text_response(req, http::status::ok, "ok\n");
    if (path == "/readyz") {  // liveness above; readiness (the database, Redis) here
        std::string why = ctx.stopping ? "stopping" : ctx.readiness ? ctx.readiness() : "";
        if (why.empty()) return text_response(req, http::status::ok, "ready\n");
        return text_response(req, http::status::service_unavailable, why + "\n");
    }
    if (path == "/metrics" &&
        !metrics_allowed(ctx.limits, peer_address,
                         std::string_view(req[http::field::authorization].data(),
                                          req[http::field::authorization].size())))
        return text_response(req, http::status::forbidden, "forbidden\n");
    if (path == "/metrics")
        return text_response(req, http::status::ok, ctx.stats.render(),
                             "text/plain; version=0.0.4; charset=utf-8");
    if (path == "/ws") return text_response(req, http::status::upgrade_required, "WebSocket only\n");

    auto found = resolve_static(ctx.web_root, std::string_view(req.target().data(), req.target().size()));
    if (auto* r = std::get_if<static_reject>(&found))
        return text_response(req, static_cast<http::status>(r->status), r->reason + "\n");
    const auto& file = std::get<std::string>(found);
    if (file == ctx.first_page) return first_page_response(req, ctx);
    http::file_body::value_type body;
    beast::error_code ec;
    body.open(file.c_str(), beast::file_mode::scan, ec);
    if (ec) return text_response(req, http::status::not_found, "not found\n");
    auto size = body.size();
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, req.version())};
    res.set(http::field::server, "kibitz");
    res.set(http::field::content_type, mime_type(file));
    res.set(http::field::cache_control, static_cache_control);
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Content-Security-Policy", content_security_policy);
    res.content_length(size);
    res.keep_alive(req.keep_alive());
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> head{http::status::ok, req.version()};
        head.set(http::field::content_type, mime_type(file));
        head.set(http::field::cache_control, static_cache_control);
        head.content_length(size);
        head.keep_alive(req.keep_alive());
        return head;
    }
    return res;
}

void http_session::on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return do_close();
    if (ec) {
        if (ec != beast::error::timeout && ec != net::error::operation_aborted)
            spdlog::debug("http read: {}", ec.message());
        // An oversize body gets 413 (JSON under /api/), other oversized or
        // malformed requests a 400, before the connection goes.
        if (ec == http::error::body_limit) {
            http::request<http::string_body> dummy;
            dummy.keep_alive(false);
            std::string_view target(parser_->get().target().data(), parser_->get().target().size());
            if (api::is_api_target(target)) {
                auto r = api::error_response(413, "too_large", "the request body is over 8 KiB");
                return write_api(std::move(r), 11, false, false);
            }
            beast::async_write(stream_, text_response(dummy, http::status::payload_too_large, "too large\n"),
                               beast::bind_front_handler(&http_session::on_write,
                                                         shared_from_this(), false));
            return;
        }
        if (ec == http::error::header_limit ||
            ec == http::error::bad_target || ec == http::error::bad_method ||
            ec == http::error::bad_version) {
            http::request<http::string_body> dummy;
            dummy.keep_alive(false);
            beast::async_write(stream_, text_response(dummy, http::status::bad_request, "bad request\n"),
                               beast::bind_front_handler(&http_session::on_write,
                                                         shared_from_this(), false));
            return;
        }
        return do_close();
    }
    if (beast::websocket::is_upgrade(parser_->get())) {
        if (path_of(parser_->get().target()) != "/ws" || ctx_.stopping) {
            auto res = text_response(parser_->get(), http::status::not_found, "no WebSocket here\n");
            beast::async_write(stream_, std::move(res),
                               beast::bind_front_handler(&http_session::on_write,
                                                         shared_from_this(), false));
            return;
        }
        stream_.expires_never();  // the WebSocket sets its own timeouts
        std::make_shared<ws_session>(stream_.release_socket(), ctx_, std::move(slot_))
            ->run(parser_->release());
        return;
    }
    if (api::is_api_target(std::string_view(parser_->get().target().data(),
                                            parser_->get().target().size())))
        return serve_api();
    bool keep = parser_->get().keep_alive();
    http::message_generator msg = [&]() -> http::message_generator {
        try {
            return http_respond(parser_->get(), ctx_, peer_address());
        } catch (const std::exception& e) {
            spdlog::error("http: {}", e.what());
            return text_response(parser_->get(), http::status::internal_server_error, "error\n");
        }
    }();
    beast::async_write(stream_, std::move(msg),
                       beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep));
}

void http_session::serve_api() {
    auto& req = parser_->get();
    api::api_request a;
    a.method = std::string(req.method_string());
    a.target = std::string(req.target());
    a.content_type = std::string(req[http::field::content_type]);
    a.authorization = std::string(req[http::field::authorization]);
    a.body = std::move(req.body());
    // The socket's peer, not X-Forwarded-For: a header anyone can write must
    // not choose the rate-limit bucket. (Behind a proxy all clients share one.)
    a.address = budget_peer();
    unsigned version = req.version();
    bool keep = req.keep_alive(), head = req.method() == http::verb::head;
    // The reply may come from a store or hash-pool thread: back to our strand.
    api::handle_api(std::move(a), ctx_.api,
                    [self = shared_from_this(), version, keep, head](api::api_response r) {
                        auto ex = self->stream_.get_executor();
                        net::post(ex, [self = std::move(self), r = std::move(r), version, keep,
                                       head]() mutable {
                            self->write_api(std::move(r), version, keep, head);
                        });
                    });
}

void http_session::write_api(api::api_response r, unsigned version, bool keep_alive, bool head) {
    if (r.feed && !head && !ctx_.stopping) {
        // A streamed answer: the stream owns the socket from here.
        std::make_shared<stream_session>(stream_.release_socket(), ctx_, std::move(slot_),
                                         std::move(r.feed))
            ->run(r.content_type, version);
        return;
    }
    r.feed.reset();  // HEAD (or stopping): the header alone, and the stream's place goes back
    http::response<http::string_body> res{static_cast<http::status>(r.status), version};
    res.set(http::field::server, "kibitz");
    res.set(http::field::content_type, r.content_type);
    res.set(http::field::cache_control, "no-store");
    res.set("X-Content-Type-Options", "nosniff");
    for (auto& [name, value] : r.headers) res.set(name, value);
    res.keep_alive(keep_alive);
    res.body() = std::move(r.body);
    res.prepare_payload();
    if (head) res.body().clear();  // Content-Length stays that of the GET
    stream_.expires_after(std::chrono::seconds(30));
    beast::async_write(stream_, http::message_generator(std::move(res)),
                       beast::bind_front_handler(&http_session::on_write, shared_from_this(),
                                                 keep_alive));
}

void http_session::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    if (ec) return do_close();
    if (!keep_alive || ctx_.stopping) return do_close();
    do_read();
}

std::string http_session::budget_peer() const {
    beast::error_code ec;
    auto peer = stream_.socket().remote_endpoint(ec);
    return ec ? std::string("unknown") : budget_key(peer.address());
}

std::string http_session::peer_address() const {
    beast::error_code ec;
    auto peer = stream_.socket().remote_endpoint(ec);
    return ec ? std::string("unknown") : peer.address().to_string();
}

void http_session::do_close() {
    beast::error_code ec;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace kibitz::server
