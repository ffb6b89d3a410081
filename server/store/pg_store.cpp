// pg_store: opening, migrations, game keys, and every write (on the writer thread).
#include <spdlog/spdlog.h>

#include <chrono>

#include "domain/wall_clock.hpp"
#include "store/db_worker_impl.hpp"
#include "store/pg_store_impl.hpp"

namespace kibitz::server::storage {

template class basic_db_worker<pg_db>;

namespace {
constexpr game_key keys_per_block = 4096;
// Any constant: the advisory lock that serialises migrations between processes.
constexpr std::int64_t migration_lock = 0x6b6962697a;  // "kibiz"

// As apply_migrations for SQLite: each pending migration in its own
// transaction with its schema_version row; a newer schema is refused. Several
// processes starting at once take turns (the advisory lock), and each sees
// what the one before applied.
core::result<int> apply_pg_migrations(pg_db& db, std::span<const migration> list) {
    try {
        db.exec("CREATE TABLE IF NOT EXISTS schema_version ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ms BIGINT NOT NULL)");
        int known = list.empty() ? 0 : list.back().version;
        int current = 0;
        int expected = 1;
        for (const auto& m : list)
            if (m.version != expected++)
                return core::error{std::string("migration numbering is broken at ") + m.name};
        for (std::size_t i = 0;; ++i) {
            db.exec("BEGIN");
            db.query("SELECT pg_advisory_xact_lock($1)", migration_lock);
            auto v = db.query("SELECT COALESCE(MAX(version), 0) FROM schema_version");
            current = static_cast<int>(v.i64(0, 0));
            if (current > known) {
                db.exec("ROLLBACK");
                return core::error{"the database schema is version " + std::to_string(current) +
                                   " but this server only knows up to version " +
                                   std::to_string(known) +
                                   "; it was written by a newer Kibitz. Run that newer server "
                                   "(or restore a backup); refusing to open it"};
            }
            if (current == known) {
                db.exec("COMMIT");
                return current;
            }
            const auto& m = list[current];  // versions are 1..known, in order
            try {
                db.exec(m.sql);
                db.query("INSERT INTO schema_version(version, name, applied_ms) VALUES ($1,$2,$3)",
                         m.version, m.name, wall_clock::system_now_ms());
                db.exec("COMMIT");
            } catch (const db_error& e) {
                db.exec("ROLLBACK");
                return core::error{std::string("migration ") + m.name + " failed: " + e.what()};
            }
            spdlog::info("store: applied migration {}", m.name);
        }
    } catch (const db_error& e) {
        return core::error{std::string("cannot read the schema version: ") + e.what()};
    }
}
}  // namespace

bool is_postgresql_url(const std::string& db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::string without_password(const std::string& db) {
    if (!is_postgresql_url(db)) return db;
    std::string out = db;
    // ...?password=secret&...
    for (auto p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
        if (p == 0 || (out[p - 1] != '?' && out[p - 1] != '&')) continue;
        auto end = out.find('&', p);
        out.replace(p + 9, end == std::string::npos ? std::string::npos : end - p - 9, "***");
    }
    // scheme://user:password@host...: the userinfo ends at the last '@' before the path.
    auto start = out.find("://") + 3;
    auto end = out.find_first_of("/?", start);
    auto at = out.rfind('@', end == std::string::npos ? std::string::npos : end);
    if (at == std::string::npos || at < start) return out;
    auto colon = out.find(':', start);
    if (colon == std::string::npos || colon > at) return out;
    return out.substr(0, colon + 1) + "***" + out.substr(at);
}

player pg_player(const pg_rows& r, int row, int col) {
    player p{r.i64(row, col), r.text(row, col + 1), std::nullopt};
    if (!r.is_null(row, col + 2)) p.account = r.i64(row, col + 2);
    if (!r.is_null(row, col + 3)) p.computer_level = static_cast<int>(r.i64(row, col + 3));
    return p;
}

player pg_load_player(pg_db& db, player_id id, bool lock) {
    auto r = lock ? db.query("SELECT id, name, account_id, computer_level FROM players "
                             "WHERE id = $1 FOR UPDATE", id)
                  : db.query("SELECT id, name, account_id, computer_level FROM players WHERE id = $1", id);
    if (r.empty()) throw db_error("no player " + std::to_string(id));
    return pg_player(r, 0, 0);
}

core::result<std::unique_ptr<pg_store>> pg_store::open(const pg_options& o) {
    return open(o, embedded_pg_migrations());
}

core::result<std::unique_ptr<pg_store>> pg_store::open(const pg_options& o,
                                                       std::span<const migration> list) {
    auto admin = pg_db::open(o.url);
    if (!admin) return core::error{admin.reason()};
    auto version = apply_pg_migrations(*admin.value(), list);
    if (!version) return core::error{version.reason()};

    std::unique_ptr<pg_store> st(new pg_store());
    st->keys_db_ = std::move(admin.value());
    // The first block now: a database without the sequence fails here, not at
    // the first game. The key taken to do so is handed out first.
    if (auto first = st->next_key(); !first) return core::error{first.reason()};
    else st->next_key_ = first.value();

    auto w = pg_db::open(o.url);
    if (!w) return core::error{w.reason()};
    for (int i = 0; i < std::max(1, o.readers); ++i) {
        auto r = pg_db::open(o.url);
        if (!r) return core::error{r.reason()};
        // One snapshot per job: a multi-table answer is consistent.
        st->readers_.push_back(std::make_unique<pg_worker>(
            std::move(r.value()), "reader", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", 1));
    }
    st->writer_ = std::make_unique<pg_worker>(std::move(w.value()), "writer", "BEGIN", o.max_batch);
    st->fence_node_ = o.fence_node;
    spdlog::info("store: opened PostgreSQL at schema version {}", version.value());
    return st;
}

pg_store::~pg_store() {
    // As sqlite_store: a handler may queue more work on another worker, so
    // drain until one full pass finds all idle; only then stop the threads.
    for (bool busy = true; busy;) {
        busy = writer_ && writer_->wait_idle();
        for (auto& r : readers_) busy = r->wait_idle() || busy;
    }
    readers_.clear();
    writer_.reset();
}

core::result<game_key> pg_store::next_key() {
    std::lock_guard lock(keys_mutex_);
    if (next_key_ == block_end_) {
        try {
            auto r = keys_db_->query("SELECT nextval('game_key_blocks')");
            next_key_ = r.i64(0, 0) * keys_per_block;
            block_end_ = next_key_ + keys_per_block;
        } catch (const db_error& e) {
            return core::error{std::string("cannot reserve game keys: ") + e.what()};
        }
    }
    return next_key_++;
}

void pg_store::create_guest(std::string name, std::int64_t now_ms, handler<player> h) {
    write<player>(std::move(h), [name = std::move(name), now_ms](pg_db& db) {
        auto r = db.query("INSERT INTO players(name, account_id, created_ms) VALUES ($1, NULL, $2) "
                          "RETURNING id", name, now_ms);
        return player{r.i64(0, 0), name, std::nullopt};
    });
}

void pg_store::computer_players(std::int64_t now_ms, handler<std::vector<player>> h) {
    write<std::vector<player>>(std::move(h), [now_ms](pg_db& db) {
        std::vector<player> out;
        for (int level = 1; level <= 8; ++level) {
            db.query("INSERT INTO players(name, account_id, created_ms, computer_level) "
                     "VALUES ($1, NULL, $2, $3) ON CONFLICT DO NOTHING",
                     "Computer · level " + std::to_string(level), now_ms, level);
            auto r = db.query("SELECT id, name FROM players WHERE computer_level = $1", level);
            if (r.empty()) throw db_error("no computer player of level " + std::to_string(level));
            player p{r.i64(0, 0), r.text(0, 1), std::nullopt};
            p.computer_level = level;
            out.push_back(std::move(p));
        }
        return out;
    });
}

void pg_store::save_analysis(game_key game, std::string data, std::int64_t now_ms, handler<bool> h) {
    write<bool>(std::move(h), [=, data = std::move(data)](pg_db& db) {
        return db.query("INSERT INTO game_analysis(game, data, created_ms) VALUES ($1, $2, $3) "
                        "ON CONFLICT DO NOTHING", game, data, now_ms)
                   .affected() > 0;
    });
}

void pg_store::set_rematch(game_key game, std::string rematch_public_id, handler<bool> h) {
    write<bool>(std::move(h), [=, id = std::move(rematch_public_id)](pg_db& db) {
        return db.query("UPDATE games SET rematch = $1 WHERE id = $2", id, game).affected() > 0;
    });
}

void pg_store::record_lesson(player_id who, std::string game_id, std::string lesson,
                             std::int64_t now_ms, handler<bool> h) {
    write<bool>(std::move(h), [=, game_id = std::move(game_id), lesson = std::move(lesson)](pg_db& db) {
        return db.query("INSERT INTO lesson_progress(player, game, lesson, done_ms) "
                        "VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                        who, game_id, lesson, now_ms)
                   .affected() > 0;
    });
}

void pg_store::create_account(std::string username, std::string password_hash,
                              std::optional<player_id> guest, std::int64_t now_ms,
                              handler<player> h) {
    write<player>(std::move(h), [=](pg_db& db) {
        // The unique index on lower(username) is the last word (another
        // process may register the name meanwhile); this gives the clear reason.
        if (!db.query("SELECT 1 FROM accounts WHERE lower(username) = lower($1)", username).empty())
            throw db_error("that username is taken");
        auto a = db.query("INSERT INTO accounts(username, password_hash, created_ms) "
                          "VALUES ($1, $2, $3) RETURNING id", username, password_hash, now_ms);
        std::int64_t account = a.i64(0, 0);
        if (guest) {
            // The guest's row becomes the account's: its games, sessions and
            // chat stay attached without copying anything.
            auto u = db.query("UPDATE players SET account_id = $1, name = $2 "
                              "WHERE id = $3 AND account_id IS NULL", account, username, *guest);
            if (u.affected() != 1) throw db_error("that guest is unknown or already registered");
            return player{*guest, username, account};
        }
        auto p = db.query("INSERT INTO players(name, account_id, created_ms) VALUES ($1, $2, $3) "
                          "RETURNING id", username, account, now_ms);
        return player{p.i64(0, 0), username, account};
    });
}

void pg_store::create_session(std::string token_hash, player_id who, std::int64_t now_ms,
                              handler<bool> h) {
    write<bool>(std::move(h), [=](pg_db& db) {
        db.query("INSERT INTO sessions(token_hash, player_id, created_ms, last_seen_ms) "
                 "VALUES ($1, $2, $3, $4)", pg_bytes{token_hash}, who, now_ms, now_ms);
        return true;
    });
}

void pg_store::find_session(std::string token_hash, std::int64_t now_ms,
                            handler<std::optional<player>> h) {
    // On the writer: it records last_seen, and it must see a session created a
    // moment ago (same queue, so ordered after its creation).
    write<std::optional<player>>(std::move(h), [=](pg_db& db) -> std::optional<player> {
        auto r = db.query("UPDATE sessions SET last_seen_ms = $1 WHERE token_hash = $2 "
                          "RETURNING player_id", now_ms, pg_bytes{token_hash});
        if (r.empty()) return std::nullopt;
        return pg_load_player(db, r.i64(0, 0));
    });
}

void pg_store::delete_session(std::string token_hash, handler<bool> h) {
    write<bool>(std::move(h), [=](pg_db& db) {
        return db.query("DELETE FROM sessions WHERE token_hash = $1", pg_bytes{token_hash}).affected() > 0;
    });
}

void pg_store::expire_sessions(std::int64_t before_ms, handler<int> h) {
    write<int>(std::move(h), [=](pg_db& db) {
        return db.query("DELETE FROM sessions WHERE last_seen_ms < $1", before_ms).affected();
    });
}

game_key pg_store::start_game(new_game g, handler<game_key> h) {
    auto key = next_key();
    if (!key) {
        // Refused through the writer all the same: handlers run on the store's threads.
        write<game_key>(std::move(h), [why = key.reason()](pg_db&) -> game_key { throw db_error(why); });
        return 0;
    }
    write<game_key>(std::move(h), [this, key = key.value(), g = std::move(g)](pg_db& db) {
        if (g.admit) {
            std::array<player, 2> seats{pg_load_player(db, g.seats[0]), pg_load_player(db, g.seats[1])};
            if (auto why = g.admit(g.settings, seats)) throw db_error(*why);
        }
        const auto& s = g.settings;
        std::optional<std::string> start;
        if (!s.start_position.empty()) start = s.start_position;
        std::optional<std::string> public_id;
        if (!g.public_id.empty()) public_id = g.public_id;
        db.query("INSERT INTO games(id, game_id, initial_ms, increment_ms, rated, private, "
                 "start_position, seat0, seat1, created_ms, public_id) "
                 "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)",
                 key, s.game_id, s.initial_ms, s.increment_ms, s.rated, s.is_private, start,
                 g.seats[0], g.seats[1], g.created_ms, public_id);
        if (!fence_node_.empty()) {
            // The node that starts a game owns it first, in the same transaction.
            db.query("INSERT INTO game_owner(game, node, epoch) VALUES ($1,$2,1)", key, fence_node_);
            epochs_[key] = 1;
        }
        return key;
    });
    return key.value();
}

void pg_store::check_fence(pg_db& db, game_key game) {
    if (fence_node_.empty()) return;
    auto held = epochs_.find(game);
    auto r = db.query("SELECT node, epoch FROM game_owner WHERE game = $1 FOR SHARE", game);
    if (held == epochs_.end() || r.empty() || r.text(0, 0) != fence_node_ ||
        r.i64(0, 1) != held->second)
        throw db_error("game " + std::to_string(game) + " is owned by another node (" +
                       (r.empty() ? std::string("none") : r.text(0, 0)) + "): write refused");
}

void pg_store::claim_game(game_key game, handler<std::int64_t> h) {
    write<std::int64_t>(std::move(h), [this, game](pg_db& db) {
        if (fence_node_.empty()) throw db_error("claim_game needs a fence (cluster mode)");
        auto r = db.query("INSERT INTO game_owner(game, node, epoch) VALUES ($1,$2,1) "
                          "ON CONFLICT (game) DO UPDATE SET node = excluded.node, "
                          "epoch = game_owner.epoch + 1 RETURNING epoch", game, fence_node_);
        epochs_[game] = r.i64(0, 0);
        return r.i64(0, 0);
    });
}

void pg_store::append_move(game_key game, move_record m, handler<bool> h) {
    write<bool>(std::move(h), [this, game, m = std::move(m)](pg_db& db) {
        check_fence(db, game);
        {
            auto r = db.query(
                "SELECT status, COALESCE((SELECT MAX(ply) FROM moves WHERE game = games.id), -1) + 1 "
                "FROM games WHERE id = $1", game);
            if (r.empty()) throw db_error("no game " + std::to_string(game));
            if (r.text(0, 0) != "playing") throw db_error("the game is over");
            // Plies are consecutive so that replay from the start position is exact.
            if (r.i64(0, 1) != m.ply)
                throw db_error("move " + std::to_string(m.ply) + " out of order (expected " +
                               std::to_string(r.i64(0, 1)) + ")");
        }
        db.query("INSERT INTO moves(game, ply, seat, notation, clock0_ms, clock1_ms, at_ms) "
                 "VALUES ($1,$2,$3,$4,$5,$6,$7)",
                 game, m.ply, m.seat, m.notation, m.clock_ms[0], m.clock_ms[1], m.at_ms);
        return true;
    });
}

void pg_store::truncate_moves(game_key game, int keep, handler<int> h) {
    write<int>(std::move(h), [this, game, keep](pg_db& db) {
        check_fence(db, game);
        auto r = db.query("SELECT status FROM games WHERE id = $1", game);
        if (r.empty()) throw db_error("no game " + std::to_string(game));
        if (r.text(0, 0) != "playing") throw db_error("the game is over");
        if (keep < 0) throw db_error("a negative ply count");
        // The (game, ply) key: one range delete; the plies left stay consecutive.
        return db.query("DELETE FROM moves WHERE game = $1 AND ply >= $2", game, keep).affected();
    });
}

namespace {
rating_value load_rating(pg_db& db, player_id who, const std::string& game_id) {
    auto r = db.query("SELECT rating, rd, volatility, games FROM ratings "
                      "WHERE player_id = $1 AND game_id = $2", who, game_id);
    if (r.empty()) return {};  // a new player: 1500 / 350 / 0.06
    return {r.real(0, 0), r.real(0, 1), r.real(0, 2), static_cast<int>(r.i64(0, 3))};
}

void save_rating(pg_db& db, player_id who, const std::string& game_id, game_key game,
                 const rating_value& v, std::int64_t now_ms) {
    db.query("INSERT INTO ratings(player_id, game_id, rating, rd, volatility, games, updated_ms) "
             "VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT(player_id, game_id) DO UPDATE SET "
             "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
             "games = excluded.games, updated_ms = excluded.updated_ms",
             who, game_id, v.rating, v.rd, v.volatility, v.games, now_ms);
    db.query("INSERT INTO rating_history(player_id, game_id, game, rating, rd, volatility, at_ms) "
             "VALUES ($1,$2,$3,$4,$5,$6,$7)",
             who, game_id, game, v.rating, v.rd, v.volatility, now_ms);
}
}  // namespace

void pg_store::end_game(game_end e, handler<end_summary> h) {
    write<end_summary>(std::move(h), [this, e = std::move(e)](pg_db& db) {
        if (e.status == game_status::playing) throw db_error("an ended game needs a final status");
        check_fence(db, e.game);
        auto r = db.query("SELECT game_id, rated, status, seat0, seat1 FROM games WHERE id = $1 "
                          "FOR UPDATE", e.game);
        if (r.empty()) throw db_error("no game " + std::to_string(e.game));
        if (r.text(0, 2) != "playing") throw db_error("the game has already ended");
        std::string game_id = r.text(0, 0);
        bool rated = r.flag(0, 1);
        std::array<player_id, 2> seats{r.i64(0, 3), r.i64(0, 4)};
        std::optional<int> winner;
        if (e.status == game_status::finished && (e.winner == 0 || e.winner == 1)) winner = e.winner;
        db.query("UPDATE games SET status = $1, winner = $2, reason = $3, ended_ms = $4 WHERE id = $5",
                 to_string(e.status), winner, e.reason, e.ended_ms, e.game);

        end_summary out;
        if (!e.rate) return out;
        // The caller's rule decides, on what this transaction has just read;
        // the players' rows stay locked until it commits.
        ending facts{game_id, rated, e.status, winner,
                     {pg_load_player(db, seats[0], true), pg_load_player(db, seats[1], true)},
                     {load_rating(db, seats[0], game_id), load_rating(db, seats[1], game_id)}};
        // What the rating-farming rule looks at (docs/rules/platform.md), as
        // the SQLite store reads it: moves by each seat, recent games of the pair.
        auto m = db.query("SELECT seat, COUNT(*) FROM moves WHERE game = $1 GROUP BY seat", e.game);
        for (int i = 0; i < m.size(); ++i) {
            auto seat = m.i64(i, 0);
            if (seat == 0 || seat == 1) facts.moves[static_cast<std::size_t>(seat)] = static_cast<int>(m.i64(i, 1));
        }
        if (e.pair_window_ms > 0) {
            auto p = db.query(
                "SELECT COUNT(*) FROM games WHERE rated AND status = 'finished' AND id <> $1 "
                "AND ended_ms >= $2 AND ((seat0 = $3 AND seat1 = $4) OR (seat0 = $4 AND seat1 = $3))",
                e.game, e.ended_ms - e.pair_window_ms, seats[0], seats[1]);
            if (!p.empty()) facts.recent_pair_games = static_cast<int>(p.i64(0, 0));
        }
        auto next = e.rate(facts);
        if (!next) return out;
        save_rating(db, seats[0], game_id, e.game, (*next)[0], e.ended_ms);
        save_rating(db, seats[1], game_id, e.game, (*next)[1], e.ended_ms);
        out.changes = {{seats[0], facts.ratings[0], (*next)[0]},
                       {seats[1], facts.ratings[1], (*next)[1]}};
        return out;
    });
}

void pg_store::add_chat(game_key game, std::optional<player_id> who, std::string channel,
                        std::string text, std::int64_t now_ms, handler<bool> h) {
    write<bool>(std::move(h), [=](pg_db& db) {
        db.query("INSERT INTO chat(game, player_id, channel, text, at_ms) VALUES ($1,$2,$3,$4,$5)",
                 game, who, channel, text, now_ms);
        return true;
    });
}

}  // namespace kibitz::server::storage
