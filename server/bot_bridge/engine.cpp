// Running the engine (engine.hpp): a child process per move, its standard
// output read through a pipe until it exits or its time is up.
#include "engine.hpp"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <charconv>
#include <sstream>

extern char** environ;

namespace kibitz::bot {

std::optional<int> parse_score(const std::string& text) {
    bool forced = !text.empty() && text[0] == '#';
    std::string_view v(text);
    if (forced) v.remove_prefix(1);
    int n = 0;
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc() || end != v.data() + v.size() || v.empty()) return std::nullopt;
    if (!forced) return n;
    return n >= 0 ? 30000 - n : -30000 - n;
}

engine_answer read_engine_output(const std::string& output) {
    engine_answer a;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (first == "bestmove") {
            words >> a.move;
        } else if (first == "info") {
            for (std::string w; words >> w;) {
                if (w != "score") continue;
                std::string s;
                words >> s;
                if (auto v = parse_score(s)) a.score = v;
                break;
            }
        }
    }
    if (a.move.empty()) a.error = "the engine printed no bestmove";
    return a;
}

engine_answer run_engine(const std::vector<std::string>& argv, std::chrono::milliseconds timeout) {
    int out[2];
    if (argv.empty() || pipe(out) != 0) return {"", std::nullopt, "no engine command"};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    if (rc != 0) {
        close(out[0]);
        return {"", std::nullopt, "the engine could not be started: " + argv[0]};
    }
    std::string output;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    bool timed_out = false;
    while (true) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            timed_out = true;
            break;
        }
        pollfd p{out[0], POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
        char buf[4096];
        auto n = read(out[0], buf, sizeof buf);
        if (n <= 0) break;  // the engine closed its output: it is done
        output.append(buf, static_cast<std::size_t>(n));
    }
    close(out[0]);
    if (timed_out) kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    auto a = read_engine_output(output);
    if (timed_out && a.move.empty()) a.error = "the engine did not answer in time";
    return a;
}

}  // namespace kibitz::bot
