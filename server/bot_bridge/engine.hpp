#pragma once
// The engine side of kibitz-bot (docs/engine_protocol.md): the engine is a
// command run once per move, given the game, the start position and the
// moves so far, that prints `info ... score S ...` lines (optional) and one
// `bestmove MOVE` line, as `kibitz-cli bestmove` does. Blocking; one call per
// game thread at a time.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::bot {

struct engine_answer {
    std::string move;          // empty: no move (see error)
    std::optional<int> score;  // the last info line's, for the side to move; none if not given
    std::string error;         // why there is no move
};

// A score as the protocol prints it: "35" (hundredths of a unit), "#7" (a
// forced win in 7 plies), "#-6" (a forced loss); a forced result counts as
// +/-30000 less its plies, as kibitz-cli's engine scores it.
std::optional<int> parse_score(const std::string& text);

// What the engine's output says (its lines, in order).
engine_answer read_engine_output(const std::string& output);

// Runs `argv` (argv[0] looked up in PATH) and waits at most `timeout`; the
// engine's standard error goes to ours.
engine_answer run_engine(const std::vector<std::string>& argv, std::chrono::milliseconds timeout);

}  // namespace kibitz::bot
