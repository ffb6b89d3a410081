// The Swiss pure rules (server/tournament) on hand-computed cases: the first
// rounds' pairings and sides, byes, absences, Buchholz and Sonneborn-Berger.
#include <doctest/doctest.h>

#include "tournament/rules/swiss_pairing.hpp"
#include "tournament/rules/swiss_sides.hpp"
#include "tournament/rules/tie_breaks.hpp"

using namespace kibitz::server::tournament;

namespace {

std::vector<swiss_entrant> field(int n) {  // p1 the highest rated
    std::vector<swiss_entrant> f;
    for (int i = 1; i <= n; ++i) f.push_back({"p" + std::to_string(i), 2100 - 100 * i});
    return f;
}

bool has_pair(const swiss_round_pairing& r, const std::string& first, const std::string& second) {
    for (const auto& p : r.pairs)
        if (p.first == first && p.second == second) return true;
    return false;
}

}  // namespace

TEST_CASE(
    "swiss: round one pairs the top half against the bottom half, sides alternating by board") {
    auto r = pair_swiss_round(field(4), {});
    REQUIRE(r);
    CHECK(r->bye.empty());
    CHECK_FALSE(r->sides_relaxed);
    REQUIRE(r->pairs.size() == 2);
    CHECK(has_pair(*r, "p1", "p3"));  // board 1: the higher ranked takes first
    CHECK(has_pair(*r, "p4", "p2"));  // board 2: the other way round
}

TEST_CASE("swiss: the bye goes to the lowest ranked player who has not had one") {
    auto r1 = pair_swiss_round(field(5), {});
    REQUIRE(r1);
    CHECK(r1->bye == "p5");
    CHECK(has_pair(*r1, "p1", "p3"));
    CHECK(has_pair(*r1, "p4", "p2"));
    // Round two: p1, p2 and p5 have 2 points; p5 cannot have a second bye.
    std::vector<swiss_game> history{{1, "p1", "p3", swiss_result::first_won},
                                    {1, "p4", "p2", swiss_result::second_won},
                                    {1, "p5", "", swiss_result::bye}};
    auto r2 = pair_swiss_round(field(5), history);
    REQUIRE(r2);
    CHECK(r2->bye == "p4");  // the lowest of the players without a bye (scores: p4 0, p3 0)
    // Score group {p1, p2, p5}: p1 meets p2; p5 floats down to p3.
    CHECK(has_pair(*r2, "p2", "p1"));  // p1 had first, p2 second: both alternate
    CHECK(has_pair(*r2, "p3", "p5"));  // p3 had second; p5 has not played
}

TEST_CASE("swiss: score groups pair apart; a transposition grants both players their sides") {
    // Round 1 of 8 (p1-p5, p6-p2, p3-p7, p8-p4): the higher rated all win.
    std::vector<swiss_game> history{{1, "p1", "p5", swiss_result::first_won},
                                    {1, "p6", "p2", swiss_result::second_won},
                                    {1, "p3", "p7", swiss_result::first_won},
                                    {1, "p8", "p4", swiss_result::second_won}};
    REQUIRE(pair_swiss_round(field(8), {})->pairs.size() == 4);
    auto r = pair_swiss_round(field(8), history);
    REQUIRE(r);
    REQUIRE(r->pairs.size() == 4);
    // Winners {p1 p2 | p3 p4}: p1-p3 would leave one of them without second (both
    // had first), so p1 meets p4 and p2 meets p3, each on the side they want.
    CHECK(has_pair(*r, "p4", "p1"));
    CHECK(has_pair(*r, "p2", "p3"));
    // Losers {p5 p6 | p7 p8}: likewise p5-p8 and p6-p7.
    CHECK(has_pair(*r, "p5", "p8"));
    CHECK(has_pair(*r, "p7", "p6"));
    CHECK(r->pairs[0].second == "p1");  // the top board first
}

TEST_CASE("swiss: no pairing repeats a game; none possible means the event ends") {
    std::vector<swiss_game> history{{1, "p1", "p2", swiss_result::draw}};
    CHECK_FALSE(pair_swiss_round(field(2), history));
    // Three players, everyone has met or had the bye: no round 4.
    std::vector<swiss_game> all{
        {1, "p1", "p2", swiss_result::draw}, {1, "p3", "", swiss_result::bye},
        {2, "p3", "p1", swiss_result::draw}, {2, "p2", "", swiss_result::bye},
        {3, "p2", "p3", swiss_result::draw}, {3, "p1", "", swiss_result::bye}};
    CHECK_FALSE(pair_swiss_round(field(3), all));
    // A forfeited game counts as met too.
    std::vector<swiss_game> forfeit{{1, "p1", "p2", swiss_result::first_forfeited}};
    CHECK_FALSE(pair_swiss_round(field(2), forfeit));
    // Nobody present: an empty round; one player alone: the bye.
    CHECK(pair_swiss_round({}, {})->pairs.empty());
    CHECK(pair_swiss_round(field(1), {})->bye == "p1");
}

