#pragma once
// sql_store (see sql_store.hpp): players, accounts, sessions, and what a
// player keeps (lessons) or a game keeps besides its moves (analysis).
#include "store/sql_store_impl.hpp"

namespace kibitz::server::storage {

template <class D>
void sql_store<D>::create_guest(std::string name, std::int64_t now_ms, handler<player> h) {
    write<player>(std::move(h), [name = std::move(name), now_ms](db_type& db) {
        auto r = db.query(
            "INSERT INTO players(name, account_id, created_ms) VALUES ($1, NULL, $2) "
            "RETURNING id",
            name, now_ms);
        r.next();
        return player{r.i64(0), name, std::nullopt};
    });
}

template <class D>
void sql_store<D>::computer_players(std::int64_t now_ms, handler<std::vector<player>> h) {
    write<std::vector<player>>(std::move(h), [now_ms](db_type& db) {
        std::vector<player> out;
        for (int level = 1; level <= 8; ++level) {
            db.query(
                "INSERT INTO players(name, account_id, created_ms, computer_level) "
                "VALUES ($1, NULL, $2, $3) ON CONFLICT DO NOTHING",
                "Computer · level " + std::to_string(level), now_ms, level);
            auto r = db.query("SELECT id, name FROM players WHERE computer_level = $1", level);
            if (!r.next()) throw db_error("no computer player of level " + std::to_string(level));
            player p{r.i64(0), r.text(1), std::nullopt};
            p.computer_level = level;
            out.push_back(std::move(p));
        }
        return out;
    });
}

template <class D>
void sql_store<D>::create_account(std::string username, std::string password_hash,
                                  std::optional<player_id> guest, std::int64_t now_ms,
                                  handler<player> h) {
    write<player>(std::move(h), [=](db_type& db) {
        // The unique index is the last word (another process may register the
        // name meanwhile); this gives the clear reason.
        static const std::string taken =
            std::string("SELECT 1 FROM accounts a WHERE ") + D::username_is_1;
        if (db.query(taken, username).next()) throw db_error("that username is taken");
        std::int64_t account = 0;
        {
            // Read and reset before the next statement (SQLite: a statement
            // still standing on a row is a statement in progress).
            auto a = db.query(
                "INSERT INTO accounts(username, password_hash, created_ms) "
                "VALUES ($1, $2, $3) RETURNING id",
                username, password_hash, now_ms);
            a.next();
            account = a.i64(0);
        }
        if (guest) {
            // The guest's row becomes the account's: its games, sessions and
            // chat stay attached without copying anything.
            auto u = db.query(
                "UPDATE players SET account_id = $1, name = $2 "
                "WHERE id = $3 AND account_id IS NULL",
                account, username, *guest);
            if (u.affected() != 1) throw db_error("that guest is unknown or already registered");
            return player{*guest, username, account};
        }
        auto p = db.query(
            "INSERT INTO players(name, account_id, created_ms) VALUES ($1, $2, $3) "
            "RETURNING id",
            username, account, now_ms);
        p.next();
        return player{p.i64(0), username, account};
    });
}

template <class D>
void sql_store<D>::find_login(std::string username, handler<std::optional<account_login>> h) {
    read<std::optional<account_login>>(
        std::move(h),
        [username = std::move(username)](db_type& db) -> std::optional<account_login> {
            static const auto sql =
                account_by_username<D>((player_columns("p.") + ", a.password_hash").c_str());
            auto r = db.query(sql, username);
            if (!r.next()) return std::nullopt;
            return account_login{read_player(r, 0), r.text(5)};
        });
}

template <class D>
void sql_store<D>::create_session(std::string token_hash, player_id who, std::int64_t now_ms,
                                  handler<bool> h) {
    write<bool>(std::move(h), [=](db_type& db) {
        db.query(
            "INSERT INTO sessions(token_hash, player_id, created_ms, last_seen_ms) "
            "VALUES ($1, $2, $3, $4)",
            blob{token_hash}, who, now_ms, now_ms);
        // At most sessions_per_account: the least recently seen go (security
        // review F4: a row per log-in, never bounded).
        db.query(
            "DELETE FROM sessions WHERE player_id = $1 AND token_hash NOT IN "
            "(SELECT token_hash FROM sessions WHERE player_id = $1 "
            "ORDER BY last_seen_ms DESC, created_ms DESC LIMIT $2)",
            who, std::int64_t{sessions_per_account});
        return true;
    });
}

template <class D>
void sql_store<D>::find_session(std::string token_hash, std::int64_t now_ms,
                                handler<std::optional<player>> h) {
    // On the writer: it records last_seen, and it must see a session created a
    // moment ago (same queue, so ordered after its creation).
    write<std::optional<player>>(std::move(h), [=](db_type& db) -> std::optional<player> {
        player_id who = 0;
        {
            auto r = db.query(
                "UPDATE sessions SET last_seen_ms = $1 WHERE token_hash = $2 "
                "RETURNING player_id",
                now_ms, blob{token_hash});
            if (!r.next()) return std::nullopt;
            who = r.i64(0);
        }
        return load_player<D>(db, who);
    });
}

template <class D>
void sql_store<D>::delete_session(std::string token_hash, handler<bool> h) {
    write<bool>(std::move(h), [=](db_type& db) {
        return db.query("DELETE FROM sessions WHERE token_hash = $1", blob{token_hash}).affected() >
               0;
    });
}

template <class D>
void sql_store<D>::expire_sessions(std::int64_t before_ms, handler<int> h) {
    write<int>(std::move(h), [=](db_type& db) {
        return db.query("DELETE FROM sessions WHERE last_seen_ms < $1", before_ms).affected();
    });
}

template <class D>
void sql_store<D>::record_lesson(player_id who, std::string game_id, std::string lesson,
                                 std::int64_t now_ms, handler<bool> h) {
    write<bool>(std::move(h),
                [=, game_id = std::move(game_id), lesson = std::move(lesson)](db_type& db) {
                    return db.query(
                                 "INSERT INTO lesson_progress(player, game, lesson, done_ms) "
                                 "VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                                 who, game_id, lesson, now_ms)
                               .affected() > 0;
                });
}

template <class D>
void sql_store<D>::lessons_of(player_id who, handler<std::vector<lesson_done>> h) {
    read<std::vector<lesson_done>>(std::move(h), [who](db_type& db) {
        auto r = db.query(
            "SELECT game, lesson, done_ms FROM lesson_progress WHERE player = $1 "
            "ORDER BY game, done_ms",
            who);
        std::vector<lesson_done> out;
        while (r.next()) out.push_back({r.text(0), r.text(1), r.i64(2)});
        return out;
    });
}

template <class D>
void sql_store<D>::save_analysis(game_key game, std::string data, std::int64_t now_ms,
                                 handler<bool> h) {
    write<bool>(std::move(h), [=, data = std::move(data)](db_type& db) {
        return db.query(
                     "INSERT INTO game_analysis(game, data, created_ms) VALUES ($1, $2, $3) "
                     "ON CONFLICT DO NOTHING",
                     game, data, now_ms)
                   .affected() > 0;
    });
}

template <class D>
void sql_store<D>::analysis_of(game_key game, handler<std::optional<std::string>> h) {
    read<std::optional<std::string>>(
        std::move(h), [game](db_type& db) -> std::optional<std::string> {
            auto r = db.query("SELECT data FROM game_analysis WHERE game = $1", game);
            if (!r.next()) return std::nullopt;
            return r.text(0);
        });
}

}  // namespace kibitz::server::storage
