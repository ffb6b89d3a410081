// sqlite_store: opening, and every write (all on the writer thread).
#include <algorithm>
#include <limits>

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include "store/sqlite_store_impl.hpp"

namespace kibitz::server::storage {

namespace {
constexpr game_key keys_per_block = 1024;
}  // namespace

const char* to_string(game_status s) {
    switch (s) {
        case game_status::playing: return "playing";
        case game_status::finished: return "finished";
        case game_status::aborted: return "aborted";
    }
    return "playing";
}

game_status parse_status(const std::string& s) {
    if (s == "finished") return game_status::finished;
    if (s == "aborted") return game_status::aborted;
    return game_status::playing;
}

player load_player(sqlite_db& db, player_id id) {
    auto s = db.prepare("SELECT id, name, account_id, computer_level FROM players WHERE id = ?");
    s.bind(id);
    if (!s.step()) throw db_error("no player " + std::to_string(id));
    player p{s.i64(0), s.text(1), std::nullopt};
    if (!s.is_null(2)) p.account = s.i64(2);
    if (!s.is_null(3)) p.computer_level = static_cast<int>(s.i64(3));
    return p;
}

long long sqlite_store::memory_in_use() { return sqlite3_memory_used(); }

core::result<std::unique_ptr<sqlite_store>> sqlite_store::open(const store_options& o) {
    return open(o, embedded_migrations());
}

core::result<std::unique_ptr<sqlite_store>> sqlite_store::open(const store_options& o,
                                                               std::span<const migration> list) {
    db_options dbo{o.path, false, o.synchronous_full, o.busy_timeout_ms};
    auto w = sqlite_db::open(dbo);
    if (!w) return core::error{w.reason()};
    auto version = apply_migrations(*w.value(), list);
    if (!version) return core::error{version.reason()};
    if (o.max_pages > 0) {
        try {
            w.value()->exec("PRAGMA max_page_count=" + std::to_string(o.max_pages));
        } catch (const db_error& e) {
            return core::error{e.what()};
        }
    }

    std::unique_ptr<sqlite_store> st(new sqlite_store());
    auto keys = sqlite_db::open(dbo);
    if (!keys) return core::error{keys.reason()};
    st->keys_db_ = std::move(keys.value());
    if (auto first = st->next_key(); !first) return core::error{first.reason()};
    else st->next_key_ = first.value();  // not spent: the first game gets it
    // Readers open after the writer migrated, so they see the full schema.
    for (int i = 0; i < std::max(1, o.readers); ++i) {
        db_options ro{o.path, true, o.synchronous_full, o.busy_timeout_ms};
        auto r = sqlite_db::open(ro);
        if (!r) return core::error{r.reason()};
        st->readers_.push_back(std::make_unique<db_worker>(std::move(r.value()),
                                                           "reader", "BEGIN", 1));
    }
    st->writer_ = std::make_unique<db_worker>(std::move(w.value()), "writer", "BEGIN IMMEDIATE",
                                              o.max_batch);
    spdlog::info("store: opened {} at schema version {}", o.path, version.value());
    return st;
}

sqlite_store::~sqlite_store() {
    // A handler may queue more work on another worker (a read's handler starts
    // a write, as log-in does), so drain until one full pass finds all idle;
    // only then stop the threads. Callers must not start new calls meanwhile.
    for (bool busy = true; busy;) {
        busy = writer_ && writer_->wait_idle();
        for (auto& r : readers_) busy = r->wait_idle() || busy;
    }
    // Readers first: the last connection to close checkpoints the WAL into the
    // database and deletes the -wal and -shm files, which a read-only one cannot.
    readers_.clear();
    writer_.reset();
}

void sqlite_store::create_guest(std::string name, std::int64_t now_ms, handler<player> h) {
    write<player>(std::move(h), [name = std::move(name), now_ms](sqlite_db& db) {
        db.prepare("INSERT INTO players(name, account_id, created_ms) VALUES (?, NULL, ?)")
            .bind(name, now_ms)
            .run();
        return player{db.last_insert_id(), name, std::nullopt};
    });
}

void sqlite_store::computer_players(std::int64_t now_ms, handler<std::vector<player>> h) {
    write<std::vector<player>>(std::move(h), [now_ms](sqlite_db& db) {
        std::vector<player> out;
        for (int level = 1; level <= 8; ++level) {
            db.prepare("INSERT OR IGNORE INTO players(name, account_id, created_ms, computer_level) "
                       "VALUES (?, NULL, ?, ?)")
                .bind("Computer · level " + std::to_string(level), now_ms, level)
                .run();
            auto s = db.prepare("SELECT id, name FROM players WHERE computer_level = ?");
            s.bind(level);
            if (!s.step()) throw db_error("no computer player of level " + std::to_string(level));
            player p{s.i64(0), s.text(1), std::nullopt};
            p.computer_level = level;
            out.push_back(std::move(p));
        }
        return out;
    });
}

void sqlite_store::save_analysis(game_key game, std::string data, std::int64_t now_ms,
                                 handler<bool> h) {
    write<bool>(std::move(h), [=, data = std::move(data)](sqlite_db& db) {
        db.prepare("INSERT OR IGNORE INTO game_analysis(game, data, created_ms) VALUES (?, ?, ?)")
            .bind(game, data, now_ms)
            .run();
        return db.changes() > 0;
    });
}

void sqlite_store::set_rematch(game_key game, std::string rematch_public_id, handler<bool> h) {
    write<bool>(std::move(h), [=, id = std::move(rematch_public_id)](sqlite_db& db) {
        db.prepare("UPDATE games SET rematch = ? WHERE id = ?").bind(id, game).run();
        return db.changes() > 0;
    });
}

void sqlite_store::record_lesson(player_id who, std::string game_id, std::string lesson,
                                 std::int64_t now_ms, handler<bool> h) {
    write<bool>(std::move(h), [=, game_id = std::move(game_id), lesson = std::move(lesson)](sqlite_db& db) {
        db.prepare("INSERT OR IGNORE INTO lesson_progress(player, game, lesson, done_ms) "
                   "VALUES (?, ?, ?, ?)")
            .bind(who, game_id, lesson, now_ms)
            .run();
        return db.changes() > 0;
    });
}

void sqlite_store::create_account(std::string username, std::string password_hash,
                                  std::optional<player_id> guest, std::int64_t now_ms,
                                  handler<player> h) {
    write<player>(std::move(h), [=](sqlite_db& db) {
        {
            // accounts.username is COLLATE NOCASE: "Alice" finds "alice".
            auto s = db.prepare("SELECT 1 FROM accounts WHERE username = ?");
            s.bind(username);
            if (s.step()) throw db_error("that username is taken");
        }
        db.prepare("INSERT INTO accounts(username, password_hash, created_ms) VALUES (?, ?, ?)")
            .bind(username, password_hash, now_ms)
            .run();
        std::int64_t account = db.last_insert_id();
        if (guest) {
            // The guest's row becomes the account's: its games, sessions and
            // chat stay attached without copying anything.
            db.prepare("UPDATE players SET account_id = ?, name = ? WHERE id = ? AND account_id IS NULL")
                .bind(account, username, *guest)
                .run();
            if (db.changes() != 1) throw db_error("that guest is unknown or already registered");
            return player{*guest, username, account};
        }
        db.prepare("INSERT INTO players(name, account_id, created_ms) VALUES (?, ?, ?)")
            .bind(username, account, now_ms)
            .run();
        return player{db.last_insert_id(), username, account};
    });
}

void sqlite_store::create_session(std::string token_hash, player_id who, std::int64_t now_ms,
                                  handler<bool> h) {
    write<bool>(std::move(h), [=](sqlite_db& db) {
        db.prepare("INSERT INTO sessions(token_hash, player_id, created_ms, last_seen_ms) "
                   "VALUES (?, ?, ?, ?)")
            .bind(blob{token_hash}, who, now_ms, now_ms)
            .run();
        return true;
    });
}

void sqlite_store::find_session(std::string token_hash, std::int64_t now_ms,
                                handler<std::optional<player>> h) {
    // On the writer: it also records last_seen, and it must see a session
    // created a moment ago (same queue, so ordered after its creation).
    write<std::optional<player>>(std::move(h), [=](sqlite_db& db) -> std::optional<player> {
        player_id who = 0;
        {
            auto s = db.prepare("SELECT player_id FROM sessions WHERE token_hash = ?");
            s.bind(blob{token_hash});
            if (!s.step()) return std::nullopt;
            who = s.i64(0);
        }
        db.prepare("UPDATE sessions SET last_seen_ms = ? WHERE token_hash = ?")
            .bind(now_ms, blob{token_hash})
            .run();
        return load_player(db, who);
    });
}

void sqlite_store::delete_session(std::string token_hash, handler<bool> h) {
    write<bool>(std::move(h), [=](sqlite_db& db) {
        db.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(blob{token_hash}).run();
        return db.changes() > 0;
    });
}

void sqlite_store::expire_sessions(std::int64_t before_ms, handler<int> h) {
    write<int>(std::move(h), [=](sqlite_db& db) {
        db.prepare("DELETE FROM sessions WHERE last_seen_ms < ?").bind(before_ms).run();
        return db.changes();
    });
}

core::result<game_key> sqlite_store::next_key() {
    std::lock_guard lock(keys_mutex_);
    if (next_key_ == block_end_) {
        auto& db = *keys_db_;
        try {
            db.command("BEGIN IMMEDIATE");
            try {
                // Past every block reserved and every key stored (a database
                // from before the reservations has only the latter).
                std::int64_t block = 0;
                {
                    auto reserved = db.prepare("PRAGMA user_version");
                    reserved.step();
                    block = reserved.i64(0);
                }
                {
                    auto stored = db.prepare("SELECT COALESCE(MAX(id), 0) FROM games");
                    stored.step();
                    block = std::max(block, stored.i64(0) / keys_per_block + 1);
                }
                if (block + 1 > std::numeric_limits<std::int32_t>::max())
                    throw db_error("no game keys left");
                db.exec("PRAGMA user_version = " + std::to_string(block + 1));
                db.command("COMMIT");
                next_key_ = block * keys_per_block;
                block_end_ = next_key_ + keys_per_block;
            } catch (...) {
                db.exec("ROLLBACK");
                throw;
            }
        } catch (const db_error& e) {
            return core::error{std::string("cannot reserve game keys: ") + e.what()};
        }
    }
    return next_key_++;
}

game_key sqlite_store::start_game(new_game g, handler<game_key> h) {
    auto reserved = next_key();
    if (!reserved) {
        // Refused through the writer all the same: handlers run on the store's threads.
        write<game_key>(std::move(h),
                        [why = reserved.reason()](sqlite_db&) -> game_key { throw db_error(why); });
        return 0;
    }
    write<game_key>(std::move(h), [key = reserved.value(), g = std::move(g)](sqlite_db& db) {
        if (g.admit) {
            std::array<player, 2> seats{load_player(db, g.seats[0]), load_player(db, g.seats[1])};
            if (auto why = g.admit(g.settings, seats)) throw db_error(*why);
        }
        const auto& s = g.settings;
        std::optional<std::string> start;
        if (!s.start_position.empty()) start = s.start_position;
        std::optional<std::string> public_id;
        if (!g.public_id.empty()) public_id = g.public_id;
        db.prepare("INSERT INTO games(id, game_id, initial_ms, increment_ms, rated, private, "
                   "start_position, seat0, seat1, created_ms, public_id) "
                   "VALUES (?,?,?,?,?,?,?,?,?,?,?)")
            .bind(key, s.game_id, s.initial_ms, s.increment_ms, s.rated, s.is_private, start,
                  g.seats[0], g.seats[1], g.created_ms, public_id)
            .run();
        return key;
    });
    return reserved.value();
}

void sqlite_store::append_move(game_key game, move_record m, handler<bool> h) {
    write<bool>(std::move(h), [game, m = std::move(m)](sqlite_db& db) {
        {
            // MAX(ply) is one seek in the (game, ply) key; COUNT(*) walked every
            // earlier move of the game on every move (quadratic in the game's length).
            auto s = db.prepare(
                "SELECT status, COALESCE((SELECT MAX(ply) FROM moves WHERE game = games.id), -1) + 1 "
                "FROM games WHERE id = ?");
            s.bind(game);
            if (!s.step()) throw db_error("no game " + std::to_string(game));
            if (s.text(0) != "playing") throw db_error("the game is over");
            // Plies are consecutive so that replay from the start position is exact.
            if (s.i64(1) != m.ply)
                throw db_error("move " + std::to_string(m.ply) + " out of order (expected " +
                               std::to_string(s.i64(1)) + ")");
        }
        db.prepare("INSERT INTO moves(game, ply, seat, notation, clock0_ms, clock1_ms, at_ms) "
                   "VALUES (?,?,?,?,?,?,?)")
            .bind(game, m.ply, m.seat, m.notation, m.clock_ms[0], m.clock_ms[1], m.at_ms)
            .run();
        return true;
    });
}

void sqlite_store::truncate_moves(game_key game, int keep, handler<int> h) {
    write<int>(std::move(h), [game, keep](sqlite_db& db) {
        {
            auto s = db.prepare("SELECT status FROM games WHERE id = ?");
            s.bind(game);
            if (!s.step()) throw db_error("no game " + std::to_string(game));
            if (s.text(0) != "playing") throw db_error("the game is over");
        }
        if (keep < 0) throw db_error("a negative ply count");
        // The (game, ply) key: one range delete; the plies left stay consecutive.
        db.prepare("DELETE FROM moves WHERE game = ? AND ply >= ?").bind(game, keep).run();
        return db.changes();
    });
}

namespace {
rating_value load_rating(sqlite_db& db, player_id who, const std::string& game_id) {
    auto s = db.prepare(
        "SELECT rating, rd, volatility, games FROM ratings WHERE player_id = ? AND game_id = ?");
    s.bind(who, game_id);
    if (!s.step()) return {};  // a new player: 1500 / 350 / 0.06
    return {s.real(0), s.real(1), s.real(2), static_cast<int>(s.i64(3))};
}

void save_rating(sqlite_db& db, player_id who, const std::string& game_id, game_key game,
                 const rating_value& v, std::int64_t now_ms) {
    db.prepare("INSERT INTO ratings(player_id, game_id, rating, rd, volatility, games, updated_ms) "
               "VALUES (?,?,?,?,?,?,?) ON CONFLICT(player_id, game_id) DO UPDATE SET "
               "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
               "games = excluded.games, updated_ms = excluded.updated_ms")
        .bind(who, game_id, v.rating, v.rd, v.volatility, v.games, now_ms)
        .run();
    db.prepare("INSERT INTO rating_history(player_id, game_id, game, rating, rd, volatility, at_ms) "
               "VALUES (?,?,?,?,?,?,?)")
        .bind(who, game_id, game, v.rating, v.rd, v.volatility, now_ms)
        .run();
}
}  // namespace

void sqlite_store::end_game(game_end e, handler<end_summary> h) {
    write<end_summary>(std::move(h), [e = std::move(e)](sqlite_db& db) {
        std::string game_id;
        bool rated = false;
        std::array<player_id, 2> seats{};
        {
            auto s = db.prepare("SELECT game_id, rated, status, seat0, seat1 FROM games WHERE id = ?");
            s.bind(e.game);
            if (!s.step()) throw db_error("no game " + std::to_string(e.game));
            if (s.text(2) != "playing") throw db_error("the game has already ended");
            game_id = s.text(0);
            rated = s.i64(1) != 0;
            seats = {s.i64(3), s.i64(4)};
        }
        if (e.status == game_status::playing) throw db_error("an ended game needs a final status");
        std::optional<int> winner;
        if (e.status == game_status::finished && (e.winner == 0 || e.winner == 1)) winner = e.winner;
        db.prepare("UPDATE games SET status = ?, winner = ?, reason = ?, ended_ms = ? WHERE id = ?")
            .bind(to_string(e.status), winner, e.reason, e.ended_ms, e.game)
            .run();

        end_summary out;
        if (!e.rate) return out;
        // The caller's rule decides, on what this transaction has just read.
        ending facts{game_id, rated, e.status, winner,
                     {load_player(db, seats[0]), load_player(db, seats[1])},
                     {load_rating(db, seats[0], game_id), load_rating(db, seats[1], game_id)}};
        {
            auto m = db.prepare("SELECT seat, COUNT(*) FROM moves WHERE game = ? GROUP BY seat");
            m.bind(e.game);
            while (m.step()) {
                auto seat = m.i64(0);
                if (seat == 0 || seat == 1) facts.moves[static_cast<std::size_t>(seat)] =
                                                static_cast<int>(m.i64(1));
            }
        }
        if (e.pair_window_ms > 0) {
            auto p = db.prepare(
                "SELECT COUNT(*) FROM games WHERE rated = 1 AND status = 'finished' AND id <> ? "
                "AND ended_ms >= ? AND ((seat0 = ? AND seat1 = ?) OR (seat0 = ? AND seat1 = ?))");
            p.bind(e.game, e.ended_ms - e.pair_window_ms, seats[0], seats[1], seats[1], seats[0]);
            if (p.step()) facts.recent_pair_games = static_cast<int>(p.i64(0));
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

void sqlite_store::add_chat(game_key game, std::optional<player_id> who, std::string channel,
                            std::string text, std::int64_t now_ms, handler<bool> h) {
    write<bool>(std::move(h), [=](sqlite_db& db) {
        db.prepare("INSERT INTO chat(game, player_id, channel, text, at_ms) VALUES (?,?,?,?,?)")
            .bind(game, who, channel, text, now_ms)
            .run();
        return true;
    });
}

}  // namespace kibitz::server::storage
