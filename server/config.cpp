#include "config.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <thread>
#include <vector>

#include "kibitz/core/engine.hpp"

namespace kibitz::server {

namespace {

// One table drives flags, environment variables and --help, so they never drift.
struct option {
    const char* flag;
    const char* env;
    const char* help;
    std::function<bool(server_config&, const std::string&)> set;
};

template <class T>
bool number(const std::string& s, T& out, T lo, T hi) {
    T v{};
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return false;
    out = v;
    return true;
}

bool millis(const std::string& s, ms& out) {
    long long v = 0;
    if (!number<long long>(s, v, 0, 86400000)) return false;
    out = ms(v);
    return true;
}

const std::vector<option>& options() {
    // One entry a setting, aligned by hand: clang-format would fold each to one line.
    // clang-format off
    static const std::vector<option> table = {
        {"--address", "KIBITZ_ADDRESS", "listen address (default 0.0.0.0)",
         [](server_config& c, const std::string& v) { c.address = v; return !v.empty(); }},
        {"--port", "KIBITZ_PORT", "TCP port, 0 for any (default 8080)",
         [](server_config& c, const std::string& v) { return number<std::uint16_t>(v, c.port, 0, 65535); }},
        {"--web-root", "KIBITZ_WEB_ROOT", "directory served over HTTP (default: the repository's web/)",
         [](server_config& c, const std::string& v) { c.web_root = v; return !v.empty(); }},
        {"--db", "KIBITZ_DB", "SQLite file (default kibitz.db; :memory: stores nothing) or postgresql://user@host/db",
         [](server_config& c, const std::string& v) { c.db = v; return !v.empty(); }},
        {"--db-max-mib", "KIBITZ_DB_MAX_MIB", "cap on the database size in MiB, 0: none (default 0); past it moves are not stored and games pause",
         [](server_config& c, const std::string& v) {
             std::int64_t mib = 0;
             if (!number<std::int64_t>(v, mib, 0, std::int64_t(1) << 30)) return false;
             c.db_max_pages = mib * 256;  // 4 KiB pages
             return true;
         }},
        {"--threads", "KIBITZ_THREADS", "I/O threads (default: one per core)",
         [](server_config& c, const std::string& v) { return number(v, c.threads, 1, 256); }},
        {"--log-level", "KIBITZ_LOG_LEVEL", "trace, debug, info, warn, error, off (default info)",
         [](server_config& c, const std::string& v) { c.log_level = v; return !v.empty(); }},
        {"--registrations-per-hour", "KIBITZ_REGISTRATIONS_PER_HOUR",
         "account sign-ups per address an hour (default 5; the browser tests register more)",
         [](server_config& c, const std::string& v) { return number(v, c.registrations_per_hour, 1, 100000); }},
        {"--token-rate", "KIBITZ_TOKEN_RATE", "requests per minute one API token may make (default 120)",
         [](server_config& c, const std::string& v) { return number(v, c.token_requests_per_minute, 1, 1000000); }},
        {"--rate", "KIBITZ_RATE", "messages per second per connection (default 20)",
         [](server_config& c, const std::string& v) { return number(v, c.rate_per_s, 0.1, 1e6); }},
        {"--burst", "KIBITZ_BURST", "message burst per connection (default 40)",
         [](server_config& c, const std::string& v) { return number(v, c.rate_burst, 1.0, 1e6); }},
        {"--max-frame", "KIBITZ_MAX_FRAME", "largest client frame in bytes (default 4096)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.max_frame, 256, 1 << 20); }},
        {"--write-queue", "KIBITZ_WRITE_QUEUE", "frames queued per client before it is dropped (default 256)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.write_queue, 4, 1 << 20); }},
        {"--write-queue-bytes", "KIBITZ_WRITE_QUEUE_BYTES", "bytes queued per client before it is dropped (default 1048576)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.write_queue_bytes, 4096, std::size_t(1) << 32); }},
        {"--outbound-bytes", "KIBITZ_OUTBOUND_BYTES", "bytes queued to all clients together before slow ones are dropped (default 268435456)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.outbound_bytes, 65536, std::size_t(1) << 40); }},
        {"--send-buffer-bytes", "KIBITZ_SEND_BUFFER_BYTES", "kernel send buffer per connection (SO_SNDBUF; the kernel doubles it), 0: the kernel's autotuning, up to megabytes (default 65536)",
         [](server_config& c, const std::string& v) { return number(v, c.send_buffer, 0, 64 << 20); }},
        {"--max-conns-per-address", "KIBITZ_MAX_CONNS_PER_ADDRESS", "open connections per client address, 0: no cap (default 64)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.max_conns_per_address, 0, 1000000); }},
        {"--metrics-from", "KIBITZ_METRICS_FROM", "/metrics only for these client addresses, comma-separated (default: anyone)",
         [](server_config& c, const std::string& v) {
             c.metrics_from.clear();
             for (std::size_t at = 0; at <= v.size();) {
                 auto comma = std::min(v.find(',', at), v.size());
                 if (comma > at) c.metrics_from.push_back(v.substr(at, comma - at));
                 at = comma + 1;
             }
             return !c.metrics_from.empty();
         }},
        {"--metrics-token", "KIBITZ_METRICS_TOKEN", "/metrics also for 'Authorization: Bearer <token>' (default: none; prefer the variable)",
         [](server_config& c, const std::string& v) { c.metrics_token = v; return v.size() >= 16; }},
        {"--idle-timeout-ms", "KIBITZ_IDLE_TIMEOUT_MS", "close silent connections after (default 120000)",
         [](server_config& c, const std::string& v) { return millis(v, c.idle_timeout); }},
        {"--grace-ms", "KIBITZ_GRACE_MS", "disconnection grace before a claim (default 60000)",
         [](server_config& c, const std::string& v) { return millis(v, c.play.disconnect_grace); }},
        {"--first-move-ms", "KIBITZ_FIRST_MOVE_MS", "first-move limit before abort (default 30000)",
         [](server_config& c, const std::string& v) { return millis(v, c.play.first_move_limit); }},
        {"--room-linger-ms", "KIBITZ_ROOM_LINGER_MS", "a finished room stays joinable this long, then its link opens the replay (default 600000)",
         [](server_config& c, const std::string& v) { return millis(v, c.play.room_linger); }},
        {"--correspondence-idle-ms", "KIBITZ_CORRESPONDENCE_IDLE_MS", "a correspondence game nobody looks at leaves memory after this, until opened or due (default 300000)",
         [](server_config& c, const std::string& v) { return millis(v, c.play.correspondence_idle); }},
        {"--live-boards", "KIBITZ_LIVE_BOARDS", "per game, the newest public games the lobby lists with their boards; the rest are counted (default 24)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.play.live_boards, 1, 1000); }},
        {"--finished-rooms", "KIBITZ_FINISHED_ROOMS", "at most this many finished rooms linger; the oldest goes first (default 2000)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.play.finished_rooms, 0, 10000000); }},
        {"--count-batch-ms", "KIBITZ_COUNT_BATCH_MS", "batching of counts (default 1000)",
         [](server_config& c, const std::string& v) { return millis(v, c.play.count_batch); }},
        {"--pairing-widen-ms", "KIBITZ_PAIRING_WIDEN_MS", "quick pairing widens its rating gap this often (default 5000)",
         [](server_config& c, const std::string& v) { return millis(v, c.play.pairing_widen_every); }},
        {"--session-ttl-days", "KIBITZ_SESSION_TTL_DAYS", "forget sessions unseen this long (default 30)",
         [](server_config& c, const std::string& v) {
             long long days = 0;
             if (!number<long long>(v, days, 1, 3650)) return false;
             c.session_ttl = std::chrono::hours(24 * days);
             return true;
         }},
        {"--session-sweep-ms", "KIBITZ_SESSION_SWEEP_MS", "how often expired sessions are removed (default 3600000)",
         [](server_config& c, const std::string& v) { return millis(v, c.session_sweep) && c.session_sweep.count() > 0; }},
        {"--guests-per-address", "KIBITZ_GUESTS_PER_ADDRESS", "new guest identities per client address an hour, 0: no cap (default 50)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.play.guests_per_address, 0, 1000000); }},
        {"--max-seeks", "KIBITZ_MAX_SEEKS", "open seeks and invites per player (default 3)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.play.max_seeks, 1, 1000); }},
        {"--max-games", "KIBITZ_MAX_GAMES", "unfinished games per player (default 5)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.play.max_games, 1, 1000); }},
        {"--max-correspondence-games", "KIBITZ_MAX_CORRESPONDENCE_GAMES",
         "unfinished correspondence games per player (default 50)",
         [](server_config& c, const std::string& v) {
             return number<std::size_t>(v, c.play.max_correspondence_games, 1, 1000);
         }},
        {"--tournament-tick-ms", "KIBITZ_TOURNAMENT_TICK_MS", "arenas pair, start, end and send standings this often (default 1000)",
         [](server_config& c, const std::string& v) { return millis(v, c.tournament_tick) && c.tournament_tick.count() > 0; }},
        {"--tournament-pair-delay-ms", "KIBITZ_TOURNAMENT_PAIR_DELAY_MS", "an arena player's rest after a game before the next pairing (default 3000)",
         [](server_config& c, const std::string& v) { return millis(v, c.tournament_pair_delay); }},
        {"--tournament-away-ms", "KIBITZ_TOURNAMENT_AWAY_MS", "an arena entrant with no connection this long is paused (default 60000)",
         [](server_config& c, const std::string& v) { return millis(v, c.tournament_away_grace) && c.tournament_away_grace.count() > 0; }},
        {"--tournament-schedule", "KIBITZ_TOURNAMENT_SCHEDULE", "the server's own arenas and each game's arena rules (JSON, e.g. schema/tournament_schedule.json)",
         [](server_config& c, const std::string& v) { c.tournament_schedule = v; return !v.empty(); }},
        {"--push-subject", "KIBITZ_PUSH_SUBJECT", "Web Push: the contact push services see (mailto: or https: URL)",
         [](server_config& c, const std::string& v) {
             c.push_subject = v;
             return v.rfind("mailto:", 0) == 0 || v.rfind("https://", 0) == 0;
         }},
        {"--push-http-host", "KIBITZ_PUSH_HTTP_HOST", "Web Push: accept plain-http endpoints on these hosts, comma-separated (tests only)",
         [](server_config& c, const std::string& v) {
             c.push_http_hosts.clear();
             for (std::size_t at = 0; at <= v.size();) {
                 auto comma = std::min(v.find(',', at), v.size());
                 if (comma > at) c.push_http_hosts.push_back(v.substr(at, comma - at));
                 at = comma + 1;
             }
             return !c.push_http_hosts.empty();
         }},
        {"--push-ca-file", "KIBITZ_PUSH_CA_FILE", "Web Push: also trust these root certificates (PEM; tests)",
         [](server_config& c, const std::string& v) { c.push_ca_file = v; return !v.empty(); }},
        {"--push-per-minute", "KIBITZ_PUSH_PER_MINUTE", "Web Push: notifications pushed per player a minute, the rest dropped (default 20)",
         [](server_config& c, const std::string& v) { return number(v, c.push_per_minute, 1, 100000); }},
        {"--push-backoff-ms", "KIBITZ_PUSH_BACKOFF_MS", "Web Push: the first retry's wait, then doubling (default 1000)",
         [](server_config& c, const std::string& v) { return millis(v, c.push_first_backoff) && c.push_first_backoff.count() > 0; }},
        {"--puzzles", "KIBITZ_PUZZLES", "the puzzles' folder (schema/puzzles: one <game>.jsonl each; default: beside the web root)",
         [](server_config& c, const std::string& v) { c.puzzles_dir = v; return !v.empty(); }},
        {"--engine-threads", "KIBITZ_ENGINE_THREADS", "threads thinking for the computer (default 1)",
         [](server_config& c, const std::string& v) { return number(v, c.engine_threads, 1, 256); }},
        {"--analysis-threads", "KIBITZ_ANALYSIS_THREADS", "threads one analysis-board search uses, sharing its table (default 1; docs/engine.md)",
         [](server_config& c, const std::string& v) { return number(v, c.analysis_threads, 1, core::engine::max_threads); }},
        {"--cluster", "KIBITZ_CLUSTER", "redis://host:port: run as one node of a cluster (needs --db postgresql://...; docs/cluster.md)",
         [](server_config& c, const std::string& v) {
             c.cluster = v;
             return v.rfind("redis://", 0) == 0 && v.size() > 8;
         }},
        {"--lease-ms", "KIBITZ_LEASE_MS", "cluster: how long a room's lease lasts unrenewed, i.e. the failover time (default 5000)",
         [](server_config& c, const std::string& v) {
             return millis(v, c.lease) && c.lease.count() >= 300;
         }},
        {"--node-id", "KIBITZ_NODE_ID", "cluster: this node's name (default: a random one per start)",
         [](server_config& c, const std::string& v) { c.node_id = v; return !v.empty() && v.size() <= 64; }},
        {"--engine-nice", "KIBITZ_ENGINE_NICE", "the engine threads' niceness, 0..19 (default 19: the I/O threads come first)",
         [](server_config& c, const std::string& v) { return number(v, c.engine_nice, 0, 19); }},
        {"--engine-hash-mib", "KIBITZ_ENGINE_HASH_MIB", "transposition table per engine thread, MiB (default 32)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.engine_table_mib, 1, 4096); }},
        {"--endgame-dir", "KIBITZ_ENDGAME_DIR", "the endgame tables (<game>.egdb from kibitz-cli endgame) for level 8 and analysis (default: none)",
         [](server_config& c, const std::string& v) { c.endgame_dir = v; return !v.empty(); }},
        {"--max-computer-games", "KIBITZ_MAX_COMPUTER_GAMES", "games against the computer in all (default 200)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.play.max_computer_games, 0, 100000); }},
        {"--max-computer-games-per-player", "KIBITZ_MAX_COMPUTER_GAMES_PER_PLAYER", "games against the computer per player (default 2)",
         [](server_config& c, const std::string& v) { return number<std::size_t>(v, c.play.max_computer_games_per_player, 0, 1000); }},
        {"--computer-max-think-ms", "KIBITZ_COMPUTER_MAX_THINK_MS", "caps the computer's think time per move, 0: none (default 0)",
         [](server_config& c, const std::string& v) { return millis(v, c.play.computer_max_think); }},
    };
    // clang-format on
    return table;
}

}  // namespace

std::string help_text() {
    std::string out = "kibitz-server: the Kibitz game server (HTTP + WebSocket /ws)\n\n"
                      "usage: kibitz-server [--flag value]...\n\n";
    for (const auto& o : options()) {
        std::string left = std::string(o.flag) + " / " + o.env;
        left.resize(std::max<std::size_t>(left.size() + 2, 46), ' ');
        out += "  " + left + o.help + "\n";
    }
    out += "  --help                                        this text\n";
    return out;
}

config_result parse_config(int argc, const char* const* argv,
                           const std::function<std::string(const char*)>& env) {
    server_config c;
    c.db = "kibitz.db";
    c.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (const auto& o : options()) {
        std::string v = env(o.env);
        if (!v.empty() && !o.set(c, v))
            return config_error{std::string("bad value for ") + o.env + ": '" + v + "'"};
    }
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") return config_help{};
        std::string value;
        bool has_value = false;
        if (auto eq = a.find('='); eq != std::string::npos) {
            value = a.substr(eq + 1);
            a = a.substr(0, eq);
            has_value = true;
        }
        const option* found = nullptr;
        for (const auto& o : options())
            if (a == o.flag) found = &o;
        if (!found) return config_error{"unknown flag '" + a + "' (see --help)"};
        if (!has_value) {
            if (i + 1 >= argc) return config_error{"flag " + a + " needs a value"};
            value = argv[++i];
        }
        if (!found->set(c, value)) return config_error{"bad value for " + a + ": '" + value + "'"};
    }
    return c;
}

std::string default_web_root(const char* argv0) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<fs::path> tries;
    fs::path exe = fs::canonical("/proc/self/exe", ec);
    if (ec && argv0) exe = fs::absolute(argv0, ec);
    // build/bin/kibitz-server -> ../../web; an installed layout -> ../share/kibitz/web.
    if (!exe.empty()) {
        tries.push_back(exe.parent_path().parent_path().parent_path() / "web");
        tries.push_back(exe.parent_path().parent_path() / "web");
        tries.push_back(exe.parent_path().parent_path() / "share" / "kibitz" / "web");
    }
    tries.push_back(fs::current_path(ec) / "web");
    for (const auto& p : tries)
        if (fs::is_directory(p, ec)) return p.lexically_normal().string();
    return (fs::current_path(ec) / "web").string();
}

}  // namespace kibitz::server
