// kibitz-load: a WebSocket load generator for kibitz-server (loopback only).
//   play: N players paired into N/2 games by seek + accept, random legal moves
//         as soon as it is their turn, rematch when a game ends; S spectators
//         per game. Reports moves/s, latencies, errors, server CPU and RSS.
//         --computer-games C adds C connections that each play the computer
//         (load on the server's engine threads); their moves are counted apart.
//   idle: M connections that say hello and then stay idle; server RSS each.
//   arena: N players join one arena (--tournament ID), play each game the
//         arena pairs them into with random legal moves (resigning at
//         --resign-at), and wait for the next wave; standings frames counted.
#include <boost/asio/post.hpp>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "load_client.hpp"
#include "proc_stats.hpp"
#include "report.hpp"
#include "shard.hpp"

namespace kb = kibitz::bench;
using namespace std::chrono_literals;

namespace {

const char* usage =
    "usage: kibitz-load [--mode play|idle] [--port P] [--clients N] [--spectators S]\n"
    "                   [--spectator-port P (spectators connect there; a cluster's other node)]\n"
    "                   [--computer-games C] [--idle M] [--seconds T] [--warmup W]\n"
    "                   [--threads K] [--game G] [--tc INITIAL_S+INC_S] [--server-pid PID]\n"
    "                   [--connect-parallel C] [--seed X] [--resign-at PLY]\n"
    "                   [--finish-games G] [--rss-every K] [--seated-plies P]\n"
    "                   [--await-ack 0|1] [--source-addresses N] [--tournament ID]\n"
    "Connects to 127.0.0.1 only. Defaults: play, port 8080, 200 clients, 0 spectators,\n"
    "0 games against the computer (level 8, untimed), 20 s measured\n"
    "after 2 s warm-up, 1 thread, checkers, 3600+0 clocks.\n"
    "--finish-games G: play until G games have finished (no time limit), printing the\n"
    "server's RSS every K (--rss-every, 2000) finished games; with --resign-at PLY the\n"
    "player to move at that ply resigns. --mode seated: N players in N/2 games that\n"
    "play P plies (--seated-plies, 2) then sit idle; server RSS per seated connection.\n"
    "--mode arena --tournament ID: N players join that arena and play what it pairs.\n";

template <class T>
bool num(const char* s, T& out) {
    auto [p, ec] = std::from_chars(s, s + std::strlen(s), out);
    return ec == std::errc() && *p == 0;
}

bool parse(int argc, char** argv, kb::options& o) {
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") return false;
        if (i + 1 >= argc) return false;
        const char* v = argv[++i];
        bool ok = true;
        if (a == "--mode")
            o.mode = v,
            ok = o.mode == "play" || o.mode == "idle" || o.mode == "seated" || o.mode == "arena";
        else if (a == "--host") o.host = v;
        else if (a == "--port") ok = num(v, o.port);
        else if (a == "--clients") ok = num(v, o.clients);
        else if (a == "--spectator-port") ok = num(v, o.spectator_port);
        else if (a == "--spectators") ok = num(v, o.spectators);
        else if (a == "--computer-games") ok = num(v, o.computer_games) && o.computer_games >= 0;
        else if (a == "--idle") ok = num(v, o.idle);
        else if (a == "--seconds") o.seconds = std::atof(v), ok = o.seconds > 0;
        else if (a == "--warmup") o.warmup = std::atof(v), ok = o.warmup >= 0;
        else if (a == "--threads") ok = num(v, o.threads) && o.threads >= 1;
        else if (a == "--connect-parallel") ok = num(v, o.connect_parallel) && o.connect_parallel >= 1;
        else if (a == "--game") o.game = v;
        else if (a == "--server-pid") ok = num(v, o.server_pid);
        else if (a == "--seed") ok = num(v, o.seed);
        else if (a == "--resign-at") ok = num(v, o.resign_at) && o.resign_at >= 0;
        else if (a == "--finish-games") ok = num(v, o.finish_games) && o.finish_games >= 0;
        else if (a == "--rss-every") ok = num(v, o.rss_every) && o.rss_every >= 1;
        else if (a == "--await-ack") o.await_ack = std::string(v) == "1", ok = o.await_ack || std::string(v) == "0";
        else if (a == "--source-addresses") ok = num(v, o.source_addresses) && o.source_addresses >= 0 && o.source_addresses <= 250;
        else if (a == "--seated-plies") ok = num(v, o.seated_plies) && o.seated_plies >= 0;
        else if (a == "--tournament") o.tournament = v;
        else if (a == "--tc") ok = std::sscanf(v, "%d+%d", &o.initial_s, &o.increment_s) == 2;
        else ok = false;
        if (!ok) {
            std::fprintf(stderr, "kibitz-load: bad flag or value: %s %s\n", a.c_str(), v);
            return false;
        }
    }
    if (o.host != "127.0.0.1" && o.host != "localhost") {
        std::fprintf(stderr, "kibitz-load: loopback only (127.0.0.1)\n");
        return false;
    }
    if (o.mode == "arena" && o.tournament.empty()) {
        std::fprintf(stderr, "kibitz-load: --mode arena needs --tournament ID\n");
        return false;
    }
    o.clients -= o.clients % 2;
    return true;
}

