#pragma once
// The text of every book in core/books/, compiled in by CMake
// (core/engine/embedded_books.cpp.in); opening_book.hpp reads them.
#include <span>
#include <string_view>

namespace kibitz::core::engine {

struct embedded_book {
    std::string_view game_id;
    std::string_view text;
};

std::span<const embedded_book> embedded_books();

}  // namespace kibitz::core::engine
