// Ouril tactics: grand slams with their extra turn, single seeds, forced wins.
// Chosen as for Oware (oware_engine_test.cpp): a depth-20 search of every move
// shows the named move as the only forced win (or the only move that does not
// lose by force), or better than every other by three seeds or more.
#include "support/engine_cases.hpp"

TEST_CASE("ouril: captures, grand slams and forced wins") {
    engine_test::check_cases("ouril", {
        {"N:0,0,0,1,0,0,1,0,0,0,2,2:18,24", "F", "one seed short of 25: the only forced win"},
        {"N:0,0,0,2,10,9,0,2,1,2,4,9:3,6", "B", "a forced win from a full board"},
        {"N:0,1,3,2,2,1,3,1,0,2,9,14:3,7", "A", "the only forced win; the rest lose"},
        {"N:0,2,1,0,0,1,1,0,3,3,2,2:18,15", "D", "the only forced win"},
        {"N:0,2,1,1,1,2,1,2,12,4,0,0:5,17", "D", "the only forced win"},
        {"N:0,7,1,1,1,2,0,0,7,5,4,1:17,2", "D", "the only forced win"},
        {"N:1,0,1,0,2,0,3,6,1,1,1,1:18,13", "A", "the only forced win"},
        {"N:1,3,2,3,1,0,1,4,4,3,11,4:0,11", "D", "the only forced win"},
        {"N:5,0,1,6,6,6,6,4,4,0,5,5:0,0", "C", "a forced win before any seed is taken"},
        {"N:6,0,0,7,6,0,6,6,1,6,6,0:2,2", "D", "the only forced win"},
        {"N:6,2,1,7,0,7,6,6,5,1,1,6:0,0", "C", "a forced win; the next best only holds level"},
        {"N:0,2,7,6,6,2,7,5,0,6,1,6:0,0", "A", "twelve seeds better than any other move"},
        {"S:0,6,2,1,4,0,0,0,0,0,1,4:18,12", "e", "the only forced win"},
        {"S:0,0,4,3,1,0,0,1,14,2,0,4:11,8", "d", "seven seeds better than any other move"},
    }, 500000);
}

TEST_CASE("ouril: the one move that does not lose") {
    engine_test::check_cases("ouril", {
        {"N:0,3,5,0,0,5,0,0,11,1,6,13:2,2", "F", "E loses by force"},
        {"N:2,1,0,4,4,14,0,2,1,1,4,12:0,3", "F", "B loses by force"},
        {"N:3,1,0,3,6,11,2,9,1,7,0,0:3,2", "D", "A loses by force"},
        {"S:0,7,2,0,2,1,1,0,0,2,2,2:12,17", "e", "c loses by force"},
        {"S:0,0,4,3,0,6,14,0,1,2,7,3:0,8", "d", "f loses by force"},
    }, 500000);
}
