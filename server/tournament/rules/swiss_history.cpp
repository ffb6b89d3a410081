#include "tournament/rules/swiss_history.hpp"

#include <algorithm>

namespace kibitz::server::tournament {

int first_points(swiss_result r) {
    switch (r) {
    case swiss_result::first_won:
    case swiss_result::second_forfeited:
    case swiss_result::bye:
        return 2;
    case swiss_result::draw:
        return 1;
    case swiss_result::second_won:
    case swiss_result::first_forfeited:
    case swiss_result::both_forfeited:
    case swiss_result::ongoing:
        return 0;
    }
    return 0;
}

int second_points(swiss_result r) {
    switch (r) {
    case swiss_result::second_won:
    case swiss_result::first_forfeited:
        return 2;
    case swiss_result::draw:
        return 1;
    default:
        return 0;
    }
}

int swiss_record::side_balance() const {
    int balance = 0;
    for (side s : sides) balance += s == side::first ? 1 : -1;
    return balance;
}

bool swiss_record::met(const std::string& id) const {
    return std::find(opponents.begin(), opponents.end(), id) != opponents.end();
}

namespace {

outcome outcome_of(int points) {
    return points == 2 ? outcome::win : points == 1 ? outcome::draw : outcome::loss;
}

bool played(swiss_result r) {
    return r == swiss_result::first_won || r == swiss_result::draw ||
           r == swiss_result::second_won || r == swiss_result::ongoing;
}

}  // namespace

std::unordered_map<std::string, swiss_record> swiss_records(std::span<const swiss_game> history) {
    // Round order (stable: one round's games keep their order) so that sides read in sequence.
    std::vector<const swiss_game*> games;
    games.reserve(history.size());
    for (const swiss_game& g : history) games.push_back(&g);
    std::stable_sort(games.begin(), games.end(),
                     [](const swiss_game* a, const swiss_game* b) { return a->round < b->round; });

    std::unordered_map<std::string, swiss_record> records;
    for (const swiss_game* g : games) {
        const bool bye = g->second.empty() || g->result == swiss_result::bye;
        const bool finished = g->result != swiss_result::ongoing;
        swiss_record& a = records[g->first];
        if (bye) {
            a.score += 2;
            ++a.byes;
            a.rounds.push_back({g->round, "", outcome::win, false, true});
            continue;
        }
        swiss_record& b = records[g->second];
        const int pa = first_points(g->result), pb = second_points(g->result);
        a.score += pa;
        b.score += pb;
        a.opponents.push_back(g->second);
        b.opponents.push_back(g->first);
        const bool over_the_board = played(g->result);
        if (over_the_board) {
            a.sides.push_back(side::first);
            b.sides.push_back(side::second);
        }
        a.rounds.push_back({g->round, g->second, outcome_of(pa), over_the_board, finished});
        b.rounds.push_back({g->round, g->first, outcome_of(pb), over_the_board, finished});
    }
    return records;
}

}  // namespace kibitz::server::tournament
