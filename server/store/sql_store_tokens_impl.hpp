#pragma once
// sql_store (see sql_store.hpp): personal API tokens and bot accounts (issue 26).
#include "store/sql_store_impl.hpp"

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
                                  handler<std::optional<token_holder>> h) {
    write<std::optional<token_holder>>(
        std::move(h),
        [token_hash = std::move(token_hash), now_ms](db_type& db) -> std::optional<token_holder> {
            using namespace sql_store_detail;
            // The digest is the key: the database finds the row by equality on
            // a 256-bit digest of a 256-bit secret, which reveals nothing an
            // attacker could use to get closer (no prefix of the secret is
            // ever compared), so no constant-time compare is needed here.
            static const std::string sql =
                "UPDATE api_tokens SET last_used_ms = $1 "
                "WHERE token_hash = $2 RETURNING " +
                token_columns;
            token_holder out;
            {
                auto r = db.query(sql, now_ms, blob{token_hash});
                if (!r.next()) return std::nullopt;
                out.token = read_token(r);
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

template <class D>
void sql_store<D>::bots(int limit, handler<std::vector<player>> h) {
    read<std::vector<player>>(std::move(h), [limit](db_type& db) {
        return all_rows<player>(
            db,
            "SELECT " + player_columns("") +
                " FROM players WHERE bot_ms IS NOT NULL ORDER BY bot_ms DESC, id DESC LIMIT $1",
            [](const auto& r) { return read_player(r, 0); }, clamp_limit(limit));
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

}  // namespace kibitz::server::storage
