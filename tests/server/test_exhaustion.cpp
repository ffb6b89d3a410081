// Cheap attacks that must not exhaust the server (issue 14): clients that ask
// for big replies and never read, floods of pings, too many connections from
// one address, descriptors running out. Each is refused cheaply, the server's
// memory and descriptors stay bounded, and an ordinary client is still served.
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.hpp"
#include "raw_ws.hpp"

using namespace kibitz::test;
using kibitz::server::server_config;

namespace {

// This process's resident memory (the server runs in it), in bytes.
long long resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    long long pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * ::sysconf(_SC_PAGESIZE);
}

// A raw client that says hello and then never reads (a 4 KB receive buffer:
// the kernel holds little for it).
std::unique_ptr<raw_client> non_reader(std::uint16_t port) {
    auto c = std::make_unique<raw_client>(port, 4096);
    REQUIRE(c->handshake().rfind("HTTP/1.1 101", 0) == 0);
    c->write(client_frame(ws::opcode::text, R"({"t":"hello","d":{}})"));
    return c;
}

// How long a ping takes to come back as a pong for an ordinary client.
std::chrono::milliseconds ping_time(ws_client& c) {
    auto t0 = std::chrono::steady_clock::now();
    c.send({{"t", "ping"}});
    c.expect("pong", {}, 5000ms);
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 t0);
}

}  // namespace

TEST_CASE("clients that ask for big replies and never read: memory stays bounded") {
    constexpr std::size_t per_client = 64 * 1024, total = 1024 * 1024;
    test_server srv([&](server_config& c) {
        c.play.max_seeks = 1000;
        c.write_queue_bytes = per_client;
        c.outbound_bytes = total;
    });
    // A busy lobby: 608 open seeks make a lobby snapshot of ~120 KB (16
    // players, each within the rate budget).
    std::vector<std::unique_ptr<ws_client>> fillers;
    for (int p = 0; p < 16; ++p) {
        fillers.push_back(std::make_unique<ws_client>(srv.port()));
        auto& filler = *fillers.back();
        filler.hello();
        for (int i = 0; i < 38; ++i)
            filler.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", nullptr}}}});
        for (int i = 0; i < 38; ++i) REQUIRE(!filler.expect("seek.created").is_null());
    }
    ws_client ordinary(srv.port());
    ordinary.hello();
    auto rss_before = resident_bytes();

    // Twelve clients ask for the snapshot 100 times each and read nothing (the
    // test server's rate budget lets them; at the default 20/s it takes longer).
    // Bounded in frames only, the server would hold ~140 MB.
    std::vector<std::unique_ptr<raw_client>> attackers;
    std::string asks;
    for (int i = 0; i < 100; ++i) asks += client_frame(ws::opcode::text, R"({"t":"lobby.sub"})");
    for (int i = 0; i < 12; ++i) {
        attackers.push_back(non_reader(srv.port()));
        attackers.back()->write(asks);
    }
    long long most = 0;
    auto slowest = 0ms;
    for (int i = 0; i < 20; ++i) {
        most = std::max(most, metric(srv.port(), "kibitz_outbound_bytes"));
        slowest = std::max(slowest, ping_time(ordinary));
        // Sampled over a second while the attackers' backlog drains: the
        // bound must hold at every moment, not only at the end.
        std::this_thread::sleep_for(50ms);
    }
    // Bounded by the total plus at most one frame per connection (a frame to
    // an empty queue is always taken).
    CHECK(most >= 0);
    CHECK(most <= static_cast<long long>(total + attackers.size() * 130 * 1024));
    CHECK(resident_bytes() - rss_before < 48ll * 1024 * 1024);
    // A slow build (the sanitizers' -O0) takes longer to reach the cut: wait for it.
    CHECK(eventually([&] { return metric(srv.port(), "kibitz_slow_clients_total") >= 1; }, 10s));
    // The ordinary client was answered promptly all along, and still is.
    CHECK(slowest < 1500ms);
    ordinary.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", nullptr}}}});
    CHECK(!ordinary.expect("seek.created", {}, 10000ms).is_null());
    // Once the attackers are gone, nothing stays queued.
    attackers.clear();
    CHECK(eventually([&] { return metric(srv.port(), "kibitz_outbound_bytes") <= 64 * 1024; }, 2s));
}

