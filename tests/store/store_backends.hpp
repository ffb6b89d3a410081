#pragma once
// The backends the store conformance suite runs on. A `store_place` is where
// one test's data lives (a SQLite file in a temporary directory, a fresh
// PostgreSQL schema), and can be opened any number of times, one store at a
// time, as a restarted server would.
//
// The backend is chosen by the environment, so that ctest runs the same suite
// once per backend: KIBITZ_STORE=sqlite (the default) or KIBITZ_STORE=postgresql,
// which needs a running server: its URL in KIBITZ_PG_URL, or in the file named
// by KIBITZ_PG_URL_FILE (written by tests/support/pg_scratch.sh).
#include <memory>
#include <string>

#include "store/store.hpp"

namespace kibitz::test {

class store_place {
public:
    virtual ~store_place() = default;
    virtual std::unique_ptr<server::storage::store> open() = 0;
    // For a child process (fork) that opens its own store: what to open.
    virtual std::string where() const = 0;
};

// The backend named by KIBITZ_STORE ("sqlite" or "postgresql").
std::string backend_name();
// A fresh, empty place on that backend (fails the test when the backend is unusable).
std::unique_ptr<store_place> new_place();
// Opens `where` (from store_place::where) on that backend, or null. No doctest
// macros: safe in a forked child.
std::unique_ptr<server::storage::store> open_where(const std::string& where);

}  // namespace kibitz::test
