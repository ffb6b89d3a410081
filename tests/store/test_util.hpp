#pragma once
// Helpers for the store tests: a fresh temporary directory per test, and a way
// to wait for an asynchronous store call (the tests are the only place where
// blocking on a store result is fine).
#include <doctest/doctest.h>

#include <future>
#include <memory>
#include <string>

#include "kibitz/core/result.hpp"
#include "store/sqlite_store.hpp"
#include "temp_dir.hpp"  // tests/support: the temporary directory each test opens its file in

namespace kibitz::test {

// get<T>([&](auto h) { store.op(args..., h); }) blocks until the handler ran.
template <class T, class F>
core::result<T> get(F start) {
    auto p = std::make_shared<std::promise<core::result<T>>>();
    auto f = p->get_future();
    start([p](core::result<T> r) { p->set_value(std::move(r)); });
    return f.get();
}

// The value, failing the test (with the reason) when there is none.
template <class T, class F>
T must(F start) {
    auto r = get<T>(std::move(start));
    INFO("reason: " << (r ? std::string() : r.reason()));
    REQUIRE(r.ok());
    return std::move(r).value();
}

std::unique_ptr<server::storage::sqlite_store> open_store(const std::string& path);

// A player with an account (rated games need two), created without hashing.
server::storage::player make_account(server::storage::store& s, const std::string& name);

// The store suites' "now": a fixed time far from today.
inline constexpr std::int64_t t0 = 1700000000000;

// A guest named `name`, created at t0.
server::storage::player make_guest(server::storage::store& s, const std::string& name);

// The same store seen as one of its other parts (token_store, notification_store...):
// the one SQL store implements them all, so the conformance suites reach them this way.
template <class Part>
Part& store_part(const std::unique_ptr<server::storage::store>& s) {
    return dynamic_cast<Part&>(*s);
}

}  // namespace kibitz::test