TEST_CASE("expensive requests cost more of the rate budget than ordinary ones") {
    test_server srv([](server_config& c) {
        c.rate_per_s = 0.1;  // nothing comes back during the test
        c.rate_burst = 12;
    });
    // A lobby snapshot costs 4 tokens: after hello (1), two fit in a burst of
    // 12 and a third does not (it spends 1 token on being read), though the
    // two pings that the last 2 tokens pay for still do.
    ws_client a(srv.port());
    a.hello();
    for (int i = 0; i < 3; ++i) a.send({{"t", "lobby.sub"}, {"d", {{"ack", i + 1}}}});
    CHECK(!a.expect("lobby.snapshot").is_null());
    CHECK(!a.expect("lobby.snapshot").is_null());
    auto refused = a.expect("error");
    CHECK(refused["d"]["code"] == "rate_limited");
    CHECK(refused["d"]["re"] == "lobby.sub");
    CHECK(refused["d"]["ack"] == 3);
    for (int i = 0; i < 2; ++i) a.send({{"t", "ping"}});
    for (int i = 0; i < 2; ++i) CHECK(!a.expect("pong").is_null());
}

TEST_CASE("a flood of pings is rate limited like messages, then closed with 1008") {
    test_server srv([](server_config& c) {
        c.rate_per_s = 10;
        c.rate_burst = 20;
    });
    raw_client c(srv.port());
    REQUIRE(c.handshake().rfind("HTTP/1.1 101", 0) == 0);
    std::string flood;
    for (int i = 0; i < 500; ++i) flood += client_frame(ws::opcode::ping, "x");
    c.write(flood);
    // At most a burst of pongs, then the close.
    int pongs = 0;
    raw_client::server_frame f;
    for (f = c.read_frame(); f.op == static_cast<int>(ws::opcode::pong); f = c.read_frame()) ++pongs;
    CHECK(pongs <= 25);
    CHECK(f.op == static_cast<int>(ws::opcode::close));
    CHECK(f.close_code() == 1008);
    CHECK(c.at_eof());
    // Pings within the rate are answered as before.
    raw_client ok(srv.port());
    REQUIRE(ok.handshake().rfind("HTTP/1.1 101", 0) == 0);
    ok.write(client_frame(ws::opcode::ping, "hi"));
    auto pong = ok.read_frame();
    CHECK(pong.op == static_cast<int>(ws::opcode::pong));
    CHECK(pong.payload == "hi");
}

TEST_CASE("connections per address are capped; over the cap a 503, a freed slot is reused") {
    test_server srv([](server_config& c) { c.max_conns_per_address = 3; });
    std::vector<std::unique_ptr<raw_client>> open;
    for (int i = 0; i < 3; ++i) {
        open.push_back(std::make_unique<raw_client>(srv.port()));
        REQUIRE(open.back()->handshake().rfind("HTTP/1.1 101", 0) == 0);
    }
    // The fourth is answered at once, before it says anything (it sends
    // nothing: a request the server never reads would turn the close into a reset).
    raw_client fourth(srv.port());
    CHECK(fourth.read_head().rfind("HTTP/1.1 503", 0) == 0);
    CHECK(fourth.at_eof(200));
    // One leaves: its slot is free again (once the server has seen it go).
    open.pop_back();
    CHECK(eventually(
        [&] {
            raw_client again(srv.port());
            again.read_timeout(200ms);
            if (!again.read_head().empty()) return false;  // refused (a 503): not yet
            again.read_timeout(3000ms);
            return again.handshake().rfind("HTTP/1.1 101", 0) == 0;
        },
        10s));
}

namespace {

// The real server as a child process with at most `descriptors` open files
// (soft and hard: it cannot raise them), its log in `log_path`.
struct limited_server {
    pid_t pid = -1;
    std::uint16_t port = 0;

