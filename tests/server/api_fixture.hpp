#pragma once
// The HTTP API tests' fixture: the server in-process with a real SQLite file,
// and a plain HTTP client over loopback. Header-only, in an unnamed namespace:
// each test file that includes it gets its own copy (tests only).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <map>
#include <thread>

#include <spdlog/spdlog.h>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "auth/accounts.hpp"
#include "store/sqlite_store.hpp"
#include "temp_dir.hpp"

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace fs = std::filesystem;
namespace storage = kibitz::server::storage;
namespace auth = kibitz::server::auth;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using namespace std::chrono_literals;

// The server in-process on 127.0.0.1:0 with its database in a fresh temporary
// directory. When app does not open the database itself (no store wired in
// its context), the fixture opens one on the same file and plugs it in, with
// the cheapest password hashing.
struct api_server {
    kibitz::test::temp_dir tmp;  // a fresh name in every file that includes this
    fs::path dir = tmp.path;
    std::unique_ptr<kibitz::server::app> app;
    std::unique_ptr<storage::sqlite_store> own_store;
    std::unique_ptr<auth::accounts> own_accounts;
    storage::store* store = nullptr;
    std::thread thread;
    std::uint16_t port = 0;

    explicit api_server(const std::function<void(kibitz::server::server_config&)>& tweak = {}) {
        spdlog::set_level(spdlog::level::warn);
        fs::create_directories(dir / "web" / "js");
        std::ofstream(dir / "web" / "index.html") << "<!doctype html><title>t</title>";
        std::ofstream(dir / "web" / "js" / "app.js") << "console.log(1);";
        std::ofstream(dir / "secret.txt") << "SECRET";  // outside the web root
        kibitz::server::server_config cfg;
        cfg.address = "127.0.0.1";
        cfg.port = 0;
        cfg.threads = 2;
        cfg.web_root = (dir / "web").string();
        cfg.db = (dir / "kibitz.db").string();
        cfg.shutdown_grace = 1000ms;
        if (tweak) tweak(cfg);
        app = std::make_unique<kibitz::server::app>(cfg);
        auto p = app->start();
        REQUIRE(std::holds_alternative<std::uint16_t>(p));
        port = std::get<std::uint16_t>(p);
        auto& ctx = app->context().api;
        if (!ctx.store) {
            auto s = storage::sqlite_store::open({cfg.db});
            REQUIRE(s.ok());
            own_store = std::move(s).value();
            auth::accounts_options o;
            o.cost = auth::hash_cost::minimum();
            own_accounts = std::make_unique<auth::accounts>(*own_store, o);
            ctx.store = own_store.get();
            ctx.accounts = own_accounts.get();
        }
        store = ctx.store;
        REQUIRE(ctx.accounts);
        thread = std::thread([this] { app->run(); });
    }
    ~api_server() {
        app->stop();
        thread.join();
        own_accounts.reset();  // waits for its operations; before the store
        own_store.reset();
        app.reset();
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

struct reply {
    int status = 0;
    std::map<std::string, std::string> headers;
    std::string body;
    json j() const { return json::parse(body, nullptr, false); }
    std::string header(const std::string& name) const {
        auto it = headers.find(name);
        return it == headers.end() ? std::string() : it->second;
    }
};

// One request on a fresh connection; status 0 when the exchange failed.
reply call(std::uint16_t port, http::verb method, const std::string& target,
           std::optional<std::string> body = std::nullopt,
           std::map<std::string, std::string> headers = {}) {
    reply out;
    try {
        net::io_context ioc;
        beast::tcp_stream stream(ioc);
        stream.expires_after(10s);  // a log-in hashes a password: allow for a busy machine
        stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        http::request<http::string_body> req{method, target, 11};
        req.set(http::field::host, "127.0.0.1");
        if (body) {
            req.set(http::field::content_type, "application/json");
            req.body() = *body;
        }
        for (auto& [k, v] : headers) req.set(k, v);
        req.prepare_payload();
        http::write(stream, req);
        beast::flat_buffer buf;
        http::response_parser<http::string_body> res;
        res.body_limit(1 << 24);
        if (method == http::verb::head) res.skip(true);
        http::read(stream, buf, res);
        out.status = static_cast<int>(res.get().result_int());
        for (auto& f : res.get())
            out.headers[std::string(f.name_string())] = std::string(f.value());
        out.body = res.get().body();
    } catch (const std::exception& e) {
        MESSAGE("request failed: " << e.what());
        out.status = 0;
    }
    return out;
}

[[maybe_unused]] reply get(std::uint16_t port, const std::string& target) {
    return call(port, http::verb::get, target);
}
reply post(std::uint16_t port, const std::string& target, const json& body,
           std::map<std::string, std::string> headers = {}) {
    return call(port, http::verb::post, target, body.dump(), std::move(headers));
}

// The header that authenticates a request with a session or API token.
[[maybe_unused]] std::map<std::string, std::string> bearer(const std::string& token) {
    return {{"Authorization", "Bearer " + token}};
}

// Waits for an asynchronous store call (only tests may block on one).
template <class T, class F>
T must(F start) {
    auto p = std::make_shared<std::promise<kibitz::core::result<T>>>();
    auto f = p->get_future();
    start([p](kibitz::core::result<T> r) { p->set_value(std::move(r)); });
    auto r = f.get();
    INFO("reason: " << (r ? std::string() : r.reason()));
    REQUIRE(r.ok());
    return std::move(r).value();
}

}  // namespace
