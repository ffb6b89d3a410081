// One suite over every registered game (in the spirit of OpenSpiel's random
// simulation test): random games from fixed seeds check that the interface's
// promises hold at every step, whatever the game.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "kibitz/core/registry.hpp"

namespace core = kibitz::core;

namespace {

constexpr int seeds_per_game = 24;
constexpr int random_game_plies = 20000;

int count_pieces(const core::board_view& v, std::string_view kind) {
    int n = 0;
    for (const auto& p : v.pieces)
        if (p.kind == kind) ++n;
    return n;
}

// Invariants each game's rules guarantee, read from the rules-free view only.
void check_invariants(std::string_view id, const core::board_view& v) {
    if (id == "oware" || id == "ouril") {
        int seeds = 0;
        for (const auto& p : v.pieces) seeds += p.count;
        CHECK(seeds == 48);
    } else if (id == "opprimo") {
        // Conversion changes a piece's colour, never removes it.
        CHECK(count_pieces(v, "soldier") + count_pieces(v, "knight") == 20);
        CHECK(count_pieces(v, "king") == 2);
    } else if (id == "oferhlyp") {
        for (const auto& p : v.pieces) CHECK((p.hit_points == 1 || p.hit_points == 2));
        CHECK(v.pieces.size() <= 28);
    } else if (id == "checkers") {
        CHECK(v.pieces.size() <= 24);
    }
}

void check_position(const core::game_info& info, const core::game& g) {
    const std::size_t n = g.move_count();
    std::set<std::string> texts;
    for (std::size_t i = 0; i < n; ++i) {
        std::string text = g.move_text(i);
        CHECK_MESSAGE(texts.insert(text).second, "duplicate move " << text);
        auto parsed = g.parse_move(text);
        REQUIRE_MESSAGE(parsed.ok(), text << ": " << parsed.reason());
        CHECK(parsed.value() == i);
    }

    auto view = g.view();
    REQUIRE(view.moves.size() == n);
    for (std::size_t i = 0; i < n; ++i) {
        CHECK(view.moves[i].text == g.move_text(i));
        CHECK(!view.moves[i].path.empty());
    }
    check_invariants(info.id, view);

    const std::string text = g.position_text();
    auto reloaded = info.from_position(text);
    REQUIRE_MESSAGE(reloaded.ok(), text << ": " << reloaded.reason());
    CHECK(reloaded.value()->position_text() == text);
    if (!g.current_status().over()) {
        CHECK(reloaded.value()->to_move() == g.to_move());
        // A reloaded game has a fresh history, so repetition may prune fewer moves.
        CHECK(reloaded.value()->move_count() >= n);
    }

    auto copy = g.clone();
    CHECK(copy->equals(g));
    CHECK(copy->position_text() == text);
    CHECK(copy->current_status() == g.current_status());
}

// board_view has no operator==: field by field, every field.
bool same(const core::cell& a, const core::cell& b) {
    return std::tie(a.id, a.kind, a.x, a.y, a.corners, a.tags) ==
           std::tie(b.id, b.kind, b.x, b.y, b.corners, b.tags);
}
bool same(const core::piece& a, const core::piece& b) {
    return std::tie(a.at, a.owner, a.kind, a.hit_points, a.count) ==
           std::tie(b.at, b.owner, b.kind, b.hit_points, b.count);
}
bool same(const core::move_view& a, const core::move_view& b) {
    return std::tie(a.text, a.path, a.affected) == std::tie(b.text, b.path, b.affected);
}
template <class T>
bool same(const std::vector<T>& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const T& x, const T& y) { return same(x, y); });
}

// Plays a random game from `seed` and calls visit(game) at every position,
// the final one included.
template <class Visit>
void visit_random_game(const core::game_info& info, int seed, Visit visit) {
    std::mt19937_64 rng(seed);
    auto g = info.new_game();
    for (int plies = 0; !g->current_status().over() && plies < random_game_plies; ++plies) {
        visit(*g);
        REQUIRE(g->move_count() > 0);
        g->play(rng() % g->move_count());
    }
    visit(*g);
}

}  // namespace

TEST_CASE("every registered game keeps the interface's promises in random play") {
    REQUIRE(core::all_games().size() == 5);
    for (const auto& info : core::all_games()) {
        CAPTURE(info.id);
        long long total_plies = 0;
        for (int seed = 1; seed <= seeds_per_game; ++seed) {
            CAPTURE(seed);
            std::mt19937_64 rng(seed);
            auto g = info.new_game();
            CHECK(g->id() == info.id);
            int plies = 0;
            while (!g->current_status().over() && plies < random_game_plies) {
                check_position(info, *g);
                REQUIRE(g->move_count() > 0);
                auto before = g->clone();
                std::size_t pick = rng() % g->move_count();
                g->play(pick);
                CHECK(!before->equals(*g));
                ++plies;
            }
            total_plies += plies;
            REQUIRE_MESSAGE(g->current_status().over(),
                            "game did not end in " << random_game_plies);
            CHECK(g->move_count() == 0);
            CHECK(g->view().moves.empty());
            CHECK(!g->current_status().reason.empty());
            check_position(info, *g);
        }
        MESSAGE(info.id << ": " << seeds_per_game << " games, " << total_plies << " plies");
    }
}

