#pragma once
// Server settings from flags and environment variables (flags win). Parsed once
// in main before anything runs.
#include <cstdint>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "domain/wall_clock.hpp"
#include "play/play_config.hpp"

namespace kibitz::server {

struct server_config {
    std::string address = "0.0.0.0";
    std::uint16_t port = 8080;
    std::string web_root;  // empty: found next to the executable or the working directory
    // Database: a SQLite file, or a PostgreSQL URL (postgresql://..., libpq's
    // URI form). parse_config (the real server) defaults it to kibitz.db;
    // empty or ":memory:" runs without a database (guests in memory, nothing
    // stored), which in-process tests use.
    std::string db;
    int db_readers = 2;                 // reader connections (both backends)
    bool db_sync_full = true;           // SQLite: fsync every commit (see store/sqlite_store.hpp)
    std::int64_t db_max_pages = 0;      // SQLite: cap on the database size in 4 KiB pages; 0: none
    int threads = 0;       // 0: one per core
    std::string log_level = "info";
    double rate_per_s = 20;     // per-connection sustained message rate
    double rate_burst = 40;     // and burst
    std::size_t max_frame = 4096;
    std::size_t write_queue = 256;      // frames queued to one slow client before it is dropped
    std::size_t write_queue_bytes = 1 << 20;  // and bytes
    std::size_t outbound_bytes = 256u << 20;  // bytes queued to all clients together
    int send_buffer = 64 << 10;  // SO_SNDBUF per connection; 0: the kernel's autotuning
    std::size_t max_conns_per_address = 64;   // open TCP connections per client address; 0: no cap
    // /metrics only for these client addresses or this bearer token (neither: anyone).
    std::vector<std::string> metrics_from;
    std::string metrics_token;
    ms idle_timeout{120000};
    ms shutdown_grace{3000};            // in-flight work may finish within this on SIGTERM
    int engine_threads = 1;             // the computer's threads (engine pool)
    int analysis_threads = 1;  // threads of one analysis-board search (lazy SMP)
    int engine_nice = 19;               // their niceness (tests on a busy machine use 0)
    std::size_t engine_table_mib = 32;  // transposition table per engine thread
    std::string endgame_dir;  // <game>.egdb tables, read on first use; empty: none
    // Sessions (tokens) not seen for this long are forgotten, looked for this often.
    std::chrono::hours session_ttl{24 * 30};
    ms session_sweep{3600000};
    // Cluster mode (docs/cluster.md): the Redis bus, e.g. redis://127.0.0.1:6379;
    // empty: a single node. A room's lease lasts `lease` unrenewed.
    std::string cluster;
    ms lease{5000};
    std::string node_id;  // empty: made up at start
    play_config play;
    // Arenas (with a database): how often each is looked at (waves, start,
    // end, standings), and how long a player rests after a game before the
    // next wave may pair them.
    ms tournament_tick{1000};
    ms tournament_pair_delay{3000};
    ms tournament_away_grace{60000};
    // The schedule file (schema/tournament_schedule.json); empty: none.
    std::string tournament_schedule;
    // Web Push (docs/push.md): the VAPID contact, the hosts whose plain-http
    // push endpoints are accepted (a test's local endpoint; none in production),
    // extra trusted roots (a test's self-signed endpoint), the per-player limit
    // and the first retry's wait (then doubling, or the service's Retry-After).
    std::string push_subject = "mailto:push@kibitz.invalid";
    std::vector<std::string> push_http_hosts;
    std::string push_ca_file;
    int push_per_minute = 20;
    ms push_first_backoff{1000};
    // The shipped puzzles (schema/puzzles/*.jsonl), loaded into the store at
    // start when missing; empty: ../schema/puzzles beside the web root, if there.
    std::string puzzles_dir;
    int registrations_per_hour = 5;     // account sign-ups per address an hour (tests raise it)
    int token_requests_per_minute = 120;  // requests one personal API token may make a minute
    // The time of day everything stored or shown carries (domain/wall_clock.hpp):
    // the system's; tests pass a manual_clock's. Game clocks run on the steady clock.
    wall_clock clock;
};

struct config_help {};  // --help was asked for
struct config_error {
    std::string message;
};
using config_result = std::variant<server_config, config_help, config_error>;

// `env` looks up an environment variable ("" when unset); tests pass their own.
config_result parse_config(int argc, const char* const* argv,
                           const std::function<std::string(const char*)>& env);
std::string help_text();
// Finds web/ relative to the executable path, then the working directory.
std::string default_web_root(const char* argv0);

}  // namespace kibitz::server