TEST_CASE("swiss sides: balance within 2 and never three alike in a row; preferences by strength") {
    using s = side;
    const std::vector<side> ff{s::first, s::first}, fsf{s::first, s::second, s::first};
    const std::vector<side> ffsf{s::first, s::first, s::second, s::first};
    CHECK_FALSE(side_allowed(ff, s::first));  // a third in a row
    CHECK(side_allowed(ff, s::second));
    CHECK(side_allowed(fsf, s::first));         // balance 2 is the limit, allowed
    CHECK_FALSE(side_allowed(ffsf, s::first));  // balance 3
    CHECK(side_allowed(ffsf, s::second));
    CHECK(preferred_side(fsf).wants == s::second);
    CHECK(preferred_side(fsf).strength == 2);
    CHECK(preferred_side(ff).strength == 3);
    CHECK(preferred_side(ffsf).strength == 3);
    CHECK(preferred_side(std::vector<side>{s::first, s::second}).wants == s::first);
    CHECK(preferred_side(std::vector<side>{s::first, s::second}).strength == 1);
    CHECK_FALSE(preferred_side(std::vector<side>{}).wants);

    const std::vector<side> fs{s::first, s::second}, sf{s::second, s::first}, f{s::first};
    CHECK(high_takes_first(sf, ff, 2));  // low may not take first a third time
    CHECK(high_takes_first(fs, sf, 2));  // different wishes: both granted
    CHECK(high_takes_first(sf, f, 2));   // both want second; low's wish is stronger
    CHECK_FALSE(high_takes_first(f, sf, 1));  // both want second; high's is stronger
    // Equal wishes (first, strong): alternate from the last round their sides differed,
    // when high had first.
    const std::vector<side> ssf{s::second, s::second, s::first},
        sfs{s::second, s::first, s::second};
    CHECK_FALSE(high_takes_first(ssf, sfs, 1));
    CHECK(high_takes_first(sfs, ssf, 1));
    // No history on either side: alternate down the boards.
    CHECK(high_takes_first({}, {}, 1));
    CHECK_FALSE(high_takes_first({}, {}, 2));
}

TEST_CASE("swiss absences: a no-show forfeits, both absent both lose, absentees are withdrawn") {
    std::vector<swiss_game> round{{3, "a", "b", swiss_result::ongoing},
                                  {3, "c", "d", swiss_result::ongoing},
                                  {3, "e", "f", swiss_result::ongoing},
                                  {3, "g", "", swiss_result::bye}};
    std::vector<std::string> absent{"b", "e", "f", "g", "z"};
    absence_ruling r = rule_absences(round, absent);
    REQUIRE(r.forfeits.size() == 2);
    CHECK(r.forfeits[0].first == "a");
    CHECK(r.forfeits[0].result == swiss_result::second_forfeited);
    CHECK(r.forfeits[1].first == "e");
    CHECK(r.forfeits[1].result == swiss_result::both_forfeited);
    CHECK(r.withdrawn ==
          std::vector<std::string>{"b", "e", "f"});  // not g (a bye), not z (unpaired)
    CHECK(first_points(swiss_result::second_forfeited) == 2);
    CHECK(second_points(swiss_result::second_forfeited) == 0);
    CHECK(first_points(swiss_result::both_forfeited) +
              second_points(swiss_result::both_forfeited) ==
          0);
}

TEST_CASE("swiss tie-breaks: Buchholz and Sonneborn-Berger over byes, forfeits and draws") {
    // Half points. R1: A beats B, C draws D, E has the bye. R2: E (second) beats A,
    // B is absent against C (C wins by forfeit), D has the bye.
    std::vector<swiss_game> history{{1, "A", "B", swiss_result::first_won},
                                    {1, "C", "D", swiss_result::draw},
                                    {1, "E", "", swiss_result::bye},
                                    {2, "A", "E", swiss_result::second_won},
                                    {2, "B", "C", swiss_result::first_forfeited},
                                    {2, "D", "", swiss_result::bye}};
    std::vector<swiss_entrant> entrants{{"A", 1500}, {"B", 1500}, {"C", 1600}, {"D", 1500},
                                        {"E", 1500}, {"F", 1700}};  // F joined, never played
    auto rows = swiss_standings(entrants, history);
    REQUIRE(rows.size() == 6);
    // Scores: A 2, B 0, C 3, D 3, E 4, F 0.
    // Buchholz (a bye or forfeit: a virtual opponent with one's own score):
    //   A: B 0 + E 4 = 4; B: A 2 + own 0 = 2; C: D 3 + own 3 = 6; D: C 3 + own 3 = 6;
    //   E: own 4 + A 2 = 6.
    // Sonneborn-Berger: A: beat B (0) = 0; C: draw D (3/2) + forfeit win (own 3) = 4.5;
    //   D: draw C (3/2) + bye (own 3) = 4.5; E: bye (4) + beat A (2) = 6.
    auto at = [&](int i) { return rows[std::size_t(i)]; };
    CHECK(at(0).id == "E");
    CHECK(at(0).score == 4);
    CHECK(at(0).buchholz == 6);
    CHECK(at(0).sonneborn_berger == 6.0);
    CHECK(at(1).id == "C");  // level with D on score, Buchholz and SB: rating
    CHECK(at(1).buchholz == 6);
    CHECK(at(1).sonneborn_berger == 4.5);
    CHECK(at(2).id == "D");
    CHECK(at(2).sonneborn_berger == 4.5);
    CHECK(at(2).rank == 3);
    CHECK(at(3).id == "A");
    CHECK(at(3).buchholz == 4);
    CHECK(at(3).sonneborn_berger == 0.0);
    CHECK(at(4).id == "B");  // level with F on 0 points; Buchholz 2 against 0
    CHECK(at(4).buchholz == 2);
    CHECK(at(5).id == "F");
    CHECK(at(5).rank == 6);
}
