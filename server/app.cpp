#include "app.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "api/line_feed.hpp"
#include "auth/accounts.hpp"
#include "auth/api_tokens.hpp"
#include "cluster/cluster_node.hpp"
#include "cluster/redis_guests.hpp"
#include "cluster/redis_limits.hpp"
#include "engine/engine_pool.hpp"
#include "net/listener.hpp"
#include "net/page_language.hpp"
#include "play/ids.hpp"
#include "play/live/live_games.hpp"
#include "play/room/room.hpp"
#include "play/session/guest_book.hpp"
#include "play/store_recorder.hpp"
#include "play/stored_player.hpp"
#include "push/push_sender.hpp"
#include "puzzle/puzzle_files.hpp"
#include "puzzle/puzzles.hpp"
#include "readiness.hpp"
#include "store/pg_store.hpp"
#include "store/sqlite_store.hpp"
#include "tournament/arena_service.hpp"
#include "tournament/swiss_service.hpp"
#include "tournament/tournament_router.hpp"

#include <filesystem>
#include <future>

namespace kibitz::server {

namespace net = boost::asio;

app::app(server_config cfg, std::shared_ptr<game_recorder> recorder)
    : cfg_(std::move(cfg)), ioc_(std::max(1, cfg_.threads)), recorder_(std::move(recorder)) {
    cfg_.play.clock = cfg_.clock;  // the one time of day, for play as for the rest
    // The rest keep their defaults: connection ids start at 1 (0 means "none").
    net_limits limits;
    limits.rate_per_s = cfg_.rate_per_s;
    limits.rate_burst = cfg_.rate_burst;
    limits.max_frame = cfg_.max_frame;
    limits.write_queue = cfg_.write_queue;
    limits.idle_timeout = cfg_.idle_timeout;
    limits.write_queue_bytes = cfg_.write_queue_bytes;
    limits.outbound_bytes = cfg_.outbound_bytes;
    limits.send_buffer = cfg_.send_buffer;
    limits.max_conns_per_address = cfg_.max_conns_per_address;
    limits.metrics_addresses = cfg_.metrics_from;
    limits.metrics_token = cfg_.metrics_token;
    ctx_.reset(new net_context{limits, cfg_.web_root, {}, metrics_, {}});
    if (!cfg_.web_root.empty()) {
        std::error_code ec;
        auto page = std::filesystem::weakly_canonical(
            std::filesystem::path(cfg_.web_root) / "index.html", ec);
        if (!ec) ctx_->first_page = page.string();
        ctx_->languages = shipped_languages(cfg_.web_root);
    }
    engine_pool::settings es;
    es.threads = std::max(1, cfg_.engine_threads);
    es.analysis_threads = cfg_.analysis_threads;
    es.table_mib = cfg_.engine_table_mib;
    es.nice = cfg_.engine_nice;
    es.endgame_dir = cfg_.endgame_dir;
    engine_ = std::make_unique<engine_pool>(es);
}

app::~app() {
    // What still runs on threads of its own stops first: Redis links, then
    // the computer's thinking (none may outlive the rooms it answers to).
    if (cluster_) cluster_->stop();
    engine_->stop();
    // A log-in waiting on Redis would hold the accounts' destructor forever.
    if (limits_) limits_->abandon();
    // Accounts first (it waits for its operations, which use the store), then
    // the store: it finishes every queued write, so every move the rooms
    // handed over is committed before the file closes. (The play layer,
    // made after them, is still there for what those writes answer.)
    ctx_->api = {};
    accounts_.reset();
    store_.reset();
    tokens_.reset();  // after the store: a handler it drained may have used it
    ready_.reset();  // after the store: its last probe's answer has come
    // Every move is committed now: the rooms' leases go back, and the other
    // nodes take the rooms over from the database (docs/cluster.md).
    if (cluster_ && ctx_->stopping) cluster_->hand_over();
    // The rest goes in the reverse order it was made: the play layer first,
    // while the io_context its timers and strands belong to still exists.
}

// A postgresql:// URL opens PostgreSQL; anything else is a SQLite file.
std::variant<std::uint16_t, std::string> app::open_store() {
    if (storage::is_postgresql_url(cfg_.db)) {
        storage::pg_options o;
        o.url = cfg_.db;
        o.readers = std::max(1, cfg_.db_readers);
        o.fence_node = node_name_;  // empty unless --cluster
        auto opened = storage::pg_store::open(o);
        if (!opened) return "database " + db_name() + ": " + opened.reason();
        pg_ = opened.value().get();
        tournament_store_ = opened.value().get();
        token_store_ = opened.value().get();
        notification_store_ = opened.value().get();
        puzzle_store_ = opened.value().get();
        relation_store_ = opened.value().get();
        store_ = std::move(opened.value());
    } else {
        auto lock = storage::file_lock::take(cfg_.db + ".lock");
        if (!lock) return "database " + cfg_.db + ": " + lock.reason();
        db_lock_.emplace(std::move(lock).value());
        storage::store_options o;
        o.path = cfg_.db;
        o.readers = std::max(1, cfg_.db_readers);
        o.synchronous_full = cfg_.db_sync_full;
        o.max_pages = cfg_.db_max_pages;
        auto opened = storage::sqlite_store::open(o);
        if (!opened) return "database " + db_name() + ": " + opened.reason();
        tournament_store_ = opened.value().get();
        token_store_ = opened.value().get();
        notification_store_ = opened.value().get();
        puzzle_store_ = opened.value().get();
        relation_store_ = opened.value().get();
        store_ = std::move(opened.value());
        // Its page caches grow with the database up to their bound: the part
        // of the server's memory that is a cache, not a leak (BENCHMARKS.md, Soak).
        metrics_.add_gauge("kibitz_sqlite_memory_bytes",
                           "Memory SQLite holds: page caches (bounded per connection) and statements.",
                           &storage::sqlite_store::memory_in_use);
    }
    auth::accounts_options ao;
    ao.registrations_per_address.max_failures = cfg_.registrations_per_hour;
    ao.clock = cfg_.clock;
    accounts_ = std::make_unique<auth::accounts>(*store_, ao);
    auth::api_tokens_options to;
    to.per_token = {cfg_.token_requests_per_minute, 60 * 1000};
    to.clock = cfg_.clock;
    tokens_ = std::make_unique<auth::api_tokens>(*token_store_, to);
    ctx_->api = {store_.get(), accounts_.get(), cfg_.clock};
    ctx_->api.tokens = tokens_.get();
    ctx_->api.token_store = token_store_;
    ctx_->api.languages = ctx_->languages;
    // Blocks (kept in memory from here on: every check reads block_list_) and reports.
    blocks_ = std::make_unique<relation::blocks>(*relation_store_, *block_list_,
                                                 relation::block_rules{}, cfg_.clock);
    if (!blocks_->load()) return "database " + db_name() + ": the blocks could not be read";
    reports_ =
        std::make_unique<report::reports>(*relation_store_, report::report_rules{}, cfg_.clock);
    ctx_->api.blocks = blocks_.get();
    ctx_->api.reports = reports_.get();
    if (!recorder_) {
        // The store may answer after the cache is gone (it drains at shutdown).
        std::weak_ptr<rating_cache> weak = ratings_;
        recorder_ = std::make_shared<store_recorder>(
            *store_, [weak](std::int64_t row, const std::string& game, storage::rating_value v) {
                if (auto r = weak.lock()) r->set(row, game, v);
            });
    }
    // The computer's stored player rows (start-up only: waiting blocks no one).
    std::promise<core::result<std::vector<storage::player>>> computers;
    store_->computer_players(
        cfg_.clock.now_ms(),
        [&](core::result<std::vector<storage::player>> r) { computers.set_value(std::move(r)); });
    auto rows = computers.get_future().get();
    if (!rows) return "database " + db_name() + ": computer players: " + rows.reason();
    for (const auto& p : rows.value()) computers_.push_back(player_from_stored(p, ""));
    return std::uint16_t{0};
}

namespace {
// Start-up only, before any I/O thread runs: waiting on the store blocks no one.
template <class T, class Ask>
core::result<T> wait_for(Ask ask) {
    std::promise<core::result<T>> done;
    ask([&](core::result<T> r) { done.set_value(std::move(r)); });
    return done.get_future().get();
}
}  // namespace

std::variant<std::uint16_t, std::string> app::start() {
    std::vector<storage::game_record> unfinished;
    std::vector<storage::game_summary> resting;  // correspondence games, loaded when opened
    std::vector<storage::tournament_record> events;
    cluster::options co;
    if (!cfg_.cluster.empty()) {
        if (!storage::is_postgresql_url(cfg_.db))
            return "--cluster needs a shared database: --db postgresql://...";
        if (!cluster::parse_redis_url(cfg_.cluster, co))
            return "--cluster " + cfg_.cluster + ": expected redis://host:port";
        // A new name per start: a restarted node is a new owner (docs/cluster.md),
        // also under a fixed --node-id ("<id>@<incarnation>").
        node_name_ = cfg_.node_id.empty() ? "n-" + random_string(10, base62)
                                          : cfg_.node_id + "@" + random_string(6, base62);
        co.node = node_name_;
        co.node_id = cfg_.node_id;
        co.lease = cfg_.lease;
    }
    if (!cfg_.db.empty() && cfg_.db != ":memory:") {
        auto opened = open_store();
        if (auto* e = std::get_if<std::string>(&opened)) return *e;
        // A single node restores the live games only: the correspondence ones
        // rest until opened (room_directory_resting.cpp). A cluster's nodes
        // adopt every game under its lease.
        using records = std::vector<storage::game_record>;
        auto r = wait_for<records>([&](storage::handler<records> h) {
            if (node_name_.empty()) store_->unfinished_live_games(std::move(h));
            else store_->unfinished_games(std::move(h));
        });
        if (!r) return "database " + db_name() + ": loading unfinished games: " + r.reason();
        unfinished = std::move(r.value());
        if (node_name_.empty()) {
            using summaries = std::vector<storage::game_summary>;
            auto c = wait_for<summaries>([&](storage::handler<summaries> h) {
                store_->correspondence_in_play(std::move(h));
            });
            if (!c) return "database " + db_name() + ": correspondence games: " + c.reason();
            resting = std::move(c.value());
        }
        std::promise<core::result<std::vector<storage::tournament_record>>> open_events;
        tournament_store_->unfinished_tournaments(
            [&](core::result<std::vector<storage::tournament_record>> r) {
                open_events.set_value(std::move(r));
            });
        auto e = open_events.get_future().get();
        if (!e) return "database " + db_name() + ": loading tournaments: " + e.reason();
        events = std::move(e.value());
        tournament::arena_service_config tc;
        tc.tick = cfg_.tournament_tick;
        tc.pair_delay_ms = cfg_.tournament_pair_delay.count();
        tc.away_grace_ms = cfg_.tournament_away_grace.count();
        tc.clock = cfg_.clock;
        if (!cfg_.tournament_schedule.empty()) {
            auto sched = tournament::read_schedule(cfg_.tournament_schedule);
            if (!sched) return "--tournament-schedule: " + sched.reason();
            tc.schedule = std::move(sched.value());
            tc.rules_by_game = tc.schedule.rules;
        }
        tournament::swiss_service_config sc{cfg_.tournament_tick, cfg_.clock, tc.schedule};
        tournaments_ =
            std::make_shared<tournament::arena_service>(ioc_, *tournament_store_, std::move(tc));
        swiss_ =
            std::make_shared<tournament::swiss_service>(ioc_, *tournament_store_, std::move(sc));
        tournament_desk_ = std::make_unique<tournament::tournament_router>(*tournaments_, *swiss_);
        ctx_->api.tournament_store = tournament_store_;
        ctx_->api.tournaments = tournaments_.get();
        ctx_->api.swiss = swiss_.get();
    }
    deadlines_ =
        std::make_shared<correspondence_deadlines>(ioc_, cfg_.clock, cfg_.play.deadline_recheck);
    play_deps deps{store_.get(),
                   accounts_.get(),
                   engine_.get(),
                   recorder_,
                   ratings_,
                   deadlines_,
                   computer_players(computers_)};
    deps.tournaments = tournament_desk_.get();
    notifications_config nc;
    nc.clock = cfg_.clock;
    if (auto e = start_push(nc)) return *e;
    notifications_ = std::make_unique<notifications>(notification_store_, std::move(nc));
    deps.notifications = notifications_.get();
    if (auto e = make_puzzles()) return *e;
    deps.puzzles = puzzles_.get();
    deps.blocks = block_list_;
    if (pg_ && !node_name_.empty()) {
        cluster_ = std::make_shared<cluster::node>(ioc_, co, *pg_);
        limits_ = std::make_shared<cluster::redis_limits>(ioc_, cluster_->bus(), node_name_);
        if (accounts_) accounts_->share_limits(limits_.get());
        if (tokens_) tokens_->share_limits(limits_.get());
        if (push_) push_->share(limits_);  // one push budget per player, not one per node
        guests_ = std::make_unique<cluster::redis_guests>(
            cluster_->bus(),
            std::chrono::duration_cast<std::chrono::milliseconds>(cfg_.session_ttl));
        deps.cluster_rooms = cluster_.get();
        deps.cluster_lobby = cluster_.get();
        deps.cluster_guests = guests_.get();
        deps.cluster_limits = limits_.get();
        // The lobby's leader runs the tournaments (docs/cluster.md, "Tournaments").
        if (tournament_desk_) {
            cluster_->serve_tournaments(*tournament_desk_);
            deps.tournaments = cluster_.get();
        }
    }
    live_ = std::make_shared<live_games>(ioc_, cfg_.play, metrics_, cluster_.get());
    play_ = std::make_shared<hub>(ioc_, cfg_.play, metrics_, *live_, std::move(deps));
    // Before the server listens (metrics::add_gauge).
    metrics_.add_gauge("kibitz_rooms_in_memory", "Rooms held in memory (in play and lingering).",
                       [w = std::weak_ptr<hub>(play_)] {
                           auto h = w.lock();
                           return h ? static_cast<long long>(h->rooms().held()) : 0LL;
                       });
    metrics_.add_gauge("kibitz_correspondence_resting",
                       "Correspondence games in play kept out of memory until opened.",
                       [w = std::weak_ptr<hub>(play_)] {
                           auto h = w.lock();
                           return h ? static_cast<long long>(h->rooms().resting()) : 0LL;
                       });
    add_cluster_gauges();
    add_arena_gauges();
    notifications_->start(play_->peers(), cluster_.get());
    ctx_->play = play_;
    ctx_->api.play = play_;  // the bot and board APIs act in it
    ctx_->api.next_conn = &ctx_->next_conn;
    ctx_->api.streams = std::make_shared<api::stream_caps>();
    if (accounts_)
        // Logging out closes every live connection of that token, not only future ones.
        accounts_->on_session_ended(
            [this, weak = std::weak_ptr<hub>(play_)](const std::string& token) {
                if (guests_) guests_->forget(token);  // a guest not stored: on every node
                if (auto h = weak.lock()) {
                    h->guests().book().forget(token);
                    h->sessions().end(token, "logged out");
                }
            });
    listener_ = std::make_shared<listener>(ioc_, *ctx_);
    auto port = listener_->open(cfg_.address, cfg_.port);
    if (std::holds_alternative<std::string>(port)) return port;
    // Before the rooms come back: a restored tournament game's end finds its
    // arena. In a cluster, before the node, which says whether this one runs
    // them (then it loads them itself).
    const bool cluster = cluster_ != nullptr;
    if (swiss_ && cluster) swiss_->start(*play_, {}, true);
    if (tournaments_ && cluster) tournaments_->start(*play_, {}, true);
    if (cluster_) cluster_->start(*play_);
    live_->start();
    play_->start();
    if (swiss_ && !cluster) swiss_->start(*play_, events);
    if (tournaments_ && !cluster) tournaments_->start(*play_, std::move(events));
    std::function<bool()> reachable;
    if (cluster_) reachable = [c = cluster_.get()] { return c->reachable(); };
    ready_ = std::make_unique<readiness>(ioc_, store_.get(), std::move(reachable));
    ctx_->readiness = [r = ready_.get()] { return r->why_not(); };
    ready_->start();
    if (store_) {
        sweep_ = std::make_unique<net::steady_timer>(ioc_);
        sweep_sessions();
    }
    if (cluster_) {
        // Other nodes may be playing them: the cluster decides who takes each.
        std::vector<std::string> rooms;
        for (const auto& g : unfinished)
            rooms.push_back(g.summary.public_id.empty() ? "r" + std::to_string(g.summary.id)
                                                        : g.summary.public_id);
        cluster_->adopt(rooms);
    } else {
        auto n = play_->rooms().restore_all(unfinished);
        play_->rooms().index_resting(resting);
        if (n || !resting.empty())
            spdlog::info("restored {} unfinished games; {} correspondence games rest until opened",
                         n, resting.size());
    }
    listener_->run();
    return port;
}

std::optional<std::string> app::make_puzzles() {
    auto dir = cfg_.puzzles_dir;
    if (dir.empty() && !cfg_.web_root.empty())
        dir = (std::filesystem::path(cfg_.web_root) / ".." / "schema" / "puzzles")
                  .lexically_normal()
                  .string();
    auto rows = read_puzzle_files(dir);
    if (!rows) return "puzzles " + dir + ": " + rows.reason();
    puzzles_config pc;
    pc.clock = cfg_.clock;
    puzzles_ = std::make_shared<puzzles>(ioc_, puzzle_store_, std::move(pc));
    if (puzzle_store_) {
        // Start-up only: the shipped set added where missing, the stored one read back.
        std::promise<core::result<std::vector<storage::puzzle_row>>> stored;
        puzzle_store_->load_puzzles(std::move(rows.value()),
                                    [&](core::result<std::vector<storage::puzzle_row>> r) {
                                        stored.set_value(std::move(r));
                                    });
        auto r = stored.get_future().get();
        if (!r) return "database " + db_name() + ": loading puzzles: " + r.reason();
        rows = std::move(r);
    }
    puzzles_->load(rows.value());
    if (puzzles_->size()) spdlog::info("puzzles: {} ready", puzzles_->size());
    ctx_->api.puzzles = puzzles_.get();
    ctx_->api.puzzle_store = puzzle_store_;
    return std::nullopt;
}

std::string app::db_name() const { return storage::without_password(cfg_.db); }

void app::sweep_sessions() {
    const auto ttl = std::chrono::duration_cast<std::chrono::milliseconds>(cfg_.session_ttl);
    store_->expire_sessions(cfg_.clock.now_ms() - ttl.count(), [](core::result<int> r) {
        if (!r) spdlog::warn("store: expiring sessions: {}", r.reason());
        else if (r.value() > 0) spdlog::info("expired {} sessions", r.value());
    });
    sweep_->expires_after(cfg_.session_sweep);
    sweep_->async_wait([this](boost::system::error_code ec) {
        if (!ec && !ctx_->stopping) sweep_sessions();
    });
}

void app::run() {
    std::vector<std::thread> extra;
    for (int i = 1; i < cfg_.threads; ++i)
        extra.emplace_back([this] {
            try {
                ioc_.run();
            } catch (const std::exception& e) {
                spdlog::critical("I/O thread: {}", e.what());
            }
        });
    try {
        ioc_.run();
    } catch (const std::exception& e) {
        spdlog::critical("I/O thread: {}", e.what());
    }
    for (auto& t : extra) t.join();
}

void app::stop() {
    net::post(ioc_, [this] {
        if (ctx_->stopping.exchange(true)) return;
        spdlog::info("shutting down: closing {} connections", ctx_->conns.size());
        if (listener_) listener_->stop();
        if (sweep_) sweep_->cancel();  // or the io_context would never run out
        ctx_->conns.close_all();
        ctx_->streams.close_all();
        play_->stop();
        live_->stop();
        if (push_) push_->stop();
        if (tournaments_) tournaments_->stop();
        if (swiss_) swiss_->stop();
        if (ready_) ready_->stop();
        if (cluster_ && store_)
            cluster_->stop([this](std::vector<std::string> rooms) {
                // The leases go back now, not after the clients (one that never
                // answers the close holds the stop for shutdown_grace). First
                // the store commits what the rooms gave it: its writes run in
                // order, so this no-op write's answer comes after theirs.
                store_->expire_sessions(
                    0, [this, rooms](core::result<int>) { cluster_->give_back(rooms); });
            });
        // Whatever has not wound down by then (a peer that never answers the
        // close) is cut off.
        deadline_ = std::make_unique<net::steady_timer>(ioc_, cfg_.shutdown_grace);
        deadline_->async_wait([this](boost::system::error_code ec) {
            if (!ec) ioc_.stop();
        });
        poll_closed();
    });
}

void app::poll_closed() {
    // Done as soon as every WebSocket has closed (idle HTTP keep-alives do not
    // hold the shutdown up).
    if (ctx_->conns.size() == 0) {
        ioc_.stop();
        return;
    }
    poll_ = std::make_unique<net::steady_timer>(ioc_, std::chrono::milliseconds(20));
    poll_->async_wait([this](boost::system::error_code ec) {
        if (!ec) poll_closed();
    });
}

}  // namespace kibitz::server
