#include "harness.hpp"

#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <doctest/doctest.h>
#include <spdlog/spdlog.h>

#include "app.hpp"

namespace kibitz::test {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace fs = std::filesystem;
using tcp = net::ip::tcp;

// ---- server ----

struct test_server::impl {
    fs::path dir;
    std::unique_ptr<server::app> app;
    std::thread thread;
    std::uint16_t port = 0;
    bool stopped = false;
};

test_server::test_server(const std::function<void(server::server_config&)>& tweak,
                         std::shared_ptr<server::game_recorder> recorder)
    : p_(std::make_unique<impl>()) {
    spdlog::set_level(spdlog::level::warn);
    static int counter = 0;
    p_->dir = fs::temp_directory_path() /
              ("kibitz-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(p_->dir / "web" / "js");
    std::ofstream(p_->dir / "web" / "index.html") << "<!doctype html><title>t</title>";
    std::ofstream(p_->dir / "web" / "js" / "app.js") << "console.log(1);";
    std::ofstream(p_->dir / "secret.txt") << "SECRET";  // outside the web root
    server::server_config cfg;
    cfg.address = "127.0.0.1";
    cfg.port = 0;
    cfg.threads = 2;
    cfg.web_root = (p_->dir / "web").string();
    cfg.play.count_batch = 100ms;
    cfg.play.pairing_tick = 100ms;
    cfg.shutdown_grace = 1000ms;
    // Test clients play whole games as fast as the socket allows, far above a
    // person's 20 messages/s; the rate-limit test sets its own low limit.
    cfg.rate_per_s = 1000;
    cfg.rate_burst = 1000;
    // Every test client comes from 127.0.0.1; the per-address caps have their own tests.
    cfg.max_conns_per_address = 0;
    cfg.play.guests_per_address = 0;
    if (tweak) tweak(cfg);
    p_->app = std::make_unique<server::app>(cfg, std::move(recorder));
    auto port = p_->app->start();
    REQUIRE(std::holds_alternative<std::uint16_t>(port));
    p_->port = std::get<std::uint16_t>(port);
    p_->thread = std::thread([this] { p_->app->run(); });
}

void test_server::stop() {
    if (p_->stopped) return;
    p_->stopped = true;
    p_->app->stop();
    p_->thread.join();
}

test_server::~test_server() {
    stop();
    std::error_code ec;
    fs::remove_all(p_->dir, ec);
}

std::uint16_t test_server::port() const { return p_->port; }
server::app& test_server::app() { return *p_->app; }
std::string test_server::web_root() const { return (p_->dir / "web").string(); }

// ---- WebSocket client ----

struct ws_client::impl : std::enable_shared_from_this<ws_client::impl> {
    net::io_context ioc;
    websocket::stream<beast::tcp_stream> ws{ioc};
    beast::flat_buffer buffer;
    std::deque<std::string> out;
    std::thread thread;
    std::mutex mu;
    std::condition_variable cv;
    std::deque<json> inbox;
    bool closed = false;
    int close_code = 0;
    // Frames whose bytes are not what dumping their own JSON gives: the server's
    // hand-written frames (move, ack, room.state, lobby.snapshot) must print
    // exactly what make_frame would, so every frame of every test checks that.
    std::vector<std::string> not_canonical;

    void read() {
        ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            std::lock_guard lock(self->mu);
            if (ec) {
                self->closed = true;
                self->close_code = self->ws.reason().code;
                self->cv.notify_all();
                return;
            }
            auto text = beast::buffers_to_string(self->buffer.data());
            self->buffer.consume(self->buffer.size());
            auto j = json::parse(text, nullptr, false);
            if (!j.is_discarded() &&
                j.dump(-1, ' ', false, json::error_handler_t::replace) != text)
                self->not_canonical.push_back(text.substr(0, 400));
            self->inbox.push_back(j.is_discarded() ? json{{"t", "<unparsable>"}, {"raw", text}} : j);
            self->cv.notify_all();
            self->read();
        });
    }
    void write() {
        ws.async_write(net::buffer(out.front()),
                       [self = shared_from_this()](beast::error_code ec, std::size_t) {
                           if (ec) return;
                           self->out.pop_front();
                           if (!self->out.empty()) self->write();
                       });
    }
};

ws_client::ws_client(std::uint16_t port) : p_(std::make_shared<impl>()) {
    auto& ws = p_->ws;
    beast::get_lowest_layer(ws).expires_after(3s);
    beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    ws.handshake("127.0.0.1", "/ws");
    beast::get_lowest_layer(ws).expires_never();
    p_->read();
    p_->thread = std::thread([p = p_] { p->ioc.run(); });
}

ws_client::~ws_client() {
    drop();
    std::lock_guard lock(p_->mu);
    if (!p_->not_canonical.empty())
        FAIL_CHECK("a frame not as make_frame prints it: " << p_->not_canonical.front());
}

