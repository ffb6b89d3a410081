#pragma once
// kibitz-server as a child process on loopback, for the tests that need a
// real process (restarts, kill -9, the cluster's nodes): started with
// posix_spawn, up once /healthz answers, stopped with SIGKILL or SIGTERM.
#include <csignal>
#include <string>
#include <thread>
#include <vector>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <boost/asio/ip/tcp.hpp>

#include "helpers.hpp"

extern char** environ;

namespace kibitz::test {

// A port free right now (the server cannot report a --port 0 choice to us).
inline std::uint16_t free_port() {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::acceptor acc(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
    return acc.local_endpoint().port();
}

class child_server {
public:
    pid_t pid = -1;
    std::uint16_t port = 0;

    child_server() = default;
    child_server(const child_server&) = delete;
    child_server& operator=(const child_server&) = delete;
    ~child_server() { terminate(); }

    // Runs `args` (the binary first) and waits until /healthz answers on
    // `port`; `what` names the server in a failure.
    void spawn(std::vector<std::string> args, const std::string& what) {
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        REQUIRE(posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) == 0);
        if (!eventually([&] { return http_get(port, "/healthz").status == 200; },
                        std::chrono::seconds(10)))
            FAIL(what << " did not come up on port " << port);
    }
    void kill9() {
        if (pid <= 0) return;
        ::kill(pid, SIGKILL);
        int st = 0;
        ::waitpid(pid, &st, 0);
        pid = -1;
    }
    // SIGTERM, then the exit status (0: a clean stop).
    int terminate() {
        if (pid <= 0) return -1;
        ::kill(pid, SIGTERM);
        int st = 0;
        ::waitpid(pid, &st, 0);
        pid = -1;
        return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    }
};

}  // namespace kibitz::test
