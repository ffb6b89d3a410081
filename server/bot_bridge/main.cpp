// kibitz-bot: connects an engine to a Kibitz bot account over the bot API
// alone (schema/bot_api.md; docs/bots.md shows how to run it). It reads the
// account's event stream, accepts or declines challenges by the operator's
// rules, and plays each game on a thread of its own (game_runner). When the
// event stream breaks or the server cannot be reached it tries again with a
// growing pause (to 30 s); games carry on over their own streams meanwhile.
// Each time its event stream opens it asks for the games already in play and
// follows those it does not (after its own restart, it finishes them).
//
//   kibitz-bot --server http://127.0.0.1:8080 --token-file FILE
//              --engine "kibitz-cli bestmove" --engine-args "--level 3 --movetime 200"
//              [--games G1,G2] [--clocks untimed,live,correspondence]
//              [--min-seconds N] [--max-seconds N] [--modes rated,casual]
//              [--opponents people,bots] [--max-games N]
//              [--draw-offer-cp N] [--draw-after-ply N] [--draw-accept-cp N]
//              [--engine-timeout-ms MS]
// The engine: docs/engine_protocol.md. The token: --token-file, or the
// KIBITZ_BOT_TOKEN environment variable (never on the command line, where
// other users of the machine can read it). Runs until stopped (SIGINT,
// SIGTERM). Exit status: 1 a usage error, 2 the token is refused.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string_view>
#include <thread>

#include <nlohmann/json.hpp>

#include "bot_rules.hpp"
#include "game_runner.hpp"

namespace bot = kibitz::bot;
using json = nlohmann::json;

namespace {

struct settings {
    bot::endpoint at;
    bot::bot_rules rules;
    bot::engine_settings engine;
    bot::draw_policy draws;
};

std::vector<std::string> split(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

constexpr const char* help_text =
    "kibitz-bot: an engine plays on a Kibitz bot account over the bot API (docs/bots.md)\n"
    "\n"
    "  kibitz-bot --server http://127.0.0.1:8080 --token-file FILE --engine \"CMD\" [flags]\n"
    "\n"
    "  --server URL             the Kibitz server (default http://127.0.0.1:8080)\n"
    "  --token-file FILE        the bot's API token (or KIBITZ_BOT_TOKEN); never on the\n"
    "                           command line, where other users can read it\n"
    "  --engine CMD             run once per move: CMD GAME [ARGS] [--position TEXT] MOVE...\n"
    "                           printing `bestmove MOVE` (docs/engine_protocol.md)\n"
    "  --engine-args ARGS       passed to the engine before the game's moves\n"
    "  --engine-timeout-ms MS   how long one move may take the engine\n"
    "  --games G1,G2            the games it accepts (default: all)\n"
    "  --clocks untimed,live,correspondence   (default: untimed,live)\n"
    "  --min-seconds N / --max-seconds N      the initial clock it accepts\n"
    "  --modes rated,casual     --opponents people,bots     --max-games N (default 2)\n"
    "  --draw-offer-cp N / --draw-after-ply N / --draw-accept-cp N   when it offers or\n"
    "                           takes a draw, by the engine's score\n"
    "  --help                   this text\n"
    "\n"
    "Exit status: 0 stopped (SIGINT, SIGTERM) or --help, 1 a usage error, 2 the token is "
    "refused.\n";

int usage(const std::string& why) {
    std::fprintf(
        stderr,
        "kibitz-bot: %s\n(kibitz-bot --help lists the flags; docs/bots.md shows how to run it)\n",
        why.c_str());
    return 1;
}

bool number(const std::string& v, int& out) {
    char* end = nullptr;
    long n = std::strtol(v.c_str(), &end, 10);
    if (end == v.c_str() || *end || n < -100000 || n > 100000) return false;
    out = static_cast<int>(n);
    return true;
}

std::optional<settings> parse(int argc, char** argv, std::string& why) {
    settings s;
    std::string server = "http://127.0.0.1:8080", token_file;
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i];
        if (flag.rfind("--", 0) != 0 || i + 1 >= argc)
            return why = "bad flag " + flag, std::nullopt;
        std::string v = argv[++i];
        flag.erase(0, 2);
        bool ok = true;
        if (flag == "server") server = v;
        else if (flag == "token-file") token_file = v;
        else if (flag == "engine") s.engine.command = split(v);
        else if (flag == "engine-args") s.engine.args = split(v);
        else if (flag == "engine-timeout-ms") {
            int ms = 0;
            ok = number(v, ms) && ms > 0;
            s.engine.timeout = std::chrono::milliseconds(ms);
        } else if (flag == "draw-offer-cp") ok = number(v, s.draws.offer_cp);
        else if (flag == "draw-after-ply") ok = number(v, s.draws.after_ply);
        else if (flag == "draw-accept-cp") ok = number(v, s.draws.accept_cp);
        else ok = bot::set_rule(s.rules, flag, v, why);
        if (!ok)
            return why = "--" + flag + " " + v + ": " + (why.empty() ? "a number" : why),
                   std::nullopt;
    }
    auto at = bot::parse_server(server);
    if (!at) return why = "--server is http://host:port", std::nullopt;
    s.at = *at;
    if (!token_file.empty()) {
        std::ifstream in(token_file);
        in >> s.at.token;
    } else if (const char* t = std::getenv("KIBITZ_BOT_TOKEN")) {
        s.at.token = t;
    }
    if (s.at.token.empty())
        return why = "no token (--token-file or KIBITZ_BOT_TOKEN)", std::nullopt;
    if (s.engine.command.empty()) return why = "--engine is needed", std::nullopt;
    if (s.draws.offer_cp < 0) return why = "--draw-offer-cp is not negative", std::nullopt;
    return s;
}

