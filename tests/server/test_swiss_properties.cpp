// The Swiss pairing's properties over many random events (5 to 200 players,
// random results, late joiners, absentees): nobody meets anyone twice, the
// side rules hold, at most one bye each, everyone present is paired but the
// one bye. For small fields, an exhaustive search confirms that when the
// pairing gives up (or relaxes the side rules) nothing better existed.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "reduced.hpp"
#include "tournament/rules/perfect_matching.hpp"
#include "tournament/rules/swiss_pairing.hpp"
#include "tournament/rules/swiss_sides.hpp"

using namespace kibitz::server::tournament;

namespace {

struct field_state {
    std::vector<swiss_entrant> present;
    std::map<std::string, swiss_record> records;
};

// Whether the players in `left` can all be paired (one bye to a player
// without one if odd), with no repeat and, if `strict`, the side rules kept.
bool exists_pairing(std::vector<std::string> left, const field_state& f, bool strict,
                    bool bye_used) {
    if (left.empty()) return true;
    auto rec = [&](const std::string& id) {
        auto r = f.records.find(id);
        return r == f.records.end() ? swiss_record{} : r->second;
    };
    if (left.size() % 2 == 1 && !bye_used) {
        for (std::size_t i = 0; i < left.size(); ++i) {
            if (rec(left[i]).byes > 0) continue;
            auto rest = left;
            rest.erase(rest.begin() + long(i));
            if (exists_pairing(rest, f, strict, true)) return true;
        }
        return false;
    }
    const swiss_record a = rec(left[0]);
    for (std::size_t j = 1; j < left.size(); ++j) {
        const swiss_record b = rec(left[j]);
        if (a.met(left[j])) continue;
        if (strict &&
            !((side_allowed(a.sides, side::first) && side_allowed(b.sides, side::second)) ||
              (side_allowed(a.sides, side::second) && side_allowed(b.sides, side::first))))
            continue;
        auto rest = left;
        rest.erase(rest.begin() + long(j));
        rest.erase(rest.begin());
        if (exists_pairing(rest, f, strict, bye_used)) return true;
    }
    return false;
}

swiss_result random_result(std::mt19937_64& rng) {
    const auto r = rng() % 10;
    return r < 4 ? swiss_result::first_won : r < 7 ? swiss_result::second_won : swiss_result::draw;
}

struct tally {
    int rounds = 0, relaxed = 0, ended = 0, brute_checked = 0;
};

void run_event(std::mt19937_64& rng, int start_players, int rounds, tally& t) {
    std::vector<swiss_game> history;
    std::vector<swiss_entrant> active;
    int next_id = 0;
    auto join = [&] {
        active.push_back({"p" + std::to_string(next_id++), 1000 + int(rng() % 1500)});
    };
    for (int i = 0; i < start_players; ++i) join();
    bool relaxed = false;
    for (int round = 1; round <= rounds; ++round) {
        if (round > 1 && rng() % 3 == 0)  // late joiners, from this round on
            for (int k = int(rng() % 3) + 1; k > 0; --k) join();
        field_state f{active, {}};
        for (auto& [id, r] : swiss_records(history)) f.records.emplace(id, r);
        auto pairing = pair_swiss_round(active, history);
        std::vector<std::string> ids;
        for (const auto& e : active) ids.push_back(e.id);
        const bool small = active.size() <= 11;
        if (!pairing) {
            // Giving up is right only when no repeat-free pairing exists.
            if (small) {
                CHECK_FALSE(exists_pairing(ids, f, false, false));
                ++t.brute_checked;
            }
            ++t.ended;
            return;
        }
        ++t.rounds;
        {  // the order the players come in changes nothing
            auto shuffled = active;
            std::shuffle(shuffled.begin(), shuffled.end(), rng);
            auto again = pair_swiss_round(shuffled, history);
            REQUIRE(again);
            CHECK(again->bye == pairing->bye);
            REQUIRE(again->pairs.size() == pairing->pairs.size());
            for (std::size_t i = 0; i < again->pairs.size(); ++i) {
                CHECK(again->pairs[i].first == pairing->pairs[i].first);
                CHECK(again->pairs[i].second == pairing->pairs[i].second);
            }
        }
        if (pairing->sides_relaxed) {
            ++t.relaxed;
            relaxed = true;
            if (small) {
                CHECK_FALSE(exists_pairing(ids, f, true, false));
                ++t.brute_checked;
            }
        }
        // Everyone present exactly once: on a board or with the bye.
        std::multiset<std::string> seen;
        for (const auto& p : pairing->pairs) {
            seen.insert(p.first);
            seen.insert(p.second);
            CHECK_FALSE(f.records[p.first].met(p.second));
            if (!pairing->sides_relaxed) {
                CHECK(side_allowed(f.records[p.first].sides, side::first));
                CHECK(side_allowed(f.records[p.second].sides, side::second));
            }
        }
        if (!pairing->bye.empty()) {
            seen.insert(pairing->bye);
            CHECK(f.records[pairing->bye].byes == 0);
            history.push_back({round, pairing->bye, "", swiss_result::bye});
        }
        CHECK(seen == std::multiset<std::string>(ids.begin(), ids.end()));
        CHECK(pairing->bye.empty() == (active.size() % 2 == 0));

        // Play the round: random results, a few no-shows forfeit and are withdrawn.
        std::vector<swiss_game> games;
        for (const auto& p : pairing->pairs)
            games.push_back({round, p.first, p.second, random_result(rng)});
        std::vector<std::string> absent;
        for (const auto& id : ids)
            if (rng() % 25 == 0) absent.push_back(id);
        absence_ruling ruling = rule_absences(games, absent);
        for (const auto& g : ruling.forfeits)
            for (auto& mine : games)
                if (mine.first == g.first) mine.result = g.result;
        history.insert(history.end(), games.begin(), games.end());
        std::erase_if(active, [&](const swiss_entrant& e) {
            return std::find(ruling.withdrawn.begin(), ruling.withdrawn.end(), e.id) !=
                   ruling.withdrawn.end();
        });
    }
    // The record kept every player's sides within the rules whenever none was relaxed.
    if (!relaxed)
        for (const auto& [id, r] : swiss_records(history)) {
            CHECK(std::abs(r.side_balance()) <= 2);
            CHECK(r.byes <= 1);
        }
}

}  // namespace

