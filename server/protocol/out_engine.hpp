#pragma once
// Server -> client messages of the engine's answers (schema/protocol.md,
// "Analysis" and "Computer review"): one struct per message, encoded by the
// codec (encode_engine.cpp). Plain values; safe on any executor.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/server_msg.hpp"

namespace kibitz::server {

// An evaluation from the first seat's side: hundredths of a unit, and for a
// forced end its distance in plies and its winner; where an endgame table
// covers the position, the final lead with perfect play (> 0: the first seat wins).
struct engine_score {
    int cp = 0;
    std::optional<int> end_in, winner;
    std::optional<int> table_lead;
};
struct analysis_info_msg {
    std::int64_t id = 0;  // the client's number for the search
    int depth = 0;
    engine_score score;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<std::string> pv;
};
struct analysis_found {
    std::string best;
    int depth = 0;
    engine_score score;
};
struct analysis_done_msg {
    std::int64_t id = 0;
    std::optional<analysis_found> found;  // none: the search was stopped
    std::string stopped;                  // why, when it was
};
struct review_progress_msg {
    std::string id;  // the game's public id
    std::size_t done = 0, total = 0;
};
struct review_done_msg {
    std::string id;
    json analysis;  // as stored with the game (reviewer::judge)
    bool cached = false;
};

frame encode(const analysis_info_msg& m);
frame encode(const analysis_done_msg& m);
frame encode(const review_progress_msg& m);
frame encode(const review_done_msg& m);

}  // namespace kibitz::server