    limited_server(int descriptors, const std::string& log_path) {
        {
            boost::asio::io_context ioc;
            boost::asio::ip::tcp::acceptor acc(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
            port = acc.local_endpoint().port();
        }
        std::string port_s = std::to_string(port);
        pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            rlimit lim{static_cast<rlim_t>(descriptors), static_cast<rlim_t>(descriptors)};
            ::setrlimit(RLIMIT_NOFILE, &lim);
            int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(log, 1);
            ::dup2(log, 2);
            ::execl(KIBITZ_SERVER_BIN, KIBITZ_SERVER_BIN, "--address", "127.0.0.1", "--port",
                    port_s.c_str(), "--db", ":memory:", "--threads", "1", "--log-level", "info",
                    "--max-conns-per-address", "0", static_cast<char*>(nullptr));
            ::_exit(127);
        }
        if (!eventually([&] { return http_get(port, "/healthz").status == 200; }, 10s))
            FAIL("the server did not come up");
    }
    // CPU seconds (user + system) the process has used.
    double cpu_seconds() const {
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string s((std::istreambuf_iterator<char>(stat)), {});
        std::istringstream rest(s.substr(s.rfind(')') + 2));
        std::string field;
        double ticks = 0;
        for (int i = 3; i <= 15 && rest >> field; ++i)
            if (i == 14 || i == 15) ticks += std::stod(field);
        return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
    }
    ~limited_server() {
        if (pid <= 0) return;
        ::kill(pid, SIGKILL);
        int st = 0;
        ::waitpid(pid, &st, 0);
    }
};

// A TCP connection that sends nothing (it holds one of the server's descriptors).
struct idle_connection {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::socket socket{ioc};
    explicit idle_connection(std::uint16_t port) {
        socket.connect({boost::asio::ip::make_address("127.0.0.1"), port});
    }
};

std::size_t count_lines_with(const std::string& path, const std::string& needle) {
    std::ifstream in(path);
    std::size_t n = 0;
    for (std::string line; std::getline(in, line);)
        if (line.find(needle) != std::string::npos) ++n;
    return n;
}

}  // namespace

TEST_CASE("out of descriptors: no busy loop, one log line per interval, a polite refusal") {
    auto log = std::filesystem::temp_directory_path() /
               ("kibitz-fd-" + std::to_string(::getpid()) + ".log");
    {
        limited_server srv(64, log.string());
        // More idle connections than the server has descriptors left.
        std::vector<std::unique_ptr<idle_connection>> holders;
        for (int i = 0; i < 80; ++i) holders.push_back(std::make_unique<idle_connection>(srv.port));
        // Out of descriptors: the server says so once it has tried to accept them.
        REQUIRE(
            eventually([&] { return count_lines_with(log.string(), "Too many open files") >= 1; }));
        // Out of descriptors, the server waits instead of spinning on accept().
        double cpu0 = srv.cpu_seconds();
        // The behaviour under test is what the server does over time while
        // nothing happens: two seconds of it are measured.
        std::this_thread::sleep_for(2s);
        double used = srv.cpu_seconds() - cpu0;
        CHECK_MESSAGE(used < 0.5, "the server used " << used << " s of CPU in 2 s");
        // A newcomer is answered (503) rather than left hanging. (It sends
        // nothing: a request the server never reads would turn its close into
        // a reset.)
        idle_connection late(srv.port);
        timeval tv{3, 0};
        ::setsockopt(late.socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        char answer[64] = {};
        auto got = ::recv(late.socket.native_handle(), answer, sizeof answer - 1, 0);
        CHECK(got > 0);
        CHECK(std::string(answer).rfind("HTTP/1.1 503", 0) == 0);
        // Once descriptors are free again, it serves as before.
        holders.clear();
        CHECK(eventually([&] { return http_get(srv.port, "/healthz").status == 200; }));
    }
    // Logged once per interval, not once per failed accept().
    CHECK(count_lines_with(log.string(), "Too many open files") >= 1);
    CHECK(count_lines_with(log.string(), "Too many open files") <= 2);
    std::filesystem::remove(log);
}

TEST_CASE("new guests are rate-limited per address; returning with a token is not") {
    test_server srv([](server_config& c) { c.play.guests_per_address = 3; });
    std::vector<std::unique_ptr<ws_client>> guests;
    for (int i = 0; i < 3; ++i) {
        guests.push_back(std::make_unique<ws_client>(srv.port()));
        REQUIRE(!guests.back()->hello().is_null());
    }
    ws_client fourth(srv.port());
    fourth.send({{"t", "hello"}, {"d", json::object()}});
    auto e = fourth.expect("error");
    CHECK(e["d"]["code"] == "rate_limited");
    CHECK(e["d"]["re"] == "hello");
    CHECK_FALSE(fourth.sees("welcome", 200ms));
    CHECK(fourth.wait_closed());
    CHECK(fourth.close_code() == 1008);
    // A known token resumes its identity: that makes nothing new.
    ws_client back(srv.port());
    auto w = back.hello(guests[0]->token);
    CHECK(w["resumed"] == true);
}
