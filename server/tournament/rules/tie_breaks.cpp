#include "tournament/rules/tie_breaks.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <unordered_set>

namespace kibitz::server::tournament {

namespace {

// Ranks sorted rows: a row equal to the one above on every key shares its rank.
template <class Row, class Key>
void assign_ranks(std::vector<Row>& rows, Key key) {
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i].rank = i > 0 && key(rows[i]) == key(rows[i - 1]) ? rows[i - 1].rank : int(i) + 1;
}

}  // namespace

std::vector<swiss_standing> swiss_standings(std::span<const swiss_entrant> entrants,
                                            std::span<const swiss_game> history) {
    const auto records = swiss_records(history);
    auto score_of = [&](const std::string& id) {
        auto r = records.find(id);
        return r == records.end() ? 0 : r->second.score;
    };
    std::vector<swiss_standing> rows;
    std::unordered_set<std::string> seen;
    for (const swiss_entrant& e : entrants) {
        if (!seen.insert(e.id).second) continue;
        swiss_standing row{e.id, e.rating, 0, score_of(e.id), 0, 0};
        if (auto r = records.find(e.id); r != records.end()) {
            for (const swiss_record::round_entry& g : r->second.rounds) {
                if (!g.finished) continue;
                const bool win = g.result == outcome::win, draw = g.result == outcome::draw;
                // An unplayed round (bye, forfeit) is a game against a virtual opponent
                // with the player's own score: neither a gift nor a penalty.
                const int opponent = g.played ? score_of(g.opponent) : row.score;
                row.buchholz += opponent;
                row.sonneborn_berger += win ? opponent : draw ? opponent / 2.0 : 0.0;
            }
        }
        rows.push_back(std::move(row));
    }
    auto key = [](const swiss_standing& s) {
        return std::make_tuple(s.score, s.buchholz, s.sonneborn_berger, s.rating);
    };
    std::sort(rows.begin(), rows.end(), [&](const swiss_standing& a, const swiss_standing& b) {
        return key(a) != key(b) ? key(a) > key(b) : a.id < b.id;
    });
    assign_ranks(rows, key);
    return rows;
}

int arena_performance(const arena_score& score) {
    long long sum = 0;
    int games = 0;
    for (const arena_scored_game& g : score.sheet) {
        if (!g.counted) continue;
        const int bonus = g.result == outcome::win ? 500 : g.result == outcome::loss ? -500 : 0;
        sum += g.opponent_rating + bonus;
        ++games;
    }
    return games == 0 ? 0 : int(std::lround(double(sum) / games));
}

std::vector<arena_standing> arena_standings(std::span<const arena_entry> entries) {
    std::vector<const arena_entry*> sorted;
    std::unordered_set<std::string> seen;
    for (const arena_entry& e : entries)
        if (seen.insert(e.id).second) sorted.push_back(&e);
    auto key = [](const arena_entry& e) {
        return std::make_tuple(e.score, e.performance, e.rating);
    };
    std::sort(sorted.begin(), sorted.end(), [&](const arena_entry* a, const arena_entry* b) {
        return key(*a) != key(*b) ? key(*a) > key(*b) : a->id < b->id;
    });
    std::vector<arena_standing> rows;
    rows.reserve(sorted.size());
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const bool tied = i > 0 && key(*sorted[i]) == key(*sorted[i - 1]);
        rows.push_back({sorted[i]->id, tied ? rows.back().rank : int(i) + 1, sorted[i]->score,
                        sorted[i]->performance});
    }
    return rows;
}

}  // namespace kibitz::server::tournament
