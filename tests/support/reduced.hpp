#pragma once
// KIBITZ_TEST_REDUCED=1: the search-heavy suites (test_engine, test_computer)
// run a reduced set: fewer positions, smaller node budgets, shorter games.
// tests/safety_net.sh sets it for the sanitizer builds, where a search runs
// many times slower and what is looked for is a memory or UB report on the
// code paths, not the engine's strength (the ordinary build checks that).
#include <cstdlib>

namespace kibitz::test {

inline bool reduced() {
    const char* v = std::getenv("KIBITZ_TEST_REDUCED");
    return v && *v && *v != '0';
}

// `full` in the ordinary run, `small` in the reduced one.
template <class T>
T full_or_reduced(T full, T small) {
    return reduced() ? small : full;
}

}  // namespace kibitz::test
