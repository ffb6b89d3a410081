// Nodes started together on a new database (docs/cluster.md, "Ownership"):
// every one of them migrates it at the same moment. The advisory lock must be
// taken before anything is created, or PostgreSQL's concurrent CREATE TABLE
// IF NOT EXISTS fails one of them (issue 29, F1: 1 or 2 of 3 nodes exited in
// 5 of 6 tries). Real server processes on the scratch PostgreSQL, a new
// schema per round.
#include "cluster_nodes.hpp"
#include "eventually.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

TEST_CASE("migrations: servers started at once on a new database all come up, round after round") {
    constexpr int rounds = 6, nodes = 3;
    for (int round = 0; round < rounds; ++round) {
        cluster_env env("race" + std::to_string(round));
        struct started {
            pid_t pid = -1;
            std::uint16_t port = 0;
        };
        std::vector<started> servers(nodes);
        for (auto& s : servers) {
            s.port = free_port();
            std::vector<std::string> args = {
                server_bin(), "--address",   "127.0.0.1",  "--port", std::to_string(s.port),
                "--db",       env.db,        "--web-root", env.web,  "--threads",
                "1",          "--log-level", "critical"};
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            REQUIRE(posix_spawn(&s.pid, argv[0], nullptr, nullptr, argv.data(), environ) == 0);
        }
        int up = 0;
        for (auto& s : servers) {
            // Up (its /healthz answers) or gone (it exited at start); asked
            // every 25 ms, each time a new connection.
            kibitz::test::eventually(
                [&] {
                    if (http_get(s.port, "/healthz").status == 200) {
                        ++up;
                        return true;
                    }
                    int st = 0;
                    if (::waitpid(s.pid, &st, WNOHANG) == s.pid) {
                        s.pid = -1;
                        return true;
                    }
                    return false;
                },
                5000ms, 25ms);
        }
        for (auto& s : servers)
            if (s.pid > 0) {
                ::kill(s.pid, SIGKILL);
                ::waitpid(s.pid, nullptr, 0);
            }
        CHECK_MESSAGE(up == nodes,
                      "round " << round << ": " << up << " of " << nodes << " came up");
    }
}
