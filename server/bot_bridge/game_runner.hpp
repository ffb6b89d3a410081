#pragma once
// One game of kibitz-bot, on its own thread: reads the game's stream
// (GET /api/bot/game/stream/{id}), asks the engine for a move whenever it
// is the bot's turn, answers and makes draw offers by the engine's score,
// and reconnects with backoff when the stream breaks before the game ends.
// Owns nothing shared: what it reads and the engine it runs are its own.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "http_client.hpp"

namespace kibitz::bot {

struct draw_policy {
    // Offer a draw when, from `after_ply` on, the engine's score for the bot
    // stays within +/-offer_cp for 3 of its moves in a row (0: never offer).
    int offer_cp = 0;
    int after_ply = 40;
    // Accept the opponent's offer when the bot's score is at most accept_cp.
    int accept_cp = 0;
};

struct engine_settings {
    std::vector<std::string> command;  // e.g. {"kibitz-cli", "bestmove"}
    std::vector<std::string> args;  // after the game, e.g. {"--level", "3", "--movetime", "200"}
    std::chrono::milliseconds timeout{60000};
};

class game_runner {
public:
    game_runner(endpoint at, std::string id, engine_settings engine, draw_policy draws);
    // Plays until the game is over or gone (returns then).
    void run();

private:
    // One connection to the game stream: false when it should be opened again.
    bool follow(line_stream& s);
    void on_state(const nlohmann::json& state);
    void play(const nlohmann::json& state);
    void answer_draw(const nlohmann::json& state);
    std::string post(const std::string& action);  // "" when taken, else why not

    endpoint at_;
    std::string id_, game_, start_;
    engine_settings engine_;
    draw_policy draws_;
    int seat_ = -1;
    std::size_t played_for_ = SIZE_MAX;  // the ply the last move was sent for
    std::size_t draw_answered_ = SIZE_MAX;  // the ply an offer was last answered at
    std::optional<int> score_;  // the engine's last, for the bot
    int level_streak_ = 0;  // moves in a row within offer_cp
    bool over_ = false;
};

}  // namespace kibitz::bot
