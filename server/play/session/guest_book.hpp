#pragma once
// Guests kept in memory until they are worth storing. A hello without a token
// makes a guest here only: a name and a token, nothing written. The first time
// the guest does something worth keeping (a seek, a game, a chat line) the
// client handler has it stored (a player row and a session, auth::accounts)
// through keep(); from then on its token also resolves from the store, so it
// survives a restart. A guest that only looked around is never written (one
// script's hellos once made 3,245 stored guests a second): after a restart
// its token is stale and it gets a new name, having had nothing to keep.
//
// Owns: the guests by token and their live connection counts, bounded: an
// entry with no connection left is forgotten after `idle_ttl`, or sooner,
// oldest first, while more than `max_idle` wait. Thread-safe: one mutex held
// only to look up or edit; nothing is called back under it.
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "kibitz/core/result.hpp"
#include "play/player.hpp"

namespace kibitz::server {

class guest_book {
public:
    using clock = std::chrono::steady_clock;
    struct limits {
        std::chrono::milliseconds idle_ttl{3600000};
        std::size_t max_idle = 50000;  // about 20 MB of guests nobody uses
        std::function<clock::time_point()> now;  // empty: the steady clock (tests set one)
    };
    using stored_handler = std::function<void(core::result<player_ptr>)>;
    // Stores a guest: runs the store, then the handler with the stored identity.
    using storer = std::function<void(stored_handler)>;

    explicit guest_book(limits l) : limits_(std::move(l)) {}
    guest_book() : guest_book(limits{}) {}

    // A new guest ("g-<8 hex>", "Guest-<6 digits>", a fresh session token).
    player_ptr make();
    // A guest another node of the cluster made (play/remote_guests.hpp), kept
    // here too; the one already kept when its token is known here.
    player_ptr add(player_ptr guest);
    // The guest with this token while it is known here (as first made, or as
    // stored since, for its other tabs); null otherwise.
    player_ptr find(const std::string& token) const;
    // A connection said hello with this token: true if it is counted here
    // (then call closed() when it goes), false for a token not kept here.
    bool opened(const std::string& token);
    void closed(const std::string& token);
    // Forgets the token now (its session ended).
    void forget(const std::string& token);
    // Stores the guest once: the first call runs `store`; calls meanwhile wait
    // for the same answer; a guest already stored is answered at once. The
    // handler runs on whatever thread `store` answers on.
    void keep(const player_ptr& guest, const storer& store, stored_handler done);
    std::size_t size() const;

private:
    struct entry {
        player_ptr who;
        int connections = 0;
        clock::time_point idle_since;
    };
    void sweep(clock::time_point now);  // under mu_
    clock::time_point now() const { return limits_.now ? limits_.now() : clock::now(); }

    limits limits_;
    mutable std::mutex mu_;
    std::map<std::string, entry> by_token_;
    // Tokens in the order they went idle; stale items (used again since) are
    // skipped when they come up.
    std::deque<std::pair<clock::time_point, std::string>> idle_;
    std::size_t idle_count_ = 0;
    std::map<std::string, std::vector<stored_handler>> storing_;  // by token
};

}  // namespace kibitz::server
