#pragma once
// Internal to sqlite_store*.cpp: the job plumbing and row helpers shared by the
// write side (sqlite_store.cpp) and the read side (sqlite_store_read.cpp).
#include <memory>
#include <optional>

#include "store/db_worker.hpp"
#include "store/sqlite_store.hpp"

namespace kibitz::server::storage {

// Runs fn(db) -> T on a worker; the handler gets the value after commit, or the
// reason (db_error text) when fn threw or the transaction failed.
template <class T, class F>
void post_job(db_worker& w, handler<T> h, F fn) {
    auto out = std::make_shared<std::optional<T>>();
    w.post({[out, fn = std::move(fn)](sqlite_db& db) mutable { out->emplace(fn(db)); },
            [out, h = std::move(h)](const std::string* err) {
                if (!h) return;
                if (err) h(core::result<T>(core::error{*err}));
                else h(core::result<T>(std::move(**out)));
            }});
}

template <class T, class F>
void sqlite_store::write(handler<T> h, F fn) {
    post_job<T>(*writer_, std::move(h), std::move(fn));
}

template <class T, class F>
void sqlite_store::read(handler<T> h, F fn) {
    auto i = next_reader_.fetch_add(1, std::memory_order_relaxed) % readers_.size();
    post_job<T>(*readers_[i], std::move(h), std::move(fn));
}

player load_player(sqlite_db& db, player_id id);  // throws db_error when missing
game_status parse_status(const std::string& s);

}  // namespace kibitz::server::storage
