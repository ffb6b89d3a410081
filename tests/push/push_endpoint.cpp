// The tests' push service (push_endpoint.hpp), on Beast's synchronous API:
// one connection at a time, one request per connection (the sender opens a
// new one for each message), over TLS when made with a certificate.
#include "push_endpoint.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <fstream>

#include "push/base64url.hpp"
#include "temp_dir.hpp"

namespace kibitz::test {

namespace net = boost::asio;
namespace http = boost::beast::http;
using tcp = net::ip::tcp;

namespace {
struct state {
    net::io_context ioc;
    tcp::acceptor acceptor{ioc};
    net::ssl::context tls{net::ssl::context::tls_server};
};
}  // namespace

push_endpoint::push_endpoint(std::optional<cert_files> tls) : tls_(tls.has_value()) {
    auto st = std::make_shared<state>();
    if (tls) {
        st->tls.use_certificate_chain_file(tls->cert_pem);
        st->tls.use_private_key_file(tls->key_pem, net::ssl::context::pem);
    }
    st->acceptor.open(tcp::v4());
    st->acceptor.set_option(tcp::acceptor::reuse_address(true));
    st->acceptor.bind({net::ip::make_address("127.0.0.1"), 0});
    st->acceptor.listen();
    port_ = st->acceptor.local_endpoint().port();
    // One request on `stream` (the socket, or TLS over it): kept, then answered.
    auto serve_one = [this](auto& stream, tcp::socket& s) {
        boost::system::error_code ec;
        boost::beast::flat_buffer buf;
        http::request<http::string_body> req;
        http::read(stream, buf, req, ec);
        if (ec) return;
        int status = 201;
        std::string retry_after;
        {
            std::lock_guard lock(mu_);
            if (!script_.empty()) {
                std::tie(status, retry_after) = script_.front();
                script_.pop_front();
            }
            auto field = [&](auto f) { return std::string(req[f]); };
            received_.push_back({std::string(req.target()), field(http::field::authorization),
                                 field(http::field::content_encoding), std::string(req["TTL"]),
                                 std::string(req["Urgency"]), req.body(),
                                 std::chrono::steady_clock::now()});
        }
        cv_.notify_all();
        if (status != 0) {  // 0, scripted: hang up without an answer
            http::response<http::string_body> res{static_cast<http::status>(status), 11};
            if (!retry_after.empty()) res.set(http::field::retry_after, retry_after);
            res.prepare_payload();
            http::write(stream, res, ec);
        }
        s.shutdown(tcp::socket::shutdown_both, ec);
    };
    thread_ = std::thread([this, st, serve_one] {
        for (;;) {
            tcp::socket s(st->ioc);
            boost::system::error_code ec;
            st->acceptor.accept(s, ec);
            {
                std::lock_guard lock(mu_);
                if (stopping_) return;
            }
            if (ec) continue;
            if (!tls_) {
                serve_one(s, s);
                continue;
            }
            net::ssl::stream<tcp::socket&> secure(s, st->tls);
            secure.handshake(net::ssl::stream_base::server, ec);
            if (ec) {  // the client refused the certificate (or hung up)
                {
                    std::lock_guard lock(mu_);
                    ++refused_;
                }
                cv_.notify_all();
                continue;
            }
            serve_one(secure, s);
        }
    });
}

push_endpoint::~push_endpoint() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
    }
    // Wakes the blocking accept with one last connection.
    net::io_context ioc;
    tcp::socket s(ioc);
    boost::system::error_code ec;
    s.connect({net::ip::make_address("127.0.0.1"), port_}, ec);
    thread_.join();
}

std::string push_endpoint::url(const std::string& path) const {
    // The certificate names localhost: the sender checks the name it connects to.
    return (tls_ ? "https://localhost:" : "http://127.0.0.1:") + std::to_string(port_) + path;
}

void push_endpoint::script(int status, std::string retry_after) {
    std::lock_guard lock(mu_);
    script_.emplace_back(status, std::move(retry_after));
}

bool push_endpoint::wait_for(std::size_t n, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, timeout, [&] { return received_.size() >= n; });
}

bool push_endpoint::wait_for_refusals(std::size_t n, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, timeout, [&] { return refused_ >= n; });
}

std::vector<push_received> push_endpoint::received() {
    std::lock_guard lock(mu_);
    return received_;
}

node_verdict verify_with_node(const push_received& r, const std::string& endpoint,
                              const std::string& ua_private_pem, const std::string& auth_b64,
                              const std::string& server_key_b64) {
    temp_dir dir;
    auto file = dir.file("request.json");
    nlohmann::json j = {{"authorization", r.authorization},
                        {"content_encoding", r.content_encoding},
                        {"body", server::push::base64url_encode(r.body)},
                        {"endpoint", endpoint},
                        {"ua_private_pem", ua_private_pem},
                        {"auth", auth_b64},
                        {"server_key", server_key_b64},
                        {"now_s", std::chrono::duration_cast<std::chrono::seconds>(
                                      std::chrono::system_clock::now().time_since_epoch())
                                      .count()}};
    std::ofstream(file) << j.dump();
    auto out_file = dir.file("out.txt"), err_file = dir.file("err.txt");
    std::string cmd = "node " KIBITZ_SOURCE_DIR "/tests/e2e/verify_push.mjs '" + file + "' >'" +
                      out_file + "' 2>'" + err_file + "'";
    int rc = std::system(cmd.c_str());
    auto slurp = [](const std::string& f) {
        std::ifstream in(f);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    return {rc == 0, slurp(out_file), slurp(err_file)};
}

}  // namespace kibitz::test
