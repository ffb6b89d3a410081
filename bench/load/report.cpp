#include "report.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace kibitz::bench {

namespace {

double ms(std::uint64_t us) { return static_cast<double>(us) / 1000.0; }

void latency_line(const char* name, const histogram& h) {
    std::printf("  %-22s n=%-9llu p50 %7.2f ms  p90 %7.2f ms  p99 %7.2f ms  max %8.2f ms\n", name,
                static_cast<unsigned long long>(h.count()), ms(h.quantile(0.50)), ms(h.quantile(0.90)),
                ms(h.quantile(0.99)), ms(h.max()));
}

std::string latency_kv(const char* name, const histogram& h) {
    char buf[256];
    std::snprintf(buf, sizeof buf, " %s_p50_ms=%.3f %s_p90_ms=%.3f %s_p99_ms=%.3f %s_max_ms=%.3f", name,
                  ms(h.quantile(0.50)), name, ms(h.quantile(0.90)), name, ms(h.quantile(0.99)), name,
                  ms(h.max()));
    return buf;
}

// Games against the computer load the server's engine threads; their moves are
// kept out of moves/s and the latencies, which measure the human players only.
void print_computer_games(const options& o, const run_stats& st, double secs) {
    std::printf("  + %d games against the computer (level %d), apart from the figures above: %llu moves"
                " (%llu ours, %llu the computer's) = %.1f/s; %llu games completed, %llu started\n",
                o.computer_games, o.computer_level,
                static_cast<unsigned long long>(st.computer_moves_ours + st.computer_moves_theirs),
                static_cast<unsigned long long>(st.computer_moves_ours),
                static_cast<unsigned long long>(st.computer_moves_theirs),
                static_cast<double>(st.computer_moves_ours + st.computer_moves_theirs) / secs,
                static_cast<unsigned long long>(st.computer_games_completed),
                static_cast<unsigned long long>(st.computer_games_started));
}

}  // namespace