// Puts pairs (play) or idle connections on the shards round-robin.
void populate(const kb::options& o, std::vector<std::unique_ptr<kb::shard>>& shards) {
    using role = kb::load_client::role;
    if (o.mode == "idle") {
        for (int i = 0; i < o.idle; ++i) {
            auto& s = *shards[i % shards.size()];
            s.clients.push_back(std::make_unique<kb::load_client>(s, role::idle, nullptr, 0));
        }
        return;
    }
    if (o.mode == "arena") {  // no pairs: the arena pairs them
        for (int i = 0; i < o.clients; ++i) {
            auto& s = *shards[i % shards.size()];
            s.clients.push_back(std::make_unique<kb::load_client>(s, role::player, nullptr, 0));
            s.arena_players.push_back(s.clients.back().get());
        }
        return;
    }
    for (int g = 0; g < o.clients / 2; ++g) {
        auto& s = *shards[g % shards.size()];
        auto pair = std::make_unique<kb::game_pair>();
        for (int seat = 0; seat < 2; ++seat) {
            s.clients.push_back(std::make_unique<kb::load_client>(s, role::player, pair.get(), seat));
            pair->players[seat] = s.clients.back().get();
        }
        for (int k = 0; k < o.spectators; ++k) {
            s.clients.push_back(std::make_unique<kb::load_client>(s, role::spectator, pair.get(), -1));
            pair->spectators.push_back(s.clients.back().get());
        }
        s.pairs.push_back(std::move(pair));
    }
    // A game against the computer has one connection and no pair: nobody of
    // ours receives the moves it sends, so there is nothing to time on its side.
    for (int g = 0; g < o.computer_games; ++g) {
        auto& s = *shards[g % shards.size()];
        s.clients.push_back(std::make_unique<kb::load_client>(s, role::computer_player, nullptr, 0));
        s.computer_players.push_back(s.clients.back().get());
    }
}

void sleep_for(double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); }

}  // namespace

