#include "tournament/rules/swiss_pairing.hpp"

#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "tournament/rules/perfect_matching.hpp"
#include "tournament/rules/swiss_sides.hpp"

namespace kibitz::server::tournament {

namespace {

struct seat {
    std::string id;
    int rating = 0;
    int score = 0;
    int byes = 0;
    std::vector<side> sides;
    // Read from `sides` once: the pairing asks them for every pair.
    bool may_first = true, may_second = true;
    side_preference wish;
};

// The present players, once each, ranked: score, then rating, then id.
std::vector<seat> ranked_seats(std::span<const swiss_entrant> present,
                               const std::unordered_map<std::string, swiss_record>& records) {
    std::vector<seat> seats;
    std::unordered_set<std::string> seen;
    for (const swiss_entrant& e : present) {
        if (e.id.empty() || !seen.insert(e.id).second) continue;
        seat s{e.id, e.rating, 0, 0, {}};
        if (auto r = records.find(e.id); r != records.end()) {
            s.score = r->second.score;
            s.byes = r->second.byes;
            s.sides = r->second.sides;
        }
        s.may_first = side_allowed(s.sides, side::first);
        s.may_second = side_allowed(s.sides, side::second);
        s.wish = preferred_side(s.sides);
        seats.push_back(std::move(s));
    }
    std::sort(seats.begin(), seats.end(), [](const seat& a, const seat& b) {
        return std::tie(b.score, b.rating, a.id) < std::tie(a.score, a.rating, b.id);
    });
    return seats;
}

// met[a * n + b]: a and b were paired before (played or forfeited).
std::vector<std::uint8_t> met_matrix(const std::vector<seat>& seats,
                                     const std::unordered_map<std::string, swiss_record>& records) {
    const std::size_t n = seats.size();
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < n; ++i) index.emplace(seats[i].id, i);
    std::vector<std::uint8_t> met(n * n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        auto r = records.find(seats[i].id);
        if (r == records.end()) continue;
        for (const std::string& o : r->second.opponents)
            if (auto j = index.find(o); j != index.end())
                met[i * n + j->second] = met[j->second * n + i] = 1;
    }
    return met;
}

bool sides_possible(const seat& a, const seat& b) {
    return (a.may_first && b.may_second) || (a.may_second && b.may_first);
}

// How badly a pair disappoints a side wish: both want the same side, as
// strongly as the weaker of the two wishes; 0 when both can be satisfied.
int side_conflict(const seat& a, const seat& b) {
    const side_preference &pa = a.wish, &pb = b.wish;
    if (!pa.wants || !pb.wants || *pa.wants != *pb.wants) return 0;
    return std::min(pa.strength, pb.strength);
}

// The lowest ranked player without a bye whose bye lets everyone else be paired.
std::optional<int> choose_bye(const std::vector<seat>& seats, perfect_matching& matching) {
    for (int v = int(seats.size()) - 1; v >= 0; --v) {
        if (seats[v].byes > 0) continue;
        const int bye[] = {v};
        if (matching.take_out(bye)) return v;
    }
    return std::nullopt;
}

// The opponents `p` (the top unpaired player) should try, best first: its own
// score group in Dutch order (the first of the bottom half, then down the
// bottom half, then up the top half), then lower groups nearest in score
// first; within each, the fewest side wishes disappointed. Keyed, unsorted:
// the first one or two nearly always fit, so only a few are sorted.
using candidate = std::tuple<int, int, int, int>;  // score gap, conflict, order, q

std::vector<candidate> candidates(const std::vector<seat>& seats, const std::vector<int>& unpaired,
                                  int p) {
    std::vector<int> group;  // p's score group, p excluded, in rank order
    for (int q : unpaired)
        if (q != p && seats[q].score == seats[p].score) group.push_back(q);
    const int size = int(group.size()) + 1;  // with p at position 0
    const int half = size / 2;
    std::vector<candidate> keyed;
    keyed.reserve(unpaired.size());
    for (int i = 0; i < int(group.size()); ++i) {
        const int pos = i + 1;
        const int order = pos >= half ? pos - half : size + (half - pos);
        keyed.emplace_back(0, side_conflict(seats[p], seats[group[i]]), order, group[i]);
    }
    int rank = 0;
    for (int q : unpaired) {
        if (q == p || seats[q].score == seats[p].score) continue;
        keyed.emplace_back(seats[p].score - seats[q].score, side_conflict(seats[p], seats[q]),
                           rank++, q);
    }
    return keyed;
}

// The best candidate the matching accepts (and takes out with p).
std::optional<int> best_partner(std::vector<candidate> keyed, perfect_matching& matching, int p) {
    const std::size_t head = std::min<std::size_t>(keyed.size(), 8);
    std::partial_sort(keyed.begin(), keyed.begin() + long(head), keyed.end());
    for (std::size_t i = 0; i < keyed.size(); ++i) {
        if (i == head) std::sort(keyed.begin() + long(head), keyed.end());
        const int q = std::get<3>(keyed[i]);
        if (matching.take_out_pair(p, q)) return q;
    }
    return std::nullopt;
}

std::optional<swiss_round_pairing> pair_with(const std::vector<seat>& seats,
                                             const std::vector<std::uint8_t>& met, bool strict) {
    const int n = int(seats.size());
    perfect_matching matching(n, [&](int a, int b) {
        return !met[std::size_t(a) * n + b] && (!strict || sides_possible(seats[a], seats[b]));
    });
    swiss_round_pairing round;
    round.sides_relaxed = !strict;
    std::vector<int> unpaired;
    std::optional<int> bye;
    if (n % 2 == 1) {
        bye = choose_bye(seats, matching);
        if (!bye) return std::nullopt;
        round.bye = seats[*bye].id;
    } else if (!matching.perfect()) {
        return std::nullopt;
    }
    for (int v = 0; v < n; ++v)
        if (v != bye) unpaired.push_back(v);

    while (!unpaired.empty()) {
        const int p = unpaired.front();
        const std::optional<int> partner =
            best_partner(candidates(seats, unpaired, p), matching, p);
        if (!partner) return std::nullopt;  // cannot happen: the matching said the rest pairs
        std::erase_if(unpaired, [&](int v) { return v == p || v == *partner; });
        const seat &high = seats[p], &low = seats[*partner];
        const int board = int(round.pairs.size()) + 1;
        if (high_takes_first(high.sides, low.sides, board))
            round.pairs.push_back({high.id, low.id});
        else round.pairs.push_back({low.id, high.id});
    }
    return round;
}

}  // namespace

std::optional<swiss_round_pairing> pair_swiss_round(std::span<const swiss_entrant> present,
                                                    std::span<const swiss_game> history) {
    const auto records = swiss_records(history);
    const std::vector<seat> seats = ranked_seats(present, records);
    const std::vector<std::uint8_t> met = met_matrix(seats, records);
    if (auto strict = pair_with(seats, met, true)) return strict;
    return pair_with(seats, met, false);
}

}  // namespace kibitz::server::tournament
