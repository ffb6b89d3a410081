#pragma once
// Command-line settings of kibitz-load.
#include <sys/types.h>

#include <cstdint>
#include <string>

namespace kibitz::bench {

struct options {
    std::string mode = "play";   // play | idle
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;
    int clients = 200;           // players (play mode); rounded down to even
    int spectators = 0;          // per game
    int computer_games = 0;      // extra connections, each always in a game against the computer
    int computer_level = 8;
    int idle = 10000;            // connections (idle mode)
    double seconds = 20;         // measured time (play) or hold time (idle)
    double warmup = 2;           // unmeasured time first (play)
    int threads = 1;             // generator I/O threads, each its own io_context
    int connect_parallel = 200;  // handshakes in flight at once
    std::string game = "checkers";
    int initial_s = 3600;        // clocks long enough never to flag
    int increment_s = 0;
    pid_t server_pid = 0;
    std::uint64_t seed = 1;
};

}  // namespace kibitz::bench
