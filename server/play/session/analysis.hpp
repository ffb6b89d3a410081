#pragma once
// Live engine analysis for one connection (the analysis board): at most one
// search at a time, each new request cancelling the last, and at most one
// request every `min_gap`. The search runs on the engine pool; its progress
// (one line per completed depth) and its end go straight to the connection,
// which takes frames from any thread. Used on the connection's strand.
#include <atomic>
#include <chrono>
#include <memory>

#include "play/peer.hpp"
#include "protocol/client_msg.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

class engine_pool;

class analysis {
public:
    static constexpr auto min_gap = std::chrono::milliseconds(250);
    static constexpr std::int64_t max_think_ms = 8000;

    // An error for the client, or nothing when the search was queued.
    // `owner`: the connection's turn in the engine pool's fair queue; no
    // `engine`: refused.
    std::optional<wire_error> start(engine_pool* engine, const peer_ref& to, std::string owner,
                                    const analysis_start_msg& m);
    void stop();  // analysis.stop, or the connection closed

private:
    std::shared_ptr<std::atomic<bool>> stop_;
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace kibitz::server
