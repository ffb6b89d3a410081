// The guest book alone (play/session/guest_book.hpp): guests kept in memory until
// stored, found by token while a connection uses them, forgotten when idle
// too long or too many, and stored once however many ask at the same time.
#include <doctest/doctest.h>

#include <chrono>
#include <vector>

#include "play/session/guest_book.hpp"

using namespace kibitz::server;
using namespace std::chrono_literals;

TEST_CASE("guest book: a guest is found by its token while it is kept") {
    guest_book book;
    auto g = book.make();
    CHECK(g->guest);
    CHECK(g->row == 0);
    CHECK(g->name.rfind("Guest-", 0) == 0);
    CHECK(g->id.rfind("g-", 0) == 0);
    CHECK(g->id.find_first_not_of("0123456789", 2) == 2);  // never a stored guest's "g-<row>"
    CHECK(book.find(g->token) == g);
    CHECK(book.find("no such token") == nullptr);
    CHECK(book.opened(g->token));
    CHECK_FALSE(book.opened("no such token"));
    book.forget(g->token);
    CHECK(book.find(g->token) == nullptr);
}

TEST_CASE("guest book: idle guests go after the idle time, or the oldest first past the cap") {
    SUBCASE("idle time") {
        auto t = guest_book::clock::now();
        guest_book book({30s, 1000, [&] { return t; }});
        auto busy = book.make(), idle = book.make();
        book.opened(busy->token);
        book.opened(idle->token);
        book.closed(idle->token);
        t += 31s;
        book.make();  // a sweep
        CHECK(book.find(busy->token) == busy);  // a connection still uses it
        CHECK(book.find(idle->token) == nullptr);
        // Gone, back, gone again: the first idle mark (by then past the idle
        // time) does not take it; only the last one counts.
        book.closed(busy->token);
        t += 20s;
        book.opened(busy->token);
        book.closed(busy->token);
        t += 20s;
        book.make();
        CHECK(book.find(busy->token) == busy);
        t += 11s;
        book.make();
        CHECK(book.find(busy->token) == nullptr);
    }
    SUBCASE("cap") {
        guest_book book({std::chrono::hours(1), 3});
        std::vector<player_ptr> made;
        for (int i = 0; i < 5; ++i) made.push_back(book.make());
        CHECK(book.size() == 4);  // the sweep runs before each new one is added
        CHECK(book.find(made[0]->token) == nullptr);
        CHECK(book.find(made[4]->token) == made[4]);
        // Many visits of one token leave no pile of stale marks behind.
        for (int i = 0; i < 5000; ++i) {
            book.opened(made[4]->token);
            book.closed(made[4]->token);
        }
        CHECK(book.find(made[4]->token) == made[4]);
    }
}

TEST_CASE("guest book: a guest is stored once; callers meanwhile get the same answer") {
    guest_book book;
    auto g = book.make();
    book.opened(g->token);
    guest_book::stored_handler finish;
    int stores = 0;
    auto store = [&](guest_book::stored_handler done) {
        ++stores;
        finish = std::move(done);  // answered later, as the store thread would
    };
    std::vector<player_ptr> answers;
    auto collect = [&](kibitz::core::result<player_ptr> r) {
        REQUIRE(r.ok());
        answers.push_back(r.value());
    };
    book.keep(g, store, collect);
    book.keep(g, store, collect);  // a second tab, before the first answer
    CHECK(stores == 1);
    CHECK(answers.empty());
    auto stored = std::make_shared<player>(*g);
    stored->row = 42;
    stored->id = "g-42";
    finish(player_ptr(stored));
    REQUIRE(answers.size() == 2);
    CHECK(answers[0]->row == 42);
    CHECK(answers[1] == answers[0]);
    CHECK(book.find(g->token)->row == 42);  // other tabs find the stored identity
    book.keep(g, store, collect);           // stored already: answered at once
    CHECK(stores == 1);
    CHECK(answers.size() == 3);
}
