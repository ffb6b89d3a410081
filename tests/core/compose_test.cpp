// The position editor over every registered game: the pieces of any position
// reached in play, composed again, give the same board and side to move, and
// the composed position survives position_text -> from_position unchanged.
// Per-game refusals are in tests/core/<game>/<game>_compose_test.cpp.
#include <random>

#include "support/compose_util.hpp"

using namespace compose_test;

namespace {

void same_board(const board_view& a, const board_view& b) {
    REQUIRE(a.pieces.size() == b.pieces.size());
    for (std::size_t i = 0; i < a.pieces.size(); ++i) {
        CHECK(a.pieces[i].at == b.pieces[i].at);
        CHECK(a.pieces[i].owner == b.pieces[i].owner);
        CHECK(a.pieces[i].kind == b.pieces[i].kind);
        CHECK(a.pieces[i].hit_points == b.pieces[i].hit_points);
        CHECK(a.pieces[i].count == b.pieces[i].count);
    }
    CHECK(a.to_move == b.to_move);
}

}  // namespace

TEST_CASE("every game: positions from play compose back to themselves") {
    std::mt19937 rng(11);
    for (const auto& info : all_games()) {
        CAPTURE(info.id);
        REQUIRE(bool(info.compose));
        REQUIRE(!info.about.piece_kinds.empty());
        for (int playout = 0; playout < 8; ++playout) {
            auto g = info.new_game();
            for (int ply = 0; ply < 60 && g->move_count(); ++ply) {
                const board_view v = g->view();
                auto composed = info.compose({v.to_move, v.pieces});
                REQUIRE_MESSAGE(composed.ok(), g->position_text()
                                                   << ": "
                                                   << (composed.ok() ? "" : composed.reason()));
                same_board(composed.value()->view(), v);
                const std::string text = composed.value()->position_text();
                auto reloaded = info.from_position(text);
                REQUIRE(reloaded.ok());
                CHECK(reloaded.value()->position_text() == text);
                g->play(std::uniform_int_distribution<std::size_t>(0, g->move_count() - 1)(rng));
            }
        }
    }
}

TEST_CASE("every game: what no game accepts is refused with the reason") {
    for (const auto& info : all_games()) {
        CAPTURE(info.id);
        const board_view v = info.new_game()->view();
        const piece first = v.pieces.front();
        auto with = [&](piece p) {
            composition c{0, v.pieces};
            c.pieces.push_back(std::move(p));
            return c;
        };
        piece nowhere = first;
        nowhere.at = "Z99";
        CHECK(refused(info.id, with(nowhere)) == "there is no cell 'Z99' on this board");
        CHECK(refused(info.id, with(first)) == "two pieces on " + first.at);
        composition bad_kind{0, v.pieces};
        bad_kind.pieces.front().kind = "dragon";
        CHECK(refused(info.id, bad_kind).starts_with("there is no piece 'dragon' in "));
        CHECK(refused(info.id, {2, v.pieces}) == "the side to move is seat 0 or seat 1");
        CHECK(accepted(info.id, {0, v.pieces}) == info.new_game()->position_text());
    }
}
