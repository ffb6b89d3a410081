#pragma once
// sql_store (see sql_store.hpp): personal API tokens and bot accounts (issue 26).
#include <unordered_map>

#include "store/sql_store_queries_impl.hpp"

namespace kibitz::server::storage {

namespace sql_store_detail {
inline const std::string token_columns =
    "id, player_id, description, scopes, created_ms, last_used_ms";

template <class Rows>
api_token read_token(const Rows& r) {
    return {r.i64(0), r.i64(1), r.text(2), r.text(3), r.i64(4), r.i64(5)};  // i64: 0 for NULL
}
}  // namespace sql_store_detail

template <class D>
void sql_store<D>::create_api_token(std::string token_hash, api_token t, handler<api_token> h) {
    write<api_token>(
        std::move(h), [token_hash = std::move(token_hash), t = std::move(t)](db_type& db) mutable {
            auto r = db.query(
                "INSERT INTO api_tokens(token_hash, player_id, description, scopes, created_ms) "
                "VALUES ($1, $2, $3, $4, $5) RETURNING id",
                blob{token_hash}, t.owner, t.description, t.scopes, t.created_ms);
            r.next();
            t.id = r.i64(0);
            return t;
        });
}

template <class D>
void sql_store<D>::api_tokens_of(player_id owner, handler<std::vector<api_token>> h) {
    read<std::vector<api_token>>(std::move(h), [owner](db_type& db) {
        using namespace sql_store_detail;
        return all_rows<api_token>(
            db, "SELECT " + token_columns + " FROM api_tokens WHERE player_id = $1 ORDER BY id",
            [](const auto& r) { return read_token(r); }, owner);
    });
}

template <class D>
void sql_store<D>::find_api_token(std::string token_hash, std::int64_t now_ms,
                                  std::int64_t touch_every_ms,
                                  handler<std::optional<token_holder>> h) {
    write<std::optional<token_holder>>(
        std::move(h),
        [token_hash = std::move(token_hash), now_ms,
         touch_every_ms](db_type& db) -> std::optional<token_holder> {
            using namespace sql_store_detail;
            // The digest is the key: the database finds the row by equality on
            // a 256-bit digest of a 256-bit secret, which reveals nothing an
            // attacker could use to get closer (no prefix of the secret is
            // ever compared), so no constant-time compare is needed here.
            static const std::string sql =
                "SELECT " + token_columns + " FROM api_tokens WHERE token_hash = $1";
            token_holder out;
            {
                auto r = db.query(sql, blob{token_hash});
                if (!r.next()) return std::nullopt;
                out.token = read_token(r);
            }
            // Written only now and then: a busy program's every request would
            // otherwise be a write.
            if (out.token.last_used_ms == 0 || now_ms - out.token.last_used_ms >= touch_every_ms) {
                db.query("UPDATE api_tokens SET last_used_ms = $1 WHERE id = $2", now_ms,
                         out.token.id);
                out.token.last_used_ms = now_ms;
            }
            out.who = load_player<D>(db, out.token.owner);
            return out;
        });
}

template <class D>
void sql_store<D>::revoke_api_token(player_id owner, std::int64_t id, handler<bool> h) {
    write<bool>(std::move(h), [owner, id](db_type& db) {
        return db.query("DELETE FROM api_tokens WHERE id = $1 AND player_id = $2", id, owner)
                   .affected() > 0;
    });
}

template <class D>
void sql_store<D>::make_bot(player_id who, std::int64_t now_ms,
                            std::function<std::optional<std::string>(int rated_games)> admit,
                            handler<player> h) {
    write<player>(std::move(h), [who, now_ms, admit = std::move(admit)](db_type& db) {
        // Locked, so a rated game cannot start for it between the count and the mark.
        auto p = load_player<D>(db, who, true);
        if (p.guest() || p.computer_level) throw db_error("only an account can become a bot");
        if (p.bot) return p;  // already one: nothing to do
        int rated = 0;
        {
            auto r = db.query(
                "SELECT COUNT(*) FROM games WHERE rated AND (seat0 = $1 OR seat1 = $1)", who);
            r.next();
            rated = static_cast<int>(r.i64(0));
        }
        if (admit)
            if (auto refused = admit(rated)) throw db_error(*refused);
        db.query("UPDATE players SET bot_ms = $1 WHERE id = $2", now_ms, who);
        p.bot = true;
        return p;
    });
}

namespace sql_store_detail {
// The listed bots (newest bot first, $1 of them), as a subquery: each query
// of the listing names the same set, read in one snapshot.
inline const std::string listed_bots =
    "SELECT id FROM players WHERE bot_ms IS NOT NULL ORDER BY bot_ms DESC, id DESC LIMIT $1";
}  // namespace sql_store_detail

// Three queries in one read job, whatever the number of bots: the bots, their
// ratings, their latest public games (numbered per bot by a window; each seat
// is its own arm so that each uses its (seat, id) index).
template <class D>
void sql_store<D>::bots(int limit, int recent_limit, handler<std::vector<bot_listing>> h) {
    read<std::vector<bot_listing>>(std::move(h), [limit, recent_limit](db_type& db) {
        using namespace sql_store_detail;
        std::vector<bot_listing> out;
        std::unordered_map<player_id, std::size_t> at;
        {
            auto r = db.query("SELECT " + player_columns("") + " FROM players WHERE id IN (" +
                                  listed_bots + ") ORDER BY bot_ms DESC, id DESC",
                              clamp_limit(limit));
            while (r.next()) {
                out.push_back({read_player(r, 0), {}, {}});
                at.emplace(out.back().who.id, out.size() - 1);
            }
        }
        if (out.empty()) return out;
        {
            auto r = db.query(
                "SELECT player_id, game_id, rating, rd, volatility, games FROM ratings "
                "WHERE player_id IN (" +
                    listed_bots + ") ORDER BY player_id, game_id",
                clamp_limit(limit));
            while (r.next())
                if (auto it = at.find(r.i64(0)); it != at.end())
                    out[it->second].ratings.push_back(
                        {r.text(1), {r.real(2), r.real(3), r.real(4), static_cast<int>(r.i64(5))}});
        }
        if (recent_limit <= 0) return out;
        static const std::string recent_sql =
            "WITH b AS (" + listed_bots +
            "), seats AS (SELECT b.id AS bot, g.id AS game FROM b JOIN games g ON g.seat0 = b.id "
            "WHERE NOT g.private UNION ALL SELECT b.id, g.id FROM b JOIN games g ON g.seat1 = b.id "
            "WHERE NOT g.private AND g.seat0 <> b.id), "
            "ranked AS (SELECT bot, game, ROW_NUMBER() OVER (PARTITION BY bot ORDER BY game DESC) "
            "AS n FROM seats) SELECT " +
            summary_columns + ", ranked.bot FROM ranked JOIN games g ON g.id = ranked.game " +
            seat_joins + "WHERE ranked.n <= $2 ORDER BY ranked.bot, ranked.n";
        auto r = db.query(recent_sql, clamp_limit(limit), clamp_limit(recent_limit));
        while (r.next())
            if (auto it = at.find(r.i64(summary_column_count)); it != at.end())
                out[it->second].recent.push_back(read_summary(r));
        return out;
    });
}

template <class D>
void sql_store<D>::set_bot_challenges(player_id who, bool accept, handler<bool> h) {
    write<bool>(std::move(h), [who, accept](db_type& db) {
        return db.query("UPDATE players SET bot_challenges = $1 WHERE id = $2",
                        std::int64_t{accept ? 1 : 0}, who)
                   .affected() > 0;
    });
}

template <class D>
void sql_store<D>::bot_challenges(player_id who, handler<bool> h) {
    read<bool>(std::move(h), [who](db_type& db) {
        auto r = db.query("SELECT bot_challenges FROM players WHERE id = $1", who);
        return r.next() && r.i64(0) != 0;
    });
}

template <class D>
void sql_store<D>::set_language(player_id who, std::string code, handler<bool> h) {
    write<bool>(std::move(h), [who, code = std::move(code)](db_type& db) {
        return db.query("UPDATE players SET language = $1 WHERE id = $2", code, who).affected() > 0;
    });
}

template <class D>
void sql_store<D>::language(player_id who, handler<std::string> h) {
    read<std::string>(std::move(h), [who](db_type& db) {
        auto r = db.query("SELECT language FROM players WHERE id = $1", who);
        return r.next() ? r.text(0) : std::string();
    });
}

}  // namespace kibitz::server::storage
