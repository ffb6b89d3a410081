#pragma once
// Internal to pg_store*.cpp: the job plumbing and row helpers shared by the
// write side (pg_store.cpp) and the read side (pg_store_read.cpp).
#include <memory>
#include <optional>

#include "store/pg_store.hpp"

namespace kibitz::server::storage {

// Runs fn(db) -> T on a worker; the handler gets the value after commit, or the
// reason (db_error text) when fn threw or the transaction failed.
template <class T, class F>
void post_pg_job(pg_worker& w, handler<T> h, F fn) {
    auto out = std::make_shared<std::optional<T>>();
    w.post({[out, fn = std::move(fn)](pg_db& db) mutable { out->emplace(fn(db)); },
            [out, h = std::move(h)](const std::string* err) {
                if (!h) return;
                if (err) h(core::result<T>(core::error{*err}));
                else h(core::result<T>(std::move(**out)));
            }});
}

template <class T, class F>
void pg_store::write(handler<T> h, F fn) {
    post_pg_job<T>(*writer_, std::move(h), std::move(fn));
}

template <class T, class F>
void pg_store::read(handler<T> h, F fn) {
    auto i = next_reader_.fetch_add(1, std::memory_order_relaxed) % readers_.size();
    post_pg_job<T>(*readers_[i], std::move(h), std::move(fn));
}

// The player with `id` (throws db_error when missing); `lock` takes a row lock
// until the transaction ends (end_game: two processes rating the same player
// one after the other, never from the same old rating).
player pg_load_player(pg_db& db, player_id id, bool lock = false);
player pg_player(const pg_rows& r, int row, int col);  // id, name, account_id, computer_level
game_status parse_status(const std::string& s);

}  // namespace kibitz::server::storage
