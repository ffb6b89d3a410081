// kibitz-bot, the bridge from an engine to a bot account (server/bot_bridge/, docs/bots.md),
// as a child process with kibitz-cli as its engine, against the in-process
// server over real sockets: it accepts a person's challenge by its rules and
// plays the whole game through the HTTP streams alone, surviving the server
// closing every stream mid-game; it declines what its rules refuse, saying why.
#include <doctest/doctest.h>

#include <csignal>
#include <fstream>

#include <spawn.h>
#include <sys/wait.h>

#include "api/line_feed.hpp"
#include "bot_cast.hpp"
#include "bot_rules.hpp"
#include "engine.hpp"
#include "eventually.hpp"
#include "kibitz/core/registry.hpp"

extern char** environ;

namespace {

using kibitz::test::eventually;

// kibitz-bot running with `rules`, stopped (SIGTERM) when this goes.
class bridge {
public:
    bridge(api_server& srv, const std::string& token, std::vector<std::string> rules) {
        auto file = srv.dir / "bot.token";
        std::ofstream(file) << token << "\n";
        std::vector<std::string> args = {KIBITZ_BOT_BIN,
                                         "--server",
                                         "http://127.0.0.1:" + std::to_string(srv.port),
                                         "--token-file",
                                         file.string(),
                                         "--engine",
                                         std::string(KIBITZ_CLI_BIN) + " bestmove",
                                         "--engine-args",
                                         "--depth 2 --level 8"};
        args.insert(args.end(), rules.begin(), rules.end());
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        REQUIRE(posix_spawn(&pid_, argv[0], nullptr, nullptr, argv.data(), environ) == 0);
    }
    ~bridge() {
        ::kill(pid_, SIGTERM);
        int st = 0;
        ::waitpid(pid_, &st, 0);
    }
    bool running() const { return ::waitpid(pid_, nullptr, WNOHANG) == 0; }

private:
    pid_t pid_ = -1;
};

std::string first_game() { return std::string(kibitz::core::all_games()[0].id); }

// What `kibitz-bot ARGS...` prints on stdout, and its exit status.
std::pair<std::string, int> run_bot(const std::string& args) {
    std::string out;
    FILE* p = ::popen((std::string(KIBITZ_BOT_BIN) + " " + args + " 2>/dev/null").c_str(), "r");
    REQUIRE(p);
    char buf[512];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    const int st = ::pclose(p);
    return {out, WIFEXITED(st) ? WEXITSTATUS(st) : -1};
}

// Ada challenges the bot to an untimed game and plays the first legal move
// each turn until the game ends; `before_ply(plies, ada_to_move)` runs before
// each ply (a test's interruption). Returns the plies played and the "end".
struct played {
    int plies = 0;
    json end;
};
played play_the_bot(api_server& srv, cast& c, const std::function<void(int, bool)>& before_ply) {
    REQUIRE(post_as(srv, "/api/challenge/botty", c.ada_token,
                    json{{"game", first_game()}, {"tc", nullptr}, {"rated", false}})
                .status == 201);
    auto found = c.ada.expect("game.found", {}, std::chrono::seconds(10));
    REQUIRE(found.is_object());
    const std::string room = found["d"]["room"];
    auto state = c.ada.expect("room.state");
    const int mine = state["d"]["you"]["seat"];
    json board = state["d"]["board"];
    played out;
    int ack = 1;
    while (out.plies < 600) {
        if (board["moves"].empty()) {  // the last move ended it
            out.end = c.ada.expect("end", {}, std::chrono::seconds(10));
            break;
        }
        const bool ada_to_move = board["to_move"] == mine;
        before_ply(out.plies, ada_to_move);
        if (ada_to_move) {
            std::string mv = board["moves"][0]["text"];
            c.ada.send({{"t", "move"}, {"d", {{"room", room}, {"move", mv}, {"ack", ack++}}}});
        }
        auto ev = c.ada.expect("move", {}, std::chrono::seconds(20));
        REQUIRE(ev.is_object());
        board = ev["d"]["board"];
        ++out.plies;
    }
    return out;
}

}  // namespace

