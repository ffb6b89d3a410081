#pragma once
// The tournament part of the storage interface: events, entries, pairings
// and their results, written as they happen so that a restart rebuilds the
// standings exactly. Kept apart from `store` (one job each); the one SQL
// store implements both (sql_store.hpp). The store decides no tournament
// rule: scores and sheets come computed from the service.
//
// Threading contract: as store.hpp: every call returns at once; the handler
// runs on one of the store's threads after commit; writes run in call order.
#include <string>
#include <vector>

#include "store/store.hpp"
#include "store/tournament_records.hpp"

namespace kibitz::server::storage {

class tournament_store {
public:
    virtual ~tournament_store() = default;

    // A new event under `public_id` (unique), status "created".
    virtual void create_tournament(std::string public_id, tournament_settings s,
                                   std::int64_t now_ms, handler<tournament_row> h) = 0;
    // Moves the status forward only (created, started, finished); false when
    // it was already there or past it. Finishing records ended_ms.
    virtual void set_tournament_status(tournament_key id, std::string status, std::int64_t now_ms,
                                       handler<bool> h) = 0;
    // Replaces the service's own settings text (tournament_settings::extra,
    // kept as given); false when there is no such event.
    virtual void set_tournament_extra(tournament_key id, std::string extra, handler<bool> h) = 0;
    // Events not finished, then the most recently finished up to `finished_limit`.
    virtual void list_tournaments(int finished_limit, handler<std::vector<tournament_row>> h) = 0;
    virtual void tournament(std::string public_id, handler<std::optional<tournament_record>> h) = 0;
    // Every event not finished, with entries and pairings (start-up).
    virtual void unfinished_tournaments(handler<std::vector<tournament_record>> h) = 0;

    // Enters a player, or brings back one who withdrew or paused; false when
    // already in and neither.
    virtual void join_tournament(tournament_key id, player_id who, std::int64_t now_ms,
                                 handler<bool> h) = 0;
    // Withdrawn or paused; false when the player never joined.
    virtual void set_entry_state(tournament_key id, player_id who, bool withdrawn, bool paused,
                                 handler<bool> h) = 0;

    // A new pairing (its game started in `p.room`); the handler gets its id.
    virtual void add_pairing(tournament_key id, tournament_pairing p, handler<std::int64_t> h) = 0;
    // A seat's berserk in the pairing played in `room`; false when unknown or over.
    virtual void set_berserk(std::string room, int seat, handler<bool> h) = 0;
    // A pairing's result, exactly once: true when this call set it (the
    // scores are written with it, in one transaction), false when it was
    // already set (nothing is written).
    virtual void record_result(pairing_result r, handler<bool> h) = 0;
    // A line of the event's chat (its records keep the last chat_kept).
    virtual void add_tournament_chat(tournament_key id, tournament_chat_entry line,
                                     handler<bool> h) = 0;

    // A cluster node taking the lead of the tournaments (docs/cluster.md):
    // from this call on, the writes above but create_tournament from the
    // node that led before are refused (an error), and this node's pass;
    // the handler gets the lead's epoch. A writer job, so a read issued
    // after the handler ran sees every write the old leader committed. A
    // single node (no fence): 0, and nothing is ever refused.
    virtual void claim_tournaments(handler<std::int64_t> h) = 0;
};

}  // namespace kibitz::server::storage
