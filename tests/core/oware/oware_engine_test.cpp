// Oware tactics the engine must find, and losing moves it must avoid. The
// positions come from engine games, kept where a depth-20 search of every move
// shows the named move as the only forced win (or the only move that does not
// lose by force), or better than every other by three seeds or more, while a
// 2-ply search picks another move.
#include "support/engine_cases.hpp"

TEST_CASE("oware: captures and forced wins") {
    engine_test::check_cases("oware", {
        {"N:0,0,0,0,0,1,0,3,0,4,0,12:15,13", "D", "the only forced win; North keeps 12 seeds in F"},
        {"N:0,0,0,0,0,3,0,0,1,0,1,14:16,13", "E", "the only forced win; North keeps 14 seeds in F"},
        {"N:0,0,0,2,0,8,1,2,2,0,1,8:15,9", "C", "the only forced win"},
        {"N:0,0,0,5,0,0,0,4,0,0,15,7:10,7", "B", "thirteen seeds better than any other move"},
        {"N:0,3,0,0,3,0,1,7,4,3,3,0:8,16", "A", "the only forced win, nine seeds short of 25"},
        {"N:0,0,2,1,0,2,0,1,2,2,2,2:12,22", "C", "three seeds from 25, forced"},
        {"N:0,0,0,2,1,1,1,0,1,3,2,12:14,11", "A", "the only forced win"},
        {"N:0,1,0,0,4,8,1,0,14,2,3,6:4,5", "E", "a middlegame: six seeds better than any other move"},
        {"N:0,0,13,1,0,11,0,2,2,2,8,1:4,4", "F", "a middlegame: three seeds better than any other move"},
        {"S:0,0,4,3,2,0,0,16,0,1,4,3:13,2", "e", "five seeds better than any other; North holds 16 in B"},
        {"S:0,0,1,1,0,1,0,0,0,1,0,5:22,17", "d", "three seeds from 25, forced"},
        {"S:0,0,2,1,2,1,0,0,0,1,0,0:22,19", "f", "the only forced win"},
        {"S:0,0,0,0,2,2,0,0,0,1,1,0:23,19", "f", "captures at once and wins; e only draws"},
    }, 500000);
}

TEST_CASE("oware: the one move that does not lose") {
    engine_test::check_cases("oware", {
        {"N:0,0,0,0,2,0,0,0,1,0,1,0:23,21", "E", "C lets South reach 25"},
        {"S:0,0,3,0,3,0,2,0,4,0,7,14:8,7", "c", "e loses by force to the 14-seed pit"},
        {"S:0,0,2,2,0,0,1,0,3,1,3,1:16,19", "d", "c lets North finish"},
        {"N:0,1,3,15,0,0,0,2,1,5,0,0:13,8", "D", "B loses by force"},
    }, 500000);
}
