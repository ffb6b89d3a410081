// The opening books (core/books/, opening_book.hpp): every shipped book reads,
// holds real positions and legal moves, and the engine plays from it only
// when asked, at full strength its best move, below that varied among its
// near-best moves.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/embedded_books.hpp"
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

namespace {

// Every position `plies` or fewer plies from g with a choice of move is in
// the book, with legal moves only, best first, all of them exact scores.
int check_covered(const engine::opening_book& book, const core::game& g, int plies) {
    if (g.current_status().over()) return 0;
    int checked = 0;
    if (g.move_count() >= 2) {
        INFO(g.position_text());
        const auto moves = book.find(g.position_text());
        REQUIRE(!moves.empty());
        for (std::size_t i = 0; i < moves.size(); ++i) {
            CHECK(g.parse_move(moves[i].move).ok());
            if (i) CHECK(moves[i].score <= moves[i - 1].score);
            // A move at best - book_margin or below holds only the search's bound.
            CHECK(moves[i].score > moves[0].score - engine::book_margin);
        }
        ++checked;
    }
    if (plies == 0) return checked;
    for (std::size_t m = 0; m < g.move_count(); ++m) {
        auto next = g.clone();
        next->play(m);
        checked += check_covered(book, *next, plies - 1);
    }
    return checked;
}

// think() with the book asked for (and depth 3 where it searches).
engine::report think_with_book(const core::game& g, int level = engine::max_level,
                               std::uint64_t seed = 1) {
    engine::limits l;
    l.depth = 3;
    l.book = true;
    l.level = level;
    l.seed = seed;
    auto r = engine::think(g, l);
    REQUIRE(r.ok());
    return r.value();
}

}  // namespace

TEST_CASE("every shipped book reads, names a game, and covers its first three plies") {
    int books = 0;
    for (const auto& [id, text] : engine::embedded_books()) {
        INFO(id);
        const auto* info = core::find_game(id);
        REQUIRE(info);
        auto parsed = engine::opening_book::parse(text);
        REQUIRE_MESSAGE(parsed.ok(), parsed.reason());
        const engine::opening_book* book = engine::book_of(id);
        REQUIRE(book);
        CHECK(book->positions() == parsed.value().positions());
        CHECK(check_covered(*book, *info->new_game(), 3) > 100);
        ++books;
    }
    // Checkers, Oware and Ouril ship books.
    CHECK(books == 3);
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
        const auto r = think_with_book(*g);
        CHECK(r.from_book);
        CHECK(r.text == moves[0].move);
        CHECK(r.score == moves[0].score);
        CHECK(r.nodes == 0);
        engine::limits l;
        l.depth = 3;
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
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const auto r = think_with_book(*g, 5, seed);
        CHECK(r.from_book);
        played.insert(r.text);
    }
    for (const auto& m : played) CHECK_MESSAGE(in_margin.count(m) == 1, m);
    // Sixty seeds reach every book move within the margin.
    CHECK(played == in_margin);
}

TEST_CASE("levels 1-4 search: their margins are wider than the book's") {
    CHECK(engine::level_settings(4).margin > engine::book_margin);
    CHECK(engine::level_settings(5).margin <= engine::book_margin);
    const auto r = think_with_book(*core::find_game("checkers")->new_game(), 4);
    CHECK_FALSE(r.from_book);
    CHECK(r.nodes > 0);
}

TEST_CASE("a position out of the book is searched") {
    const auto* info = core::find_game("checkers");
    auto g = info->new_game();
    // Eight plies in: past any shipped checkers book.
    for (const char* m : {"11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"})
        REQUIRE(g->try_move(m).ok());
    const auto r = think_with_book(*g);
    CHECK_FALSE(r.from_book);
    CHECK(r.depth == 3);
}