void report::print() const {
    const auto& o = *opt;
    std::printf("kibitz-load %s: %zu/%zu connections welcomed in %.2f s\n", o.mode.c_str(), welcomed,
                connections, connect_s);
    std::string kv = "RESULT mode=" + o.mode + " connections=" + std::to_string(connections) +
                     " welcomed=" + std::to_string(welcomed);
    if (o.mode == "seated") {
        // After the hold: freed memory the allocator has not returned yet
        // (jemalloc gives dirty pages back after ~10 s) is not held per connection.
        long delta = server_end.rss_kib - server_before.rss_kib;
        double per = welcomed ? static_cast<double>(delta) / static_cast<double>(welcomed) : 0;
        std::printf("  %ld of %d games seated after %d plies; server RSS before %ld KiB, with %zu seated"
                    " connections %ld KiB (after %.0f s: %ld KiB)\n",
                    seated, o.clients / 2, o.seated_plies, server_before.rss_kib, welcomed,
                    server_start.rss_kib, o.seconds, server_end.rss_kib);
        std::printf("  RSS per seated connection (its half of the room included; RSS after the hold): %.2f KiB; server CPU"
                    " while idle %.2f s\n", per, server_end.cpu_s - server_start.cpu_s);
        char buf[256];
        std::snprintf(buf, sizeof buf, " seated=%ld rss_before_kib=%ld rss_seated_kib=%ld rss_after_hold_kib=%ld kib_per_conn=%.2f",
                      seated, server_before.rss_kib, server_start.rss_kib, server_end.rss_kib, per);
        kv += buf;
    } else if (o.mode == "idle") {
        long delta = server_start.rss_kib - server_before.rss_kib;
        double per = welcomed ? static_cast<double>(delta) / static_cast<double>(welcomed) : 0;
        std::printf("  server RSS before %ld KiB, with %zu idle connections %ld KiB (after %.0f s: %ld KiB)\n",
                    server_before.rss_kib, welcomed, server_start.rss_kib, o.seconds, server_end.rss_kib);
        std::printf("  RSS per idle connection: %.2f KiB; server peak RSS (VmHWM) %ld KiB; server CPU while idle %.2f s\n",
                    per, server_end.hwm_kib, server_end.cpu_s - server_start.cpu_s);
        char buf[256];
        std::snprintf(buf, sizeof buf, " rss_before_kib=%ld rss_after_kib=%ld kib_per_conn=%.2f hwm_kib=%ld",
                      server_before.rss_kib, server_start.rss_kib, per, server_end.hwm_kib);
        kv += buf;
    } else {
        double secs = measured_s > 0 ? measured_s : 1;
        double mps = static_cast<double>(stats.moves_acked) / secs;
        double server_cpu = server_end.cpu_s - server_start.cpu_s;
        double self_cpu = self_cpu_end - self_cpu_start;
        std::printf("  %d players (%d games), %d spectators/game, %s %d+%d, %d generator thread(s)\n",
                    o.clients, o.clients / 2, o.spectators, o.game.c_str(), o.initial_s, o.increment_s,
                    o.threads);
        std::printf("  measured %.2f s: %llu moves acked = %.0f moves/s; %llu games completed, %llu started\n",
                    secs, static_cast<unsigned long long>(stats.moves_acked), mps,
                    static_cast<unsigned long long>(stats.games_completed),
                    static_cast<unsigned long long>(stats.games_started));
        if (o.computer_games > 0) print_computer_games(o, stats, secs);
        latency_line("move -> ack", stats.ack);
        latency_line("move -> opponent", stats.opponent);
        if (o.spectators > 0) latency_line("move -> spectator", stats.spectator);
        std::printf("  server CPU %.2f s (%.0f%% of one core), peak RSS (VmHWM) %ld KiB, RSS now %ld KiB, %ld threads\n",
                    server_cpu, 100 * server_cpu / secs, server_end.hwm_kib, server_end.rss_kib,
                    server_end.threads);
        std::printf("  generator CPU %.2f s (%.0f%% of one core); frames in %llu (%.1f MB), out %llu\n", self_cpu,
                    100 * self_cpu / secs, static_cast<unsigned long long>(stats.frames_in),
                    static_cast<double>(stats.bytes_in) / 1e6, static_cast<unsigned long long>(stats.frames_out));
        char buf[512];
        std::snprintf(buf, sizeof buf,
                      " clients=%d spectators=%d seconds=%.2f moves_acked=%llu moves_per_s=%.0f games_completed=%llu"
                      " server_cpu_s=%.2f server_cpu_pct=%.0f hwm_kib=%ld gen_cpu_pct=%.0f",
                      o.clients, o.spectators, secs, static_cast<unsigned long long>(stats.moves_acked), mps,
                      static_cast<unsigned long long>(stats.games_completed), server_cpu, 100 * server_cpu / secs,
                      server_end.hwm_kib, 100 * self_cpu / secs);
        kv += buf;
        std::snprintf(buf, sizeof buf,
                      " computer_games=%d computer_games_started=%llu computer_games_completed=%llu"
                      " computer_moves_ours=%llu computer_moves_theirs=%llu",
                      o.computer_games, static_cast<unsigned long long>(stats.computer_games_started),
                      static_cast<unsigned long long>(stats.computer_games_completed),
                      static_cast<unsigned long long>(stats.computer_moves_ours),
                      static_cast<unsigned long long>(stats.computer_moves_theirs));
        kv += buf;
        if (o.mode == "arena") {
            const double games = std::max<double>(1, static_cast<double>(stats.games_completed));
            std::printf(
                "  arena: server CPU per finished game %.2f ms; standings frames %llu (%.1f MB,"
                " %.1f KB each, %.0f KB per finished game)\n",
                1e3 * server_cpu / games, static_cast<unsigned long long>(stats.standings_frames),
                static_cast<double>(stats.standings_bytes) / 1e6,
                stats.standings_frames ? static_cast<double>(stats.standings_bytes) / 1e3 /
                                             static_cast<double>(stats.standings_frames)
                                       : 0.0,
                static_cast<double>(stats.standings_bytes) / 1e3 / games);
            std::snprintf(
                buf, sizeof buf, " standings_frames=%llu standings_bytes=%llu cpu_ms_per_game=%.3f",
                static_cast<unsigned long long>(stats.standings_frames),
                static_cast<unsigned long long>(stats.standings_bytes), 1e3 * server_cpu / games);
            kv += buf;
        }
        for (auto& [games, rss] : rss_marks)
            kv += " rss_kib_at_" + std::to_string(games) + "=" + std::to_string(rss);
        kv += latency_kv("ack", stats.ack);
        kv += latency_kv("opp", stats.opponent);
    }
    std::uint64_t errs = 0;
    std::string list;
    for (auto& [code, n] : stats.errors) errs += n, list += " " + code + "=" + std::to_string(n);
    std::printf("  errors: %llu%s\n", static_cast<unsigned long long>(errs), list.c_str());
    if (stats.connect_failures || stats.closed_early) {
        std::printf("  connect failures %llu, closed by the server early %llu\n",
                    static_cast<unsigned long long>(stats.connect_failures),
                    static_cast<unsigned long long>(stats.closed_early));
        for (auto& [why, n] : stats.close_reasons) std::printf("    %s: %llu\n", why.c_str(), static_cast<unsigned long long>(n));
    }
    kv += " errors=" + std::to_string(errs) + " connect_failures=" + std::to_string(stats.connect_failures) +
          " closed_early=" + std::to_string(stats.closed_early);
    std::printf("%s\n", kv.c_str());
}

}  // namespace kibitz::bench
