#pragma once
// One event's chat: the last `kept` lines (sent to whoever opens the page)
// and when each writer last wrote (one line per `gap_ms` per player, so a
// few entrants cannot drown the page of a thousand). Each line is also
// stored (its service writes it), and a restart or a new leader restores the
// last lines (docs/tournaments.md, "Chat"). Plain data; owned by a
// tournament service and used on its strand only.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "play/small_deque.hpp"
#include "protocol/out_tournament.hpp"

namespace kibitz::server::tournament {

class tournament_chat {
public:
    static constexpr std::size_t kept = 50;
    static constexpr std::int64_t gap_ms = 1000;

    // Adds `line` from the player `key` unless they wrote less than gap_ms
    // ago; false then.
    bool say(const std::string& key, tournament_chat_line line) {
        auto [last, fresh] = last_said_.try_emplace(key, line.at_ms);
        if (!fresh && line.at_ms - last->second < gap_ms) return false;
        last->second = line.at_ms;
        lines_.push_back(std::move(line));
        while (lines_.size() > kept) lines_.pop_front();
        return true;
    }
    std::vector<tournament_chat_line> lines() const { return {lines_.begin(), lines_.end()}; }
    // The stored lines back (oldest first), after a restart or a change of leader.
    void restore(const std::vector<tournament_chat_line>& stored) {
        for (const auto& l : stored) lines_.push_back(l);
        while (lines_.size() > kept) lines_.pop_front();
    }

private:
    small_deque<tournament_chat_line> lines_;
    std::map<std::string, std::int64_t> last_said_;  // player key -> time of their last line
};

}  // namespace kibitz::server::tournament