TEST_CASE("swiss properties: 300 random events of 5 to 200 players") {
    std::mt19937_64 rng(424242);
    tally t;
    // Under the sanitizers (KIBITZ_TEST_REDUCED=1) a fifth of them.
    const int events = kibitz::test::full_or_reduced(300, 60);
    for (int event = 0; event < events; ++event) {
        // Mostly small and middling fields (where the rules bind), some large.
        const int roll = int(rng() % 10);
        const int players = roll < 5   ? 5 + int(rng() % 12)
                            : roll < 9 ? 17 + int(rng() % 48)
                                       : 65 + int(rng() % 136);
        const int rounds = 3 + int(rng() % 9);
        run_event(rng, players, rounds, t);
    }
    MESSAGE("rounds paired " << t.rounds << ", sides relaxed " << t.relaxed << ", ended early "
                             << t.ended << ", confirmed by exhaustive search " << t.brute_checked);
    CHECK(t.rounds > events * 5);
    // Relaxing the side rules is a last resort: rare, and only where nothing else existed.
    CHECK(t.relaxed * 100 <= t.rounds);
}

namespace {

// Whether the vertices in `left` can be perfectly matched in `adj`.
bool brute_perfect(const std::vector<std::vector<bool>>& adj, std::vector<int> left) {
    if (left.empty()) return true;
    const int a = left[0];
    for (std::size_t j = 1; j < left.size(); ++j) {
        if (!adj[a][left[j]]) continue;
        auto rest = left;
        rest.erase(rest.begin() + long(j));
        rest.erase(rest.begin());
        if (brute_perfect(adj, rest)) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("perfect matching: agrees with exhaustive search on random small graphs") {
    std::mt19937_64 rng(99);
    int refusals = 0;
    const int trials = kibitz::test::full_or_reduced(3000, 600);
    for (int trial = 0; trial < trials; ++trial) {
        const int n = 2 + int(rng() % 11);
        const int density = 20 + int(rng() % 60);  // percent
        std::vector<std::vector<bool>> adj(n, std::vector<bool>(n, false));
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b) adj[a][b] = adj[b][a] = int(rng() % 100) < density;
        perfect_matching m(n, [&](int a, int b) { return bool(adj[a][b]); });
        std::vector<int> all(n);
        for (int i = 0; i < n; ++i) all[i] = i;
        const bool exists = n % 2 == 0 && brute_perfect(adj, all);
        CHECK(m.perfect() == exists);
        if (n % 2 == 1) {
            // The bye's question: without v, can everyone else be paired?
            for (int v = 0; v < n; ++v) {
                auto rest = all;
                rest.erase(rest.begin() + v);
                perfect_matching fresh(n, [&](int a, int b) { return bool(adj[a][b]); });
                const int bye[] = {v};
                CHECK(fresh.take_out(bye) == brute_perfect(adj, rest));
            }
            continue;
        }
        if (!exists) continue;
        // Take pairs out one at a time, as the pairing does: each answer is right,
        // and a refusal changes nothing.
        std::vector<int> left = all;
        while (!left.empty()) {
            const int a = left[0];
            int taken = -1;
            for (std::size_t j = left.size() - 1; j >= 1; --j) {
                const int b = left[j];
                auto rest = left;
                rest.erase(rest.begin() + long(j));
                rest.erase(rest.begin());
                const bool can = adj[a][b] && brute_perfect(adj, rest);
                const bool said = m.take_out_pair(a, b);
                CHECK(said == can);
                if (!said && adj[a][b]) ++refusals;
                if (said) {
                    taken = b;
                    break;
                }
            }
            REQUIRE(taken != -1);
            std::erase_if(left, [&](int v) { return v == a || v == taken; });
            CHECK(m.perfect());
        }
    }
    MESSAGE("pairs turned down " << refusals << " in " << trials << " graphs");
    // Pairs the matching turned down: each a greedy choice that would have stranded someone.
    CHECK(refusals > trials / 30);
}
