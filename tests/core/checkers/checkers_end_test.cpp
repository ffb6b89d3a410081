// Checkers end of game (docs/rules/checkers.md, "The end"): losses by no
// pieces and no legal move, threefold repetition, the 80-ply rule, agreement,
// and the loss taking precedence over a draw.
// Diagrams: standard orientation, b/w = black/white man, B/W = king.
#include <map>

#include "checkers_test_util.hpp"

using namespace checkers_test;
using core::status_kind;

TEST_CASE("a side with no pieces left loses") {
    // B:W9:B5   (Black to move: 5x14 takes White's last piece)
    //    .  1  .  2  .  3  .  4
    //    b  .  6  .  7  .  8  .
    //    .  w  . 10  . 11  . 12
    //   13  . 14  . 15  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  . 30  . 31  . 32  .
    auto g = load("B:W9:B5");
    CHECK(!g->current_status().over());
    play(*g, "5x14");
    CHECK(g->current_status() == core::status{status_kind::win, 0, "no pieces"});
    CHECK(g->move_count() == 0);
    CHECK(g->view().moves.empty());
    CHECK(!g->parse_move("14-18").ok());

    // Loaded directly: White to move with nothing on the board.
    auto w = load("W:W:B5");
    CHECK(w->current_status() == core::status{status_kind::win, 0, "no pieces"});
}

TEST_CASE("a side with no legal move loses") {
    // B:W29:B18,25   (Black to move; after 18-22 the man on 29 is stuck)
    //    .  1  .  2  .  3  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  . 10  . 11  . 12
    //   13  . 14  . 15  . 16  .
    //    . 17  .  b  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    .  b  . 26  . 27  . 28
    //    w  . 30  . 31  . 32  .
    auto g = load("B:W29:B18,25");
    play(*g, "18-22");
    CHECK(g->position_text() == "W:W29:B22,25");
    CHECK(g->current_status() == core::status{status_kind::win, 0, "no legal move"});
    CHECK(g->move_count() == 0);

    // B:W8,11:B4   (Black to move: 4's only step is 8, and 11 stops the jump)
    //    .  1  .  2  .  3  .  b
    //    5  .  6  .  7  .  w  .
    //    .  9  . 10  .  w  . 12
    //   13  . 14  . 15  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  . 30  . 31  . 32  .
    auto b = load("B:W8,11:B4");
    CHECK(b->current_status() == core::status{status_kind::win, 1, "no legal move"});
    CHECK(b->move_count() == 0);
}

TEST_CASE("the same position a third time is a draw; a loaded position counts once") {
    // B:WK32:BK1   (Black to move)
    //    .  B  .  2  .  3  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  . 10  . 11  . 12
    //   13  . 14  . 15  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  . 30  . 31  .  W  .
    auto g = load("B:WK32:BK1");
    const char* cycle[] = {"1-6", "32-27", "6-1", "27-32"};
    for (int ply = 0; ply < 8; ++ply) {
        CAPTURE(ply);
        REQUIRE(!g->current_status().over());
        play(*g, cycle[ply % 4]);
    }
    // The start position now stands for the third time (counts: 1 on loading, then plies 4 and 8).
    CHECK(g->current_status() == core::status{status_kind::draw, -1, "threefold repetition"});
    CHECK(g->move_count() == 0);
    CHECK(!g->try_move("1-6").ok());

    // Same board, different history: not equal.
    auto fresh = load("B:WK32:BK1");
    auto twice = load("B:WK32:BK1");
    for (int ply = 0; ply < 4; ++ply) play(*twice, cycle[ply]);
    CHECK(twice->position_text() == fresh->position_text());
    CHECK(!twice->equals(*fresh));
    CHECK(twice->clone()->equals(*twice));
}

namespace {

// The 80-ply scenario. W:WK4:B9,11,15,K16,K22,K29 (White to move):
//    .  1  .  2  .  3  .  W
//    5  .  6  .  7  .  8  .
//    .  b  . 10  .  b  . 12
//   13  . 14  .  b  .  B  .
//    . 17  . 18  . 19  . 20
//   21  .  B  . 23  . 24  .
//    . 25  . 26  . 27  . 28
//    B  . 30  . 31  . 32  .
// White's king shuttles 4-8, 8-4 (it can never capture: 11 is backed by 15,
// 12 and 3 lead off the board). Black's kings on 22 and 29 roam squares
// 17-32, never to a position already seen twice, so nothing occurs thrice. On ply 78
// Black plays 16-12, on ply 79 White returns 8-4, and on ply 80 `last` is
// played: 12-8 shuts the king in its corner (8 taken, 11 behind it).
// If `man_at_40`, Black's 40th ply is 9-13 instead, a man move.
enum class last_ply { trap, roam };

std::unique_ptr<core::game> run_quiet_plies(last_ply last, bool man_at_40) {
    auto g = load("W:WK4:B9,11,15,K16,K22,K29");
    std::map<std::string, int> seen{{g->position_text(), 1}};
    bool white_on_4 = true;
    for (int ply = 1; ply <= 80; ++ply) {
        CAPTURE(ply);
        REQUIRE(!g->current_status().over());
        if (ply % 2 == 1) {
            play(*g, white_on_4 ? "4-8" : "8-4");
            white_on_4 = !white_on_4;
        } else if (ply == 78) {
            play(*g, "16-12");
        } else if (ply == 80 && last == last_ply::trap) {
            play(*g, "12-8");
        } else if (ply == 40 && man_at_40) {
            play(*g, "9-13");
        } else {
            bool moved = false;
            for (std::size_t i = 0; i < g->move_count() && !moved; ++i) {
                std::string text = g->move_text(i);
                const auto dash = text.find('-');
                if (dash == std::string::npos) continue;  // never a capture
                if (std::stoi(text.substr(0, dash)) < 17 || std::stoi(text.substr(dash + 1)) < 17)
                    continue;
                auto next = g->clone();
                next->play(i);
                if (seen[next->position_text()] >= 2) continue;  // a third time would draw
                ++seen[next->position_text()];
                g->play(i);
                moved = true;
            }
            REQUIRE_MESSAGE(moved, "no fresh roaming move");
        }
    }
    return g;
}

}  // namespace

TEST_CASE("80 plies without capture or man move draw; a man move restarts the count") {
    auto g = run_quiet_plies(last_ply::roam, false);
    CHECK(g->current_status() == core::status{status_kind::draw, -1, "40-move rule"});
    CHECK(g->move_count() == 0);

    auto reset = run_quiet_plies(last_ply::roam, true);
    CHECK(!reset->current_status().over());  // only 40 quiet plies since 9-13
    CHECK(reset->move_count() > 0);
}

TEST_CASE("a move that leaves the opponent without a move wins, even on the 80th quiet ply") {
    auto g = run_quiet_plies(last_ply::trap, false);
    // White's king on 4, Black's king on 8 and man on 11 shut it in.
    const std::string text = g->position_text();
    CHECK(text.rfind("W:WK4:B", 0) == 0);
    CHECK(text.find("K8,") != std::string::npos);
    CHECK(text.find(",11,") != std::string::npos);
    CHECK(g->current_status() == core::status{status_kind::win, 0, "no legal move"});
    CHECK(g->move_count() == 0);
}

TEST_CASE("ending by agreement is a draw") {
    auto g = kibitz::core::checkers::new_game();
    CHECK(g->agreed_end() == core::status{status_kind::draw, -1, "agreement"});
    CHECK(!g->current_status().over());
}
