#pragma once
// Reports about players (issue 43, docs/safety.md "Reports"): an account
// reports a player for a reason (cheat, chat, stall, other) with an optional
// text and game; the report is stored with its evidence (the game's id and,
// for a chat report, the reported player's chat lines in that game with the
// lines around them). A reporter files at most `per_day` reports in 24 hours;
// the same reporter, player and reason open twice is kept once. Nobody but a
// moderator ever reads a report (there is no route to list them yet). Made
// once by the composition root; any thread (the store's threads answer).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "domain/wall_clock.hpp"
#include "store/relation_store.hpp"

namespace kibitz::server::report {

struct report_rules {
    int per_day = 5;
    std::size_t max_text = 500;  // characters
    std::size_t lines_around = 3;  // chat lines kept before and after each reported one
    std::size_t max_evidence_lines = 40;
};

// What a report came to: `error` empty when accepted (stored or repeated).
struct report_result {
    std::string
        error;  // bad_reason, bad_text, unknown_user, own_report, too_many_reports, internal
    bool stored = false;  // false: the same report was already open
};

// One report as sent (api: POST /api/report).
struct report_request {
    storage::player_id reporter = 0;
    std::string player, reason, text, game;
};

class reports {
public:
    using done = std::function<void(report_result)>;

    reports(storage::relation_store& store, report_rules rules, wall_clock clock);

    void file(report_request r, done then);

    // The evidence kept for a report of `reported` (JSON text): for a chat
    // report, their lines of `chat` and the lines around them, oldest first.
    static std::string evidence(const std::string& reason, storage::player_id reported,
                                const std::vector<storage::chat_record>& chat,
                                const report_rules& rules);

private:
    storage::relation_store& store_;
    report_rules rules_;
    wall_clock clock_;
};

}  // namespace kibitz::server::report