void ws_client::drop() {
    if (!p_->thread.joinable()) return;
    // The close runs on the client's thread (the socket's), which then stops:
    // nothing else of this client needs to run there. If the thread had
    // already run out of work (the server closed first), it has ended and the
    // close is run below.
    net::post(p_->ioc, [p = p_] {
        beast::error_code ec;
        beast::get_lowest_layer(p->ws).socket().close(ec);
        p->ioc.stop();
    });
    p_->thread.join();
    // Handlers still queued hold `impl`, which owns the io_context: a cycle that
    // leaked every dropped client (LeakSanitizer, build-asan). Run them out: the
    // socket is closed, so each ends without starting another operation (the
    // close may stop a poll once: poll again until nothing ran).
    do p_->ioc.restart();
    while (p_->ioc.poll() > 0);
}

void ws_client::send_raw(const std::string& text) {
    net::post(p_->ioc, [p = p_, text] {
        p->out.push_back(text);
        if (p->out.size() == 1) p->write();
    });
}

void ws_client::send(const json& j) { send_raw(j.dump()); }

json ws_client::expect(const std::string& type, std::function<bool(const json&)> pred,
                       std::chrono::milliseconds timeout) {
    std::unique_lock lock(p_->mu);
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        for (auto it = p_->inbox.begin(); it != p_->inbox.end(); ++it) {
            if (it->value("t", "") != type) continue;
            if (pred && !pred(*it)) continue;
            json j = *it;
            p_->inbox.erase(it);
            return j;
        }
        if (p_->cv.wait_until(lock, deadline) == std::cv_status::timeout) {
            std::string have;
            for (auto& j : p_->inbox) have += j.dump().substr(0, 160) + "\n";
            FAIL_CHECK("no '" << type << "' message within " << timeout.count() << " ms; inbox:\n"
                              << have);
            return nullptr;
        }
    }
}

bool ws_client::sees(const std::string& type, std::chrono::milliseconds wait) {
    std::unique_lock lock(p_->mu);
    auto deadline = std::chrono::steady_clock::now() + wait;
    for (;;) {
        for (auto& j : p_->inbox)
            if (j.value("t", "") == type) return true;
        if (p_->cv.wait_until(lock, deadline) == std::cv_status::timeout) return false;
    }
}

void ws_client::clear() {
    std::lock_guard lock(p_->mu);
    p_->inbox.clear();
}

bool ws_client::wait_closed(std::chrono::milliseconds timeout) {
    std::unique_lock lock(p_->mu);
    return p_->cv.wait_for(lock, timeout, [&] { return p_->closed; });
}

int ws_client::close_code() const {
    std::lock_guard lock(p_->mu);
    return p_->close_code;
}

json ws_client::hello(std::optional<std::string> tok) {
    json d = json::object();
    if (tok) d["token"] = *tok;
    send({{"t", "hello"}, {"d", d}});
    json w = expect("welcome");
    if (w.is_null()) return w;
    token = w["d"]["token"];
    return w["d"];
}

// ---- HTTP ----

http_reply http_get(std::uint16_t port, const std::string& target, const std::string& token) {
    http_reply out;
    try {
        net::io_context ioc;
        beast::tcp_stream stream(ioc);
        stream.expires_after(3s);
        stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        beast::http::request<beast::http::empty_body> req{beast::http::verb::get, target, 11};
        req.set(beast::http::field::host, "127.0.0.1");
        if (!token.empty()) req.set(beast::http::field::authorization, "Bearer " + token);
        beast::http::write(stream, req);
        beast::flat_buffer buf;
        beast::http::response<beast::http::string_body> res;
        beast::http::read(stream, buf, res);
        out.status = static_cast<int>(res.result_int());
        out.content_type = std::string(res[beast::http::field::content_type]);
        out.cache_control = std::string(res[beast::http::field::cache_control]);
        out.body = res.body();
    } catch (const std::exception&) {
        out.status = 0;
    }
    return out;
}

http_reply http_post(std::uint16_t port, const std::string& target, const json& body,
                     const std::string& token) {
    http_reply out;
    try {
        net::io_context ioc;
        beast::tcp_stream stream(ioc);
        stream.expires_after(10s);
        stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        beast::http::request<beast::http::string_body> req{beast::http::verb::post, target, 11};
        req.set(beast::http::field::host, "127.0.0.1");
        req.set(beast::http::field::content_type, "application/json");
        if (!token.empty()) req.set(beast::http::field::authorization, "Bearer " + token);
        req.body() = body.dump();
        req.prepare_payload();
        beast::http::write(stream, req);
        beast::flat_buffer buf;
        beast::http::response<beast::http::string_body> res;
        beast::http::read(stream, buf, res);
        out.status = static_cast<int>(res.result_int());
        out.content_type = std::string(res[beast::http::field::content_type]);
        out.retry_after = std::string(res[beast::http::field::retry_after]);
        out.body = res.body();
    } catch (const std::exception&) {
        out.status = 0;
    }
    return out;
}

}  // namespace kibitz::test