// The games in play, each on its thread (detached: a game ends by itself).
class games_in_play {
public:
    explicit games_in_play(const settings& s) : s_(s) {}
    std::size_t count() {
        std::lock_guard lock(mu_);
        return ids_.size();
    }
    void start(const std::string& id) {
        {
            std::lock_guard lock(mu_);
            if (!ids_.insert(id).second) return;  // followed already
        }
        std::thread([this, id] {
            bot::game_runner(s_.at, id, s_.engine, s_.draws).run();
            std::lock_guard lock(mu_);
            ids_.erase(id);
        }).detach();
    }

private:
    const settings& s_;
    std::mutex mu_;
    std::set<std::string> ids_;
};

void on_challenge(const settings& s, games_in_play& games, const json& c) {
    const std::string id = c.value("id", "");
    auto reason = bot::decline_reason(s.rules, c, games.count());
    std::fprintf(stderr, "kibitz-bot: challenge %s (%s) from %s: %s\n", id.c_str(),
                 c.value("game", "").c_str(), c["by"].value("name", "").c_str(),
                 reason ? ("declined, " + *reason).c_str() : "accepted");
    if (reason)
        bot::request(s.at, "POST", "/api/challenge/" + id + "/decline",
                     json{{"reason", *reason}}.dump());
    else bot::request(s.at, "POST", "/api/challenge/" + id + "/accept");
}

// The games the account is already playing (GET /api/account/playing): after
// the bridge's own restart, or a game that started while the event stream was
// down. Each is followed again on its game stream, which resumes it whole.
void resume_games(const settings& s, games_in_play& games) {
    auto r = bot::request(s.at, "GET", "/api/account/playing");
    auto j = json::parse(r.body, nullptr, false);
    if (r.status != 200 || !j.is_object() || !j["nowPlaying"].is_array()) {
        std::fprintf(stderr, "kibitz-bot: games in play unknown (%d)\n", r.status);
        return;
    }
    for (const auto& g : j["nowPlaying"]) {
        const std::string id = g.is_object() ? g.value("gameId", "") : "";
        if (id.empty()) continue;
        std::fprintf(stderr, "kibitz-bot: resuming game %s\n", id.c_str());
        games.start(id);
    }
}

}  // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h")
            return std::fputs(help_text, stdout) < 0 ? 1 : 0;
    std::string why;
    auto s = parse(argc, argv, why);
    if (!s) return usage(why);
    std::signal(SIGPIPE, SIG_IGN);
    games_in_play games(*s);
    auto wait = std::chrono::milliseconds(250);
    while (true) {
        bot::line_stream events(s->at, "/api/stream/event");
        if (events.status() == 401 || events.status() == 403) {
            std::fprintf(stderr, "kibitz-bot: the token is refused: %s\n",
                         events.refusal().c_str());
            std::_Exit(2);  // game threads may be running: leave at once
        }
        if (events.status() == 200) {
            std::fprintf(stderr, "kibitz-bot: connected\n");
            wait = std::chrono::milliseconds(250);
            resume_games(*s, games);
            while (auto line = events.next(std::chrono::seconds(30))) {
                auto j = json::parse(*line, nullptr, false);
                if (!j.is_object()) continue;  // a keep-alive
                const std::string type = j.value("type", "");
                if (type == "challenge") on_challenge(*s, games, j["challenge"]);
                if (type == "gameStart") games.start(j["game"].value("id", ""));
            }
        }
        std::fprintf(stderr, "kibitz-bot: event stream lost (%d), again in %lld ms\n",
                     events.status(), static_cast<long long>(wait.count()));
        std::this_thread::sleep_for(wait);
        wait = std::min(wait * 2, std::chrono::milliseconds(30000));
    }
}
