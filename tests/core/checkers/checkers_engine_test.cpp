// Checkers tactics the engine must find, and losing moves it must avoid. The
// positions come from engine games, kept where a depth-16 search of every move
// shows the named move as the only forced win, or better than every other by
// two men or more, while a 2-ply search picks another move.
#include "support/engine_cases.hpp"

TEST_CASE("checkers: shots and forced wins") {
    engine_test::check_cases("checkers", {
        {"B:W6,23,29:B5,8,11,15,21,22,K31", "31-26", "26x19 cannot be stopped"},
        {"W:WK1,K3,5,K11,14,15,28,29:BK19,K30", "14-9", "14-9 19x10 1-6 10x1: a man for the king"},
        {"B:WK9,21:B14,20,23,K27", "27-32", "27-32 9x18x27 32x23: the king is lured and taken"},
        {"W:WK2,K11,13,K24,32:BK10,23,K26", "2-7", "2-7 10x3 24-27: one given, the rest trapped"},
        {"W:WK2,K15,K21,K28:BK27,K30", "15-18", "15-18 and 18-22: two for one"},
        {"B:WK3:B4,23,K26", "4-8", "4-8 3x12 23-27: the king is drawn away"},
        {"B:WK4,K13:BK15,K21,K27,K31", "21-17", "21-17 13x22 27-23: the king is shut in"},
        {"B:WK8,K9,29:B14,K23,28,K30", "28-32", "28-32 9x18x27 32x23"},
        {"W:WK3,K8,K12,K17:BK19,K30", "12-16", "12-16 19x12 8-11 16x7 3x10: two for one"},
        {"W:WK4,K11,K13:BK19", "11-16", "11-16 19x12 4-8 12x3: the last king is cornered"},
        {"B:WK10:BK1,K30", "30-26", "two kings against one: drive it out of the double corner"},
        {"B:W14,18,20,22,23,24,26,29:B5,6,7,8,11,13,15,16", "6-9", "6-9 prepares 16-19 23x16x7 14x23x30"},
        {"W:W18,19,21,22,23,25,32:B6,9,10,11,12,13,14", "18-15", "18-15 11x18x27 32x23: a man for position"},
        {"B:W19,20,25,27,28,30,32:B5,6,7,9,11,12,17,21", "6-10", "6-10 sets up 17x26 30x23x16"},
        {"W:W16,17,19,22,30:B5,8,10,12,13,14,20", "19-15", "19-15 10x19 17x10: back level at once"},
    }, 400000);
}

TEST_CASE("checkers: the one move that does not lose at once") {
    engine_test::check_cases("checkers", {
        {"W:W7:B8,17,19,20,25,27", "7-2", "7-3 walks into a trap"},
        {"B:WK2,K9,K14:BK31", "31-27", "31-26 is caught in a few moves"},
        {"B:WK3,13,16,21,23,24,28,29:B5,6,9,10", "10-14", "10-15 loses everything"},
        {"W:WK9:BK2,K25", "9-5", "the double corner; 9-14 is caught"},
        {"B:WK7,K12,K26:B4,K14", "14-9", "4-8 loses the man and the game"},
        {"W:W17,18,22,23,26,27,29,30:B5,8,9,10,11,12,13,16,20,K32", "17-14", "give one back now, not two later"},
    }, 400000);
}

TEST_CASE("checkers: the shortest win, and the longest defence") {
    // Both moves win, but 2-7 in 13 plies against 16-11 in 17.
    engine_test::check_cases("checkers", {
        {"W:WK2,K9,K16,19:BK10,K25", "2-7", "the quicker of two wins"},
        {"B:WK3,20:B12,K22,K32", "22-18", "wins in 9 plies; 22-17 needs 17"},
        // Lost either way: 31-27 lasts 16 plies, 31-26 only 6.
        {"B:WK2,K10,K14:BK31", "31-27", "the longer defence"},
    }, 2000000);
}
