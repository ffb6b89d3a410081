// The opening books (core/books/, opening_book.hpp): every shipped book reads,
// holds real positions and legal moves, and the engine plays from it only
// when asked, at full strength its best move, below that varied among its
// near-best moves.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/game.hpp"
#include "kibitz/core/opening_book.hpp"
#include "kibitz/core/registry.hpp"

namespace core = kibitz::core;
namespace engine = kibitz::core::engine;

TEST_CASE("a book's text: positions, moves best first, and each fault named with its line") {
    auto book = engine::opening_book::parse("# made by hand\n\nP1\ta 5 10\tb 20 10\nP2\tc -3 7\n");
    REQUIRE(book.ok());
    CHECK(book.value().positions() == 2);
    const auto moves = book.value().find("P1");
    REQUIRE(moves.size() == 2);
    CHECK(moves[0].move == "b");
    CHECK(moves[0].score == 20);
    CHECK(moves[1].move == "a");
    CHECK(book.value().find("P3").empty());
    const std::pair<const char*, const char*> bad[] = {
        {"P1\n", "line 1: a position and at least one move"},
        {"# c\nP1\ta 5\n", "line 2: 'a 5' is not MOVE SCORE DEPTH"},
        {"P1\ta x 3\n", "is not MOVE SCORE DEPTH"},
        {"P1\ta 30000 3\n", "out of range"},
        {"P1\ta 1 200\n", "out of range"},
        {"P1\ta 1 2\nP1\tb 1 2\n", "line 2: the position is in the book twice"},
    };
    for (const auto& [text, why] : bad) {
        auto r = engine::opening_book::parse(text);
        REQUIRE_MESSAGE(!r.ok(), text);
        CHECK_MESSAGE(r.reason().find(why) != std::string::npos, r.reason());
    }
}

TEST_CASE("every shipped book holds real positions, each with legal moves, best first") {
    constexpr int shipped_margin = 50;
    int books = 0;
    for (const auto& info : core::all_games()) {
        const engine::opening_book* book = engine::book_of(info.id);
        if (!book) continue;
        INFO(info.id);
        ++books;
        CHECK(book->find(info.new_game()->position_text()).size() >= 1);
        // Every position in the first two plies is in the book (a book made
        // with --plies 2 or more), each with at least one legal move.
        auto start = info.new_game();
        std::size_t checked = 0;
        for (std::size_t a = 0; a < start->move_count(); ++a) {
            auto g = start->clone();
            g->play(a);
            for (std::size_t b = 0; b < g->move_count(); ++b) {
                auto h = g->clone();
                h->play(b);
                if (h->current_status().over() || h->move_count() < 2) continue;
                const auto moves = book->find(h->position_text());
                INFO(h->position_text());
                REQUIRE(!moves.empty());
                int last = engine::win_score;
                for (const auto& m : moves) {
                    CHECK(h->parse_move(m.move).ok());
                    CHECK(m.score <= last);
                    // Made with --margin 50 (each book's first line): a move
                    // at best - 50 or below holds only the search's bound.
                    CHECK(m.score > moves[0].score - shipped_margin);
                    last = m.score;
                }
                ++checked;
            }
        }
        CHECK(checked > 0);
    }
    // Checkers, Oware and Ouril ship books.
    CHECK(books >= 3);
}

TEST_CASE("the engine plays from the book only when asked: full strength its best move") {
    for (const char* id : {"checkers", "oware", "ouril"}) {
        INFO(id);
        const auto* info = core::find_game(id);
        REQUIRE(info);
        const auto* book = engine::book_of(id);
        REQUIRE(book);
        auto g = info->new_game();
        const auto moves = book->find(g->position_text());
        REQUIRE(!moves.empty());
        engine::limits l;
        l.depth = 3;
        l.book = true;
        auto r = engine::think(*g, l);
        REQUIRE(r.ok());
        CHECK(r.value().from_book);
        CHECK(r.value().text == moves[0].move);
        CHECK(r.value().score == moves[0].score);
        CHECK(r.value().nodes == 0);
        l.book = false;
        auto searched = engine::think(*g, l);
        REQUIRE(searched.ok());
        CHECK_FALSE(searched.value().from_book);
        CHECK(searched.value().depth == 3);
        CHECK(searched.value().nodes > 0);
    }
}

TEST_CASE("below full strength the book's moves vary within the level's margin") {
    const auto* info = core::find_game("oware");
    const auto* book = engine::book_of("oware");
    REQUIRE(book);
    auto g = info->new_game();
    const auto moves = book->find(g->position_text());
    std::set<std::string> in_margin, played;
    const int margin = engine::level_settings(5).margin;
    for (const auto& m : moves)
        if (m.score >= moves[0].score - margin) in_margin.insert(m.move);
    engine::limits l;
    l.depth = 3;
    l.book = true;
    l.level = 5;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        l.seed = seed;
        auto r = engine::think(*g, l);
        REQUIRE(r.ok());
        CHECK(r.value().from_book);
        played.insert(r.value().text);
    }
    for (const auto& m : played) CHECK_MESSAGE(in_margin.count(m) == 1, m);
    // Sixty seeds reach every book move within the margin.
    CHECK(played == in_margin);
}

TEST_CASE("a position out of the book is searched") {
    const auto* info = core::find_game("checkers");
    auto g = info->new_game();
    // Eight plies in: past any shipped checkers book.
    for (const char* m : {"11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"})
        REQUIRE(g->try_move(m).ok());
    engine::limits l;
    l.depth = 3;
    l.book = true;
    auto r = engine::think(*g, l);
    REQUIRE(r.ok());
    CHECK_FALSE(r.value().from_book);
    CHECK(r.value().depth == 3);
}