TEST_CASE("kibitz-bot: kibitz-cli as its engine plays a whole game; a dropped stream is resumed") {
    auto srv = fast_server();
    cast c(srv);
    bridge bot(srv, c.bot_token,
               {"--games", first_game(), "--clocks", "untimed", "--max-games", "1"});
    auto& streams = *srv.app->context().api.streams;
    REQUIRE(eventually([&] { return streams.open() == 1; }, std::chrono::seconds(10)));

    bool dropped = false;
    auto game = play_the_bot(srv, c, [&](int plies, bool) {
        if (plies == 6 && !dropped) {
            // The server closes every stream: the bridge must come back by itself.
            dropped = true;
            srv.app->context().streams.close_all();
        }
    });
    auto& end = game.end;
    CHECK(dropped);
    REQUIRE(end.is_object());  // a whole game, to its end
    CHECK(end["d"]["status"]["state"] == "over");
    CHECK(game.plies > 6);
    CHECK(bot.running());
    // Both streams came back (the event stream and the game's, until it ended).
    CHECK(eventually([&] { return streams.open() == 1; }, std::chrono::seconds(10)));
}

TEST_CASE("kibitz-bot: restarted mid-game, it finds its game again and finishes it") {
    auto srv = fast_server();
    cast c(srv);
    const std::vector<std::string> rules = {"--games", first_game(), "--clocks", "untimed"};
    auto bot = std::make_unique<bridge>(srv, c.bot_token, rules);
    auto& streams = *srv.app->context().api.streams;
    REQUIRE(eventually([&] { return streams.open() == 1; }, std::chrono::seconds(10)));

    bool restarted = false;
    auto game = play_the_bot(srv, c, [&](int plies, bool ada_to_move) {
        if (plies >= 4 && !restarted && ada_to_move) {
            // The bridge stops (its streams close) and a new one starts: the
            // server announces no gameStart again, so only the games in play
            // it asks for tell it of this one.
            restarted = true;
            bot.reset();
            REQUIRE(eventually([&] { return streams.open() == 0; }, std::chrono::seconds(10)));
            bot = std::make_unique<bridge>(srv, c.bot_token, rules);
            REQUIRE(eventually([&] { return streams.open() >= 1; }, std::chrono::seconds(10)));
        }
    });
    auto& end = game.end;
    CHECK(restarted);
    REQUIRE(end.is_object());  // the new bridge played it to its end
    CHECK(end["d"]["status"]["state"] == "over");
    CHECK(bot->running());
}

TEST_CASE("kibitz-bot: challenges its rules refuse are declined with the reason") {
    auto srv = fast_server();
    cast c(srv);
    bridge bot(
        srv, c.bot_token,
        {"--games", first_game(), "--clocks", "live", "--min-seconds", "120", "--modes", "casual"});
    REQUIRE(eventually([&] { return srv.app->context().api.streams->open() == 1; },
                       std::chrono::seconds(10)));
    auto declined = [&](const json& challenge, const std::string& reason) {
        INFO(challenge.dump());
        auto made = post_as(srv, "/api/challenge/botty", c.ada_token, challenge);
        REQUIRE(made.status == 201);
        std::string id = made.j()["challenge"]["id"];
        auto told = c.ada.expect(
            "invite.declined", [&](const json& f) { return f["d"]["code"] == id; },
            std::chrono::seconds(10));
        CHECK(told["d"]["reason"] == reason);
    };
    const json blitz = {{"initial_s", 60}, {"increment_s", 0}};
    const json rapid = {{"initial_s", 600}, {"increment_s", 5}};
    declined({{"game", first_game()}, {"tc", blitz}}, "tooFast");
    declined({{"game", first_game()}, {"tc", nullptr}}, "timeControl");
    declined({{"game", first_game()}, {"tc", rapid}, {"rated", true}}, "casual");
    for (const auto& g : kibitz::core::all_games())
        if (g.id != first_game()) {
            declined({{"game", std::string(g.id)}, {"tc", rapid}}, "variant");
            break;
        }
    // What it takes, it takes.
    REQUIRE(post_as(srv, "/api/challenge/botty", c.ada_token,
                    json{{"game", first_game()}, {"tc", rapid}})
                .status == 201);
    CHECK(c.ada.expect("game.found", {}, std::chrono::seconds(10)).is_object());
}

