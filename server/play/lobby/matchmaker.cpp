#include "play/lobby/matchmaker.hpp"

#include <algorithm>
#include <cstdlib>

namespace kibitz::server {

std::size_t matchmaker::join(entry e) {
    leave(e.who->key());
    waiting_.push_back(std::move(e));
    const auto& me = waiting_.back();
    return std::count_if(waiting_.begin(), waiting_.end(),
                         [&](const entry& o) { return o.game == me.game && o.tc == me.tc && o.rated == me.rated; });
}

bool matchmaker::leave(const std::string& player_id) {
    auto n = std::erase_if(waiting_, [&](const entry& e) { return e.who->key() == player_id; });
    return n > 0;
}

void matchmaker::leave_conn(std::uint64_t conn) {
    std::erase_if(waiting_, [&](const entry& e) { return e.conn == conn; });
}

int matchmaker::window_at(const entry& e, time_point now) const {
    auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(now - e.since);
    auto steps = every_.count() > 0 ? waited.count() / every_.count() : 0;
    return window_ + static_cast<int>(steps) * step_;
}

std::vector<matchmaker::pairing> matchmaker::pair_up(time_point now, const keep_apart& apart) {
    std::vector<pairing> out;
    // The longest waiter chooses first, and takes the closest rating it and the
    // other both accept: fair to whoever has waited, O(n^2) on short queues.
    for (std::size_t i = 0; i < waiting_.size(); ++i) {
        const auto& a = waiting_[i];
        std::optional<std::size_t> best;
        int best_gap = 0;
        for (std::size_t j = i + 1; j < waiting_.size(); ++j) {
            const auto& b = waiting_[j];
            if (b.game != a.game || b.tc != a.tc || b.rated != a.rated || b.who->key() == a.who->key())
                continue;
            if (apart && apart(*a.who, *b.who)) continue;
            int gap = std::abs(a.rating - b.rating);
            if (gap > window_at(a, now) || gap > window_at(b, now)) continue;
            if (!best || gap < best_gap) best = j, best_gap = gap;
        }
        if (!best) continue;
        out.push_back({a, waiting_[*best]});
        waiting_.erase(waiting_.begin() + static_cast<std::ptrdiff_t>(*best));
        waiting_.erase(waiting_.begin() + static_cast<std::ptrdiff_t>(i));
        --i;
    }
    return out;
}

}  // namespace kibitz::server
