#pragma once
// sql_store's plumbing (see sql_store.hpp): opening and closing, game keys,
// jobs, and the row readers every operation shares. Included only by the
// operations' definitions (sql_store_*_impl.hpp) and where a backend
// instantiates the store (sqlite_store.cpp, pg_store.cpp).
#include <spdlog/spdlog.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/db_worker.hpp"
#include "store/sql_store.hpp"

namespace kibitz::server::storage {

template <class D>
sql_store<D>::sql_store(D dialect, std::unique_ptr<db_type> keys, std::unique_ptr<worker> writer,
                        std::vector<std::unique_ptr<worker>> readers)
    : dialect_(std::move(dialect)),
      keys_db_(std::move(keys)),
      writer_(std::move(writer)),
      readers_(std::move(readers)) {}

template <class D>
void sql_store<D>::drain() {
    // A handler may queue more work on another worker (a read's handler starts
    // a write, as log-in does), so wait until one full pass finds all idle.
    // Callers must not start new calls meanwhile.
    for (bool busy = true; busy;) {
        busy = writer_ && writer_->wait_idle();
        for (auto& r : readers_) busy = r->wait_idle() || busy;
    }
}

template <class D>
sql_store<D>::~sql_store() {
    drain();  // nothing left when the backend's destructor drained first
    // Readers first: SQLite's last connection to close checkpoints the WAL
    // into the database and deletes the -wal and -shm files, which a
    // read-only one cannot.
    readers_.clear();
    writer_.reset();
}

template <class D>
core::result<game_key> sql_store<D>::reserve_now() {
    try {
        next_key_ = D::reserve_block(*keys_db_) * D::keys_per_block;
        block_end_ = next_key_ + D::keys_per_block;
        return next_key_;
    } catch (const db_error& e) {
        return core::error{std::string("cannot reserve game keys: ") + e.what()};
    }
}

template <class D>
core::result<game_key> sql_store<D>::next_key() {
    game_key key = 0;
    bool ahead = false;
    {
        std::unique_lock lock(keys_mutex_);
        if (next_key_ == block_end_) {
            // The next block was asked for half a block ago: it is all but
            // always there. Waited for only when it is still in flight, and
            // never on the writer's thread (a writer job's handler), which
            // would wait for itself.
            if (ahead_block_ < 0 && reserving_ && writer_ && !writer_->on_thread())
                ahead_done_.wait(lock, [&] { return !reserving_; });
            if (ahead_block_ >= 0) {
                next_key_ = ahead_block_ * D::keys_per_block;
                block_end_ = next_key_ + D::keys_per_block;
                ahead_block_ = -1;
            } else if (auto r = reserve_now(); !r) {
                return r;
            }
        }
        key = next_key_++;
        ahead = writer_ && ahead_block_ < 0 && !reserving_ &&
                block_end_ - next_key_ <= D::keys_per_block / 2;
        if (ahead) reserving_ = true;
    }
    // Posted outside the lock: a store shutting down runs the handler at once.
    if (ahead) reserve_ahead();
    return key;
}

template <class D>
void sql_store<D>::reserve_ahead() {
    write<std::int64_t>(
        [this](core::result<std::int64_t> r) {
            {
                std::lock_guard lock(keys_mutex_);
                reserving_ = false;
                if (r) ahead_block_ = r.value();
            }
            ahead_done_.notify_all();
            // Not fatal: asked again at the next key, and reserved on the keys
            // connection if the block runs out first.
            if (!r) spdlog::warn("store: cannot reserve the next game keys: {}", r.reason());
        },
        [](db_type& db) { return D::reserve_block_in(db); });
}

template <class D>
core::result<game_key> sql_store<D>::first_key() {
    std::lock_guard lock(keys_mutex_);
    return reserve_now();  // its first key stays the next handed out
}

// Runs fn(db) -> T on a worker; the handler gets the value after commit, or the
// reason (db_error text) when fn threw or the transaction failed.
template <class Db, class T, class F>
void post_job(basic_db_worker<Db>& w, handler<T> h, F fn) {
    auto out = std::make_shared<std::optional<T>>();
    w.post({[out, fn = std::move(fn)](Db& db) mutable { out->emplace(fn(db)); },
            [out, h = std::move(h)](const std::string* err) {
                if (!h) return;
                if (err) h(core::result<T>(core::error{*err}));
                else h(core::result<T>(std::move(**out)));
            }});
}

template <class D>
template <class T, class F>
void sql_store<D>::write(handler<T> h, F fn) {
    post_job<db_type, T>(*writer_, std::move(h), std::move(fn));
}

template <class D>
template <class T, class F>
void sql_store<D>::read(handler<T> h, F fn) {
    auto i = next_reader_.fetch_add(1, std::memory_order_relaxed) % readers_.size();
    post_job<db_type, T>(*readers_[i], std::move(h), std::move(fn));
}

// Every row of one statement, each read by read(rows) into a T.
template <class T, class Db, class Read, class... A>
std::vector<T> all_rows(Db& db, std::string_view sql, Read read, const A&... args) {
    auto r = db.query(sql, args...);
    std::vector<T> out;
    while (r.next()) out.push_back(read(r));
    return out;
}

// A player's columns, as read_player reads them, of the players table `as`.
inline std::string player_columns(const std::string& as) {
    return as + "id, " + as + "name, " + as + "account_id, " + as + "computer_level, " + as +
           "bot_ms";
}

// A player from the columns of player_columns at `col` of the row `r` stands on.
template <class Rows>
player read_player(const Rows& r, int col) {
    player p{r.i64(col), r.text(col + 1), std::nullopt};
    if (!r.is_null(col + 2)) p.account = r.i64(col + 2);
    if (!r.is_null(col + 3)) p.computer_level = static_cast<int>(r.i64(col + 3));
    p.bot = !r.is_null(col + 4);
    return p;
}

// The player with `id` (throws db_error when missing). `lock`: the row stays
// locked until the transaction ends where the dialect locks rows (end_game:
// two processes rating the same player one after the other, never from the
// same old rating).
template <class D>
player load_player(typename D::db& db, player_id id, bool lock = false) {
    static const std::string plain = "SELECT " + player_columns("") + " FROM players WHERE id = $1";
    static const std::string locked = plain + D::lock_rows;
    auto r = db.query(lock ? locked : plain, id);
    if (!r.next()) throw db_error("no player " + std::to_string(id));
    return read_player(r, 0);
}

// "SELECT <columns> FROM accounts a JOIN players p ... WHERE" the account's
// username is $1, without regard to case (as the dialect compares it).
template <class D>
std::string account_by_username(const char* columns) {
    return std::string("SELECT ") + columns +
           " FROM accounts a JOIN players p ON p.account_id = a.id WHERE " + D::username_is_1;
}

// The player a profile names: an account by its username, else a guest by
// its generated name (the newest, should two ever draw the same).
template <class D, class Db>
std::optional<player> player_named(Db& db, const std::string& username) {
    static const auto sql = account_by_username<D>(player_columns("p.").c_str());
    auto r = db.query(sql, username);
    if (r.next()) return read_player(r, 0);
    auto g = db.query(
        "SELECT id, name FROM players WHERE name = $1 AND account_id IS NULL "
        "AND computer_level IS NULL ORDER BY id DESC LIMIT 1",
        username);
    if (!g.next()) return std::nullopt;
    return player{g.i64(0), g.text(1), std::nullopt};
}

// A status as stored (to_string's text) back; anything else is playing.
inline game_status parse_status(std::string_view s) {
    if (s == "finished") return game_status::finished;
    if (s == "aborted") return game_status::aborted;
    return game_status::playing;
}

inline int clamp_limit(int limit) { return std::clamp(limit, 1, 500); }

}  // namespace kibitz::server::storage
