#pragma once
// Blocks between accounts and reports about players (issue 43), the storage
// part. Kept apart from `store` (one job each); the one SQL store implements
// both (sql_store.hpp). The store decides no rule: the caps it is handed
// (blocks per account, reports a day) are the callers'.
//
// Threading contract: as store.hpp: every call returns at once; the handler
// runs on one of the store's threads after commit; writes run in call order.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace kibitz::server::storage {

// One account blocking another, by their player rows.
struct block_pair {
    player_id blocker = 0;
    player_id blocked = 0;
};

enum class block_outcome {
    blocked,     // stored now
    already,     // was already blocked: nothing changed
    unknown,     // no account of that name
    self,        // the blocker named themselves
    full,        // the blocker holds the most blocks they may
};

struct block_answer {
    block_outcome outcome = block_outcome::unknown;
    player who;  // the blocked account (blocked, already), or empty
};

// A report as it is filed. `evidence` is JSON text the caller built (the
// chat lines around the reported one, say); `game` a room's public id or "".
struct report_record {
    player_id reporter = 0;
    std::string reported_name;
    std::string reason;  // cheat, chat, stall or other (the caller checked it)
    std::string text;
    std::string game;
    std::int64_t created_ms = 0;
};

enum class report_outcome {
    stored,     // a new open report
    repeated,   // the same reporter, reported and reason is already open: kept once
    unknown,    // no such player
    self,       // reporting oneself
    too_many,   // the reporter filed the most reports a day they may
};

struct report_answer {
    report_outcome outcome = report_outcome::unknown;
    std::int64_t id = 0;  // the stored (or already open) report
};

// An open report as a moderator (and the tests) read it.
struct stored_report {
    std::int64_t id = 0;
    player_id reporter = 0, reported = 0;
    std::string reason, text, game, evidence;
    std::int64_t created_ms = 0;
};

class relation_store {
public:
    virtual ~relation_store() = default;

    // Blocks the account `name` for `blocker`, unless the blocker already
    // holds `cap` blocks; one transaction.
    virtual void block(player_id blocker, std::string name, int cap, std::int64_t now_ms,
                       handler<block_answer> h) = 0;
    // The account unblocked (empty when there was no such block).
    virtual void unblock(player_id blocker, std::string name, handler<std::optional<player>> h) = 0;
    // The accounts `blocker` blocks, by name.
    virtual void blocks_of(player_id blocker, handler<std::vector<player>> h) = 0;
    // Every block (start-up: the server keeps them in memory).
    virtual void all_blocks(handler<std::vector<block_pair>> h) = 0;

    // Files `r` with the evidence built from the stored game by `evidence`
    // (given the reported player's row and the game's chat, it returns the
    // JSON text to keep), refusing a reporter who filed `per_day` reports in
    // the 24 hours before r.created_ms. A player's name: an account's, or a
    // stored guest's. One transaction.
    using evidence_maker =
        std::function<std::string(player_id reported, const std::vector<chat_record>& chat)>;
    virtual void file_report(report_record r, int per_day, evidence_maker evidence,
                             handler<report_answer> h) = 0;
    // The open reports about `reported`, oldest first.
    virtual void open_reports(player_id reported, handler<std::vector<stored_report>> h) = 0;
};

}  // namespace kibitz::server::storage
