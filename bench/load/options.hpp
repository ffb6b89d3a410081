#pragma once
// Command-line settings of kibitz-load.
#include <sys/types.h>

#include <cstdint>
#include <string>

namespace kibitz::bench {

struct options {
    std::string mode = "play";   // play | idle | seated | arena
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;
    // Spectators connect here instead (0: --port): on a cluster, another node
    // than their game's, so every move reaches them over Redis.
    std::uint16_t spectator_port = 0;
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
    // Finished games: a player whose turn comes at this ply or later resigns
    // instead of moving (0: never), so games end quickly and rematches follow.
    int resign_at = 0;
    // play: run until this many games have finished (0: for --seconds), and
    // print the server's RSS each time another rss_every have finished.
    int finish_games = 0;
    int rss_every = 2000;
    // seated: each game plays this many plies, then both players sit idle.
    int seated_plies = 2;
    // A player moves only once its previous move is acknowledged (durable), so
    // the run goes at the store's pace instead of piling up work behind it.
    bool await_ack = false;
    // arena: the arena every client joins (tournament.join); its waves pair them.
    std::string tournament;
    int source_addresses = 0;    // 0: the kernel picks (127.0.0.1); N: 127.0.0.2 .. 127.0.0.(N+1)
};

}  // namespace kibitz::bench
