#pragma once
// Opening books: for the first plies of a game, the moves a long search of the
// project's own engine found best, with their scores, so the computer plays
// them at once and (below full strength) varies among the near-best.
//
// A book is text, one position a line, made by `kibitz-cli book` and kept in
// core/books/GAME.book (compiled in):
//   # comment
//   POSITION<TAB>MOVE SCORE DEPTH<TAB>MOVE SCORE DEPTH...
// POSITION is the game's position_text(), MOVE its notation, SCORE the
// search's value for the side to move (engine.hpp), DEPTH the search's depth.
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kibitz/core/result.hpp"

namespace kibitz::core::engine {

// The shipped books keep the moves scoring less than this below the best
// (kibitz-cli book's default --margin). A level whose own margin is wider
// (levels 1-4) would find too few moves in them to vary, so it searches.
inline constexpr int book_margin = 50;

struct book_move {
    std::string move;
    int score = 0;
    int depth = 0;
};

class opening_book {
public:
    // An error names the line and what is wrong with it.
    static result<opening_book> parse(std::string_view text);
    // The moves stored for a position, best first; empty when it is not in the book.
    std::span<const book_move> find(std::string_view position) const;
    std::size_t positions() const { return lines_.size(); }

private:
    // Looked up by string_view, without a string a lookup.
    struct text_hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };
    std::unordered_map<std::string, std::vector<book_move>, text_hash, std::equal_to<>> lines_;
};

// The book compiled in for a game id; nullptr when the game has none.
const opening_book* book_of(std::string_view game_id);

}  // namespace kibitz::core::engine