int main(int argc, char** argv) {
    kb::options o;
    if (!parse(argc, argv, o)) {
        std::fputs(usage, stderr);
        return 2;
    }
    auto ep = boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), o.port);
    kb::report rep;
    rep.opt = &o;
    rep.server_before = kb::sample_process(o.server_pid);

    std::vector<std::unique_ptr<kb::shard>> shards;
    for (int i = 0; i < o.threads; ++i) {
        shards.push_back(std::make_unique<kb::shard>(o, i));
        shards.back()->endpoint = ep;
    }
    populate(o, shards);
    std::size_t total = 0;
    for (auto& s : shards) total += s->clients.size();
    rep.connections = total;

    auto t_connect = kb::clock_type::now();
    std::vector<std::thread> threads;
    for (auto& s : shards) {
        boost::asio::post(s->ioc, [sp = s.get()] { sp->start(); });
        threads.emplace_back([sp = s.get()] { sp->ioc.run(); });
    }
    // Wait until every connection has been welcomed or has failed (at most 120 s).
    for (;;) {
        std::size_t done = 0, ok = 0;
        for (auto& s : shards) ok += s->welcomed, done += s->welcomed + s->failed;
        rep.welcomed = ok;
        if (done >= total || kb::clock_type::now() - t_connect > 120s) break;
        std::this_thread::sleep_for(10ms);
    }
    rep.connect_s = std::chrono::duration<double>(kb::clock_type::now() - t_connect).count();

    if (o.mode == "idle") {
        sleep_for(1.0);  // let the server finish what the handshakes started
        rep.server_start = kb::sample_process(o.server_pid);
        sleep_for(o.seconds);
        rep.server_end = kb::sample_process(o.server_pid);
    } else if (o.mode == "seated") {
        // Every game plays its first plies, then both players sit idle.
        for (auto& s : shards) boost::asio::post(s->ioc, [sp = s.get()] { sp->start_games(); });
        auto t0 = kb::clock_type::now();
        while (kb::g_games_seated.load() < o.clients / 2 && kb::clock_type::now() - t0 < 120s)
            std::this_thread::sleep_for(10ms);
        rep.seated = kb::g_games_seated.load();
        sleep_for(1.0);  // the last acks and events
        rep.server_start = kb::sample_process(o.server_pid);
        sleep_for(o.seconds);
        rep.server_end = kb::sample_process(o.server_pid);
    } else if (o.finish_games > 0) {
        // Until that many games have finished, whatever the time: the server's
        // RSS at every rss_every finished games (memory held for finished games).
        for (auto& s : shards) boost::asio::post(s->ioc, [sp = s.get()] { sp->start_games(); });
        rep.server_start = kb::sample_process(o.server_pid);
        rep.self_cpu_start = kb::self_cpu_seconds();
        auto t0 = kb::clock_type::now();
        kb::g_phase = 1;
        long next = o.rss_every;
        while (next <= o.finish_games) {
            std::this_thread::sleep_for(5ms);
            long done = kb::g_games_finished.load();
            if (done < next) {
                if (kb::clock_type::now() - t0 > 3600s) break;
                continue;
            }
            auto p = kb::sample_process(o.server_pid);
            double t = std::chrono::duration<double>(kb::clock_type::now() - t0).count();
            std::printf("finished %ld games (%.1f s): server RSS %ld KiB, peak %ld KiB, CPU %.2f s;"
                        " moves awaiting their ack %ld\n", done, t, p.rss_kib, p.hwm_kib,
                        p.cpu_s - rep.server_start.cpu_s, kb::g_moves_sent.load() - kb::g_moves_acked.load());
            std::fflush(stdout);
            rep.rss_marks.push_back({done, p.rss_kib});
            next += o.rss_every;
        }
        kb::g_phase = 2;
        rep.measured_s = std::chrono::duration<double>(kb::clock_type::now() - t0).count();
        rep.server_end = kb::sample_process(o.server_pid);
        rep.self_cpu_end = kb::self_cpu_seconds();
    } else {
        for (auto& s : shards) boost::asio::post(s->ioc, [sp = s.get()] { sp->start_games(); });
        sleep_for(o.warmup);
        rep.server_start = kb::sample_process(o.server_pid);
        rep.self_cpu_start = kb::self_cpu_seconds();
        auto t0 = kb::clock_type::now();
        kb::g_phase = 1;
        sleep_for(o.seconds);
        kb::g_phase = 2;
        rep.measured_s = std::chrono::duration<double>(kb::clock_type::now() - t0).count();
        rep.server_end = kb::sample_process(o.server_pid);
        rep.self_cpu_end = kb::self_cpu_seconds();
    }
    kb::g_phase = 2;
    for (auto& s : shards) boost::asio::post(s->ioc, [sp = s.get()] { sp->shutdown_all(); });
    for (auto& t : threads) t.join();
    for (auto& s : shards) rep.stats.merge(s->stats);
    rep.print();
    return rep.welcomed == total ? 0 : 1;
}
