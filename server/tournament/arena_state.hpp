#pragma once
// One arena as its service keeps it: the entrants with their running scores
// (tourcore's arena_scoring), the games in progress, and what the standings
// and the next pairing wave are made from. Rebuilt from the stored record on
// restart (restore), so the standings after a restart are the ones before.
// Plain data and pure decisions: the clock is passed in, nothing is stored
// or sent here. Owned by the arena service, used on its strand only.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "play/player.hpp"
#include "protocol/out_tournament.hpp"
#include "store/tournament_records.hpp"
#include "tournament/rules/arena_pairing.hpp"
#include "tournament/rules/arena_scoring.hpp"

namespace kibitz::server::tournament {

class arena_state {
public:
    struct entrant {
        player_ptr who;
        int rating = 1500;
        arena_score score;
        std::string last_opponent;  // player key
        int side_balance = 0;
        std::optional<side> last_side;
        bool withdrawn = false, paused = false;
        std::string room;  // the game being played; empty: none
        // When the player became free to pair (their last game's result
        // stored, or they joined); nullopt while a result is being stored.
        std::optional<std::int64_t> free_since_ms;
        std::int64_t joined_ms = 0;
        // Since when a free entrant has had no connection at all (nullopt:
        // connected, or in a game).
        std::optional<std::int64_t> away_since_ms;
    };
    struct game {
        std::int64_t pairing = 0;
        std::array<std::string, 2> keys;  // seat 0, seat 1 (player keys)
        std::array<bool, 2> berserk{};
        std::optional<int> result;  // storage's encoding (result_draw, result_void, a seat)
    };
    struct pair_made {
        std::string first, second;  // player keys: `first` takes seat 0
    };

    arena_state(storage::tournament_row row, arena_rules rules);

    const storage::tournament_row& row() const { return row_; }
    std::int64_t ends_ms() const { return row_.settings.starts_ms + row_.settings.duration_ms; }
    std::string status_at(std::int64_t now_ms) const;  // created, started, finished
    void set_status(std::string s) { row_.status = std::move(s); }

    // The stored record back: entrants (players as `players` made them) and
    // every pairing in order, results applied, games without one in progress.
    void restore(const storage::tournament_record& r, const std::vector<player_ptr>& players);

    const entrant* find(const std::string& key) const;
    entrant* find(const std::string& key);
    // A new entrant, or one coming back (withdrawn or paused); free at `now`.
    void enter(const player_ptr& who, int rating, std::int64_t now_ms);
    void withdraw(const std::string& key) { set_away(key, true, false); }
    void pause(const std::string& key) { set_away(key, false, true); }

    // A wave: the free entrants who have waited `delay_ms`, paired near each
    // other in the standings (pair_arena_wave).
    // Only players `present` says are there (tournament_service::present) are paired.
    std::vector<pair_made> wave(std::int64_t now_ms, std::int64_t delay_ms, std::uint64_t seed,
                                const std::function<bool(const std::string&)>& present);
    // The entrants, free and in the event, whom `present` has not seen for
    // `grace_ms`: the service pauses them (a closed page, issue 41).
    std::vector<std::string> gone_away(std::int64_t now_ms, std::int64_t grace_ms,
                                       const std::function<bool(const std::string&)>& present);
    // A pair's game started in `room` under stored pairing `pairing`.
    void playing(const pair_made& p, const std::string& room, std::int64_t pairing);
    const game* game_in(const std::string& room) const;
    const std::map<std::string, game>& games() const { return games_; }
    void set_berserk(const std::string& room, int seat);

    // A game's end (storage's result encoding): the result to store, with both
    // players' new score and sheet; nullopt when the room is not this
    // arena's or its result is known. Applied here at once; its players are
    // free again only once `stored` says it is durable.
    std::optional<storage::pairing_result> finish(const std::string& room, int result, int plies,
                                                  std::int64_t at_ms);
    void stored(const storage::pairing_result& r, std::int64_t now_ms);

    // Best first; ties share a rank. `limit` 0: everyone.
    std::vector<tournament_standing> standings(std::size_t limit = 0) const;
    std::string top_room() const;  // the game of the best-placed pair playing
    int players() const { return static_cast<int>(entrants_.size()); }
    std::vector<player_ptr> entered() const;  // the entrants not withdrawn
    bool games_in_play() const;

    static std::string sheet_text(const arena_score& s);

private:
    void set_away(const std::string& key, bool withdrawn, bool paused);
    void apply(const std::string& room, game& g, int result, int plies);
    std::vector<const entrant*> ranked() const;

    storage::tournament_row row_;
    arena_rules rules_;
    std::map<std::string, entrant> entrants_;  // by player key
    std::map<std::string, game> games_;        // by room
};

// The event as tournament.state and the HTTP API show it.
tournament_view view_of(const storage::tournament_row& row, std::string status, int players);

}  // namespace kibitz::server::tournament
