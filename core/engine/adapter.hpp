#pragma once
// What a game must tell the shared search (search.hpp) about itself. Each game
// writes one adapter in its own folder (<game>_engine.cpp), over its own fast
// position type; the search instantiates itself over it, so every call below is
// inlined, as in the perft fast paths.
//
//   using position, move;                 copied freely (small, trivially copyable)
//   static constexpr bool forced_noisy;   when a noisy move exists every legal move
//                                         is noisy and one must be played (checkers'
//                                         forced capture): quiescence may not stand pat
//   static constexpr int history_size;    history_slot() is below it
//   std::uint64_t hash(const position&)   includes the side to move and anything else
//                                         that makes positions differ for the rules
//   int side(const position&)             the seat to move (it may stay the same after
//                                         a move: Ouril's extra turn)
//   outcome terminal(const position&)     the game already over in this position, seen
//                                         from the side to move (none: go on)
//   void generate(const position&, std::vector<move>&)   legal moves, repetition aside
//   outcome no_moves(const position&)     the result when generate() found none
//   outcome repetition(const position&)   the result when a position repeats
//   int quiet_limit()                     plies without an irreversible move that draw; 0: none
//   position play(const position&, const move&)
//   bool irreversible(const position&, const move&)   no earlier position can recur after it
//   int evaluate(const position&)         static value for the side to move
//   bool noisy(const position&, const move&)          searched on in quiescence
//   int order(const position&, const move&)           noisy moves: higher searched first
//   std::uint32_t key(const move&)        non-zero; tells a position's moves apart
//   int history_slot(const position&, const move&)    for the history heuristic
//   std::string text(const position&, const move&)    the game's notation
//   optional: bool known(const position&, int& score) an exact score from an endgame
//                                         table (the search stops there); the search
//                                         calls it only where the adapter has it;
//                                         or known(position, int ply, int quiet,
//                                         int& score) for a table that knows the
//                                         distance to the end (ply: from the root;
//                                         quiet: plies since the last irreversible move)
//   optional: static constexpr int cut_margin   verified cuts (search_impl.hpp): a
//                                         non-PV node whose static value clears beta
//                                         by this much is cut when a search 4 plies
//                                         shallower agrees; absent or 0: none
//
// search_adapter below is this contract as the compiler checks it: the search
// accepts no adapter that misses a member or returns another type.
#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace kibitz::core::engine {

// A game's result seen from the side to move.
enum class outcome : std::uint8_t { none, win, loss, draw };

template <class A>
concept search_adapter = std::is_trivially_copyable_v<typename A::position> &&
                         std::is_trivially_copyable_v<typename A::move> &&
                         requires(const A& a, const typename A::position& p,
                                  const typename A::move& m, std::vector<typename A::move>& out) {
                             { A::forced_noisy } -> std::convertible_to<bool>;
                             { A::history_size } -> std::convertible_to<int>;
                             { a.hash(p) } -> std::same_as<std::uint64_t>;
                             { a.side(p) } -> std::same_as<int>;
                             { a.terminal(p) } -> std::same_as<outcome>;
                             { a.generate(p, out) } -> std::same_as<void>;
                             { a.no_moves(p) } -> std::same_as<outcome>;
                             { a.repetition(p) } -> std::same_as<outcome>;
                             { a.quiet_limit() } -> std::same_as<int>;
                             { a.play(p, m) } -> std::same_as<typename A::position>;
                             { a.irreversible(p, m) } -> std::same_as<bool>;
                             { a.evaluate(p) } -> std::same_as<int>;
                             { a.noisy(p, m) } -> std::same_as<bool>;
                             { a.order(p, m) } -> std::same_as<int>;
                             { a.key(m) } -> std::same_as<std::uint32_t>;
                             { a.history_slot(p, m) } -> std::same_as<int>;
                             { a.text(p, m) } -> std::same_as<std::string>;
                         };

}  // namespace kibitz::core::engine
