#pragma once
// eventually(): the one way a test waits for something it cannot be told
// about, such as a row the store commits on its own thread or a sweep the
// server runs on a timer. It asks `done` until it holds or `timeout` passes,
// and returns the last answer, so a test writes
//     REQUIRE(eventually([&] { return count() == 3; }));
// instead of a loop of its own or a sleep that guesses how long the thing takes.
// A wait on a message goes through ws_client::expect() instead, which is woken
// by the message itself. `every` spaces the asks when asking costs the server
// something (a new connection, a message counted against a rate limit).
#include <chrono>
#include <thread>

namespace kibitz::test {

template <class Predicate>
bool eventually(Predicate&& done, std::chrono::milliseconds timeout = std::chrono::seconds(5),
                std::chrono::milliseconds every = std::chrono::milliseconds(5)) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (done()) return true;
        if (std::chrono::steady_clock::now() >= until) return static_cast<bool>(done());
        // The one poll interval of the test suites: what is waited for has no
        // event a test can subscribe to (a database file, another process).
        std::this_thread::sleep_for(every);
    }
}

}  // namespace kibitz::test
