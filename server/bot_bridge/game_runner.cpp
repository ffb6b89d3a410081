// One game of the bridge (game_runner.hpp).
#include "game_runner.hpp"

#include <cstdio>
#include <cstdlib>
#include <thread>

#include "engine.hpp"

namespace kibitz::bot {

using json = nlohmann::json;

namespace {

// A move's notation as one path segment (schema/bot_api.md: percent-encoded).
std::string encoded(const std::string& s) {
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            out += hex;
        }
    }
    return out;
}

}  // namespace

game_runner::game_runner(endpoint at, std::string id, engine_settings engine, draw_policy draws)
    : at_(std::move(at)), id_(std::move(id)), engine_(std::move(engine)), draws_(draws) {}

void game_runner::run() {
    auto wait = std::chrono::milliseconds(250);
    while (!over_) {
        line_stream s(at_, "/api/bot/game/stream/" + id_);
        if (s.status() == 404 || s.status() == 401 || s.status() == 403) {
            std::fprintf(stderr, "kibitz-bot: game %s: %d %s\n", id_.c_str(), s.status(),
                         s.refusal().c_str());
            return;  // not (or no longer) a game of ours in play
        }
        if (s.status() == 200) {
            wait = std::chrono::milliseconds(250);
            if (!follow(s)) break;
        }
        if (over_) break;
        std::fprintf(stderr, "kibitz-bot: game %s: stream lost, again in %lld ms\n", id_.c_str(),
                     static_cast<long long>(wait.count()));
        std::this_thread::sleep_for(wait);
        wait = std::min(wait * 2, std::chrono::milliseconds(30000));
    }
    std::fprintf(stderr, "kibitz-bot: game %s over\n", id_.c_str());
}

bool game_runner::follow(line_stream& s) {
    // Keep-alives come every 7 s: silence for 30 s is a lost connection.
    while (auto line = s.next(std::chrono::seconds(30))) {
        if (line->empty()) continue;
        auto j = json::parse(*line, nullptr, false);
        if (!j.is_object()) continue;
        const std::string type = j.value("type", "");
        if (type == "gameFull") {
            seat_ = j.value("seat", -1);
            game_ = j.value("game", "");
            start_ = j.value("initialPosition", "");
            on_state(j["state"]);
        } else if (type == "gameState") {
            on_state(j);
        }
        if (over_) return false;
    }
    return true;  // ended or broke before the game's end: open it again
}

void game_runner::on_state(const json& state) {
    if (!state.is_object()) return;
    if (state["status"].value("state", "") != "playing") {
        over_ = true;
        return;
    }
    answer_draw(state);
    if (state.value("turn", -1) == seat_ && !state["legal"].empty()) play(state);
}

void game_runner::play(const json& state) {
    const auto ply = state["moves"].size();
    if (ply == played_for_) return;  // sent already; its answer is on its way
    std::vector<std::string> argv = engine_.command;
    argv.push_back(game_);
    argv.insert(argv.end(), engine_.args.begin(), engine_.args.end());
    if (!start_.empty()) {
        argv.push_back("--position");
        argv.push_back(start_);
    }
    for (const auto& m : state["moves"]) argv.push_back(m.get<std::string>());
    auto a = run_engine(argv, engine_.timeout);
    std::string move = a.move;
    if (move.empty()) {  // the engine failed: a legal move keeps the game going
        std::fprintf(stderr, "kibitz-bot: game %s: %s; playing the first legal move\n", id_.c_str(),
                     a.error.c_str());
        move = state["legal"][0].get<std::string>();
    }
    score_ = a.score;
    bool level = score_ && std::abs(*score_) <= draws_.offer_cp;
    level_streak_ = level ? level_streak_ + 1 : 0;
    if (draws_.offer_cp > 0 && level_streak_ >= 3 && static_cast<int>(ply) >= draws_.after_ply &&
        state["offers"].value("draw", -1) == -1) {
        post("draw/yes");  // an offer, made with the move
        level_streak_ = 0;
    }
    played_for_ = ply;
    auto why = post("move/" + encoded(move));
    if (!why.empty()) {
        std::fprintf(stderr, "kibitz-bot: game %s: move %s refused: %s\n", id_.c_str(),
                     move.c_str(), why.c_str());
        played_for_ = SIZE_MAX;  // the next state asks again
    }
}

void game_runner::answer_draw(const json& state) {
    int by = state["offers"].value("draw", -1);
    const auto ply = state["moves"].size();
    if (by == -1 || by == seat_ || draw_answered_ == ply) return;
    draw_answered_ = ply;
    // Without a score from the engine there is nothing to judge by: decline.
    bool yes = score_ && *score_ <= draws_.accept_cp;
    post(yes ? "draw/yes" : "draw/no");
}

std::string game_runner::post(const std::string& action) {
    for (int attempt = 0; attempt < 5; ++attempt) {
        auto r = request(at_, "POST", "/api/bot/game/" + id_ + "/" + action);
        if (r.status == 200) return "";
        if (r.status == 429) {
            std::this_thread::sleep_for(std::chrono::seconds(std::max(1, r.retry_after_s)));
            continue;
        }
        if (r.status == 0 || r.status >= 500) {  // not reached: once more, a little later
            std::this_thread::sleep_for(std::chrono::milliseconds(250 << attempt));
            continue;
        }
        return std::to_string(r.status) + " " + r.body;
    }
    return "no answer";
}

}  // namespace kibitz::bot
