#pragma once
// What one generator thread measured; merged across threads for the report.
// Only touched from that thread's io_context.
#include <cstdint>
#include <map>
#include <string>

#include "histogram.hpp"

namespace kibitz::bench {

struct run_stats {
    std::uint64_t moves_sent = 0;
    std::uint64_t moves_acked = 0;
    std::uint64_t games_started = 0;
    std::uint64_t games_completed = 0;
    std::uint64_t frames_in = 0;
    std::uint64_t bytes_in = 0;
    std::uint64_t frames_out = 0;
    std::uint64_t connect_failures = 0;
    // arena: tournament.state frames received (the standings) and their bytes.
    std::uint64_t standings_frames = 0;
    std::uint64_t standings_bytes = 0;
    std::uint64_t closed_early = 0;   // connections the server closed during the run
    // Games against the computer, kept out of every figure above and below.
    std::uint64_t computer_games_started = 0;
    std::uint64_t computer_games_completed = 0;
    std::uint64_t computer_moves_ours = 0;   // our moves in them, acked
    std::uint64_t computer_moves_theirs = 0; // the computer's moves received
    histogram ack;        // move sent -> ack received by the mover
    histogram opponent;   // move sent -> move event received by the opponent
    histogram spectator;  // move sent -> move event received by a spectator
    std::map<std::string, std::uint64_t> errors;  // by code (rare: a map is fine)
    std::map<std::string, std::uint64_t> close_reasons;

    void merge(const run_stats& o) {
        moves_sent += o.moves_sent;
        moves_acked += o.moves_acked;
        games_started += o.games_started;
        games_completed += o.games_completed;
        frames_in += o.frames_in;
        bytes_in += o.bytes_in;
        frames_out += o.frames_out;
        connect_failures += o.connect_failures;
        standings_frames += o.standings_frames;
        standings_bytes += o.standings_bytes;
        closed_early += o.closed_early;
        computer_games_started += o.computer_games_started;
        computer_games_completed += o.computer_games_completed;
        computer_moves_ours += o.computer_moves_ours;
        computer_moves_theirs += o.computer_moves_theirs;
        ack.merge(o.ack);
        opponent.merge(o.opponent);
        spectator.merge(o.spectator);
        for (auto& [k, v] : o.errors) errors[k] += v;
        for (auto& [k, v] : o.close_reasons) close_reasons[k] += v;
    }
};

}  // namespace kibitz::bench