TEST_CASE("kibitz-bot: the operator's rules give lichess's decline reasons") {
    namespace bot = kibitz::bot;
    bot::bot_rules r;
    std::string why;
    REQUIRE(bot::set_rule(r, "games", "a,b", why));
    REQUIRE(bot::set_rule(r, "clocks", "live", why));
    REQUIRE(bot::set_rule(r, "min-seconds", "60", why));
    REQUIRE(bot::set_rule(r, "max-seconds", "600", why));
    REQUIRE(bot::set_rule(r, "opponents", "people", why));
    REQUIRE(bot::set_rule(r, "max-games", "1", why));
    CHECK_FALSE(bot::set_rule(r, "clocks", "sometimes", why));
    CHECK_FALSE(bot::set_rule(r, "max-games", "0", why));
    const json person = {{"name", "ada"}}, a_bot = {{"name", "b"}, {"bot", true}};
    auto c = [&](json tc) {
        return json{{"game", "a"}, {"tc", tc}, {"rated", false}, {"by", person}};
    };
    const json ok_tc = {{"initial_s", 300}, {"increment_s", 2}};
    CHECK_FALSE(bot::decline_reason(r, c(ok_tc), 0).has_value());
    CHECK(bot::decline_reason(r, c(ok_tc), 1) == "later");
    CHECK(bot::decline_reason(r, c(nullptr), 0) == "timeControl");
    CHECK(bot::decline_reason(r, c({{"days", 3}}), 0) == "timeControl");
    CHECK(bot::decline_reason(r, c({{"initial_s", 30}, {"increment_s", 0}}), 0) == "tooFast");
    CHECK(bot::decline_reason(r, c({{"initial_s", 900}, {"increment_s", 0}}), 0) == "tooSlow");
    auto other = c(ok_tc);
    other["game"] = "z";
    CHECK(bot::decline_reason(r, other, 0) == "variant");
    auto from_bot = c(ok_tc);
    from_bot["by"] = a_bot;
    CHECK(bot::decline_reason(r, from_bot, 0) == "noBot");
    auto placed = c(ok_tc);
    placed["position"] = "x";
    CHECK(bot::decline_reason(r, placed, 0) == "standard");
    REQUIRE(bot::set_rule(r, "modes", "rated", why));
    CHECK(bot::decline_reason(r, c(ok_tc), 0) == "rated");
}

TEST_CASE("kibitz-bot: the engine's lines give the move and the last score") {
    namespace bot = kibitz::bot;
    auto a = bot::read_engine_output(
        "info depth 1 score 10 nodes 5 pv x\ninfo depth 2 score -35 nodes 9 pv y z\nbestmove y\n");
    CHECK(a.move == "y");
    CHECK(a.score == -35);
    CHECK(bot::read_engine_output("bestmove 9-14\n").score == std::nullopt);
    CHECK(bot::read_engine_output("info depth 3\n").move.empty());
    CHECK(bot::parse_score("#7") == 30000 - 7);
    CHECK(bot::parse_score("#-6") == -30000 + 6);
    CHECK_FALSE(bot::parse_score("x").has_value());
    // A real engine: kibitz-cli itself, at the start of the first game.
    auto real = bot::run_engine({KIBITZ_CLI_BIN, "bestmove", first_game(), "--depth", "2"},
                                std::chrono::seconds(30));
    CHECK_FALSE(real.move.empty());
    CHECK(real.score.has_value());
    auto missing = bot::run_engine({"/nonexistent/engine"}, std::chrono::seconds(5));
    CHECK(missing.move.empty());
    CHECK_FALSE(missing.error.empty());
}

TEST_CASE("bot bridge: --help lists the flags and exits 0; a bad flag is a usage error") {
    auto [help, status] = run_bot("--help");
    CHECK(status == 0);
    for (const char* flag : {"--server", "--token-file", "--engine", "--games", "--max-games"})
        CHECK_MESSAGE(help.find(flag) != std::string::npos, flag);
    CHECK(run_bot("--no-such-flag x").second == 1);
}