TEST_CASE("view_without_cells is the default's: view() without layout, extent and cells") {
    for (const auto& info : core::all_games()) {
        CAPTURE(info.id);
        for (int seed = 1; seed <= 6; ++seed) {
            CAPTURE(seed);
            visit_random_game(info, seed, [](const core::game& g) {
                const core::board_view full = g.view();
                // So the comparison below is not vacuous: there was something to drop.
                REQUIRE(!full.cells.empty());
                REQUIRE(!full.layout.empty());
                // The base class's implementation, called without virtual dispatch.
                const core::board_view want = g.game::view_without_cells();
                REQUIRE(want.cells.empty());
                const core::board_view got = g.view_without_cells();
                CHECK(got.layout == want.layout);
                CHECK(got.width == want.width);
                CHECK(got.height == want.height);
                CHECK(same(got.cells, want.cells));
                CHECK(same(got.pieces, want.pieces));
                CHECK(same(got.pieces, full.pieces));
                CHECK(got.to_move == want.to_move);
                CHECK(same(got.moves, want.moves));
                CHECK(same(got.moves, full.moves));
            });
        }
    }
}

TEST_CASE("refusals explain only cells that start no legal move, each once, in one line") {
    int explained_somewhere = 0;
    for (const auto& info : core::all_games()) {
        CAPTURE(info.id);
        for (int seed = 1; seed <= 6; ++seed) {
            CAPTURE(seed);
            int explained = 0;
            visit_random_game(info, seed, [&](const core::game& g) {
                const core::board_view v = g.view_for_mover(true);
                std::set<std::string> starts, ids, seen;
                for (const auto& m : v.moves) starts.insert(m.path.front());
                for (const auto& c : v.cells) ids.insert(c.id);
                if (g.current_status().over()) CHECK(v.refusals.empty());
                for (const auto& r : v.refusals) {
                    CHECK(!r.reason.empty());
                    CHECK(r.reason.find('\n') == std::string::npos);
                    CHECK(!r.cells.empty());
                    for (const auto& c : r.cells) {
                        CAPTURE(c);
                        CHECK(ids.count(c) == 1);
                        CHECK(starts.count(c) == 0);
                        CHECK(seen.insert(c).second);
                        ++explained;
                    }
                }
                // Only the mover's own cells: a piece of the opponent's is no question.
                for (const auto& p : v.pieces)
                    if (p.owner != v.to_move && p.owner >= 0) CHECK(seen.count(p.at) == 0);
                // Without cells the same refusals: a move event says what a state says.
                const core::board_view lean = g.view_for_mover(false);
                REQUIRE(lean.refusals.size() == v.refusals.size());
                for (std::size_t i = 0; i < v.refusals.size(); ++i) {
                    CHECK(lean.refusals[i].reason == v.refusals[i].reason);
                    CHECK(lean.refusals[i].cells == v.refusals[i].cells);
                }
            });
            explained_somewhere += explained;
        }
    }
    CHECK(explained_somewhere > 0);  // so the checks above are not vacuous
}

TEST_CASE("hostile move and position texts are refused with a reason, never a crash") {
    std::mt19937_64 rng(7);
    // A std::string literal (""s): from a plain C string the NUL would end the
    // text and never be drawn.
    using namespace std::string_literals;
    const std::string alphabet = "abcdefgABCDEFGK0123456789:-x~>()=,.;NW WB\t\n\xff\x00"s;
    REQUIRE(alphabet.back() == '\0');
    for (const auto& info : core::all_games()) {
        CAPTURE(info.id);
        auto g = info.new_game();
        const std::string start = g->position_text();
        for (int i = 0; i < 3000; ++i) {
            std::string junk;
            std::size_t len = rng() % 40;
            for (std::size_t k = 0; k < len; ++k) junk += alphabet[rng() % alphabet.size()];
            auto move = g->parse_move(junk);
            if (!move) CHECK(!move.reason().empty());
            // Mutate the real position text: flip, drop or insert one character.
            std::string text = start;
            std::size_t at = rng() % text.size();
            switch (rng() % 3) {
                case 0: text[at] = alphabet[rng() % alphabet.size()]; break;
                case 1: text.erase(at, 1); break;
                default: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
            }
            auto loaded = info.from_position(text);
            if (loaded) {
                CHECK(loaded.value()->position_text().size() > 0);
            } else {
                CHECK(!loaded.reason().empty());
            }
        }
        CHECK(g->position_text() == start);
        for (const char* bad : {"", " ", "99999999999999999999", "-", "x", "K:", ":::", "--"}) {
            CHECK(!g->parse_move(bad).ok());
        }
        CHECK(!info.from_position("").ok());
    }
}

TEST_CASE("registry finds each game by id and nothing else") {
    for (const char* id : {"checkers", "oferhlyp", "opprimo", "oware", "ouril"}) {
        const auto* info = core::find_game(id);
        REQUIRE(info != nullptr);
        CHECK(info->id == id);
        CHECK(info->new_game()->id() == id);
    }
    CHECK(core::find_game("chess") == nullptr);
    CHECK(core::find_game("") == nullptr);
}
