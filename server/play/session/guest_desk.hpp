#pragma once
// Guests not stored yet, as a connection meets them: the guest book (this
// node's), the cap on new guests per address (this node's, and the cluster's
// when shared), and in a cluster the guests other nodes made
// (remote_guests). Owns the book and the limiter; uses what it is given,
// which outlives it. Thread-safe (the book and the limiter are).
#include <cstdint>
#include <functional>
#include <string>

#include "auth/shared_limits.hpp"
#include "play/play_config.hpp"
#include "play/remote_guests.hpp"
#include "play/session/guest_book.hpp"

namespace kibitz::server {

class guest_desk {
public:
    // `shared`, `cluster`: cluster mode only (null on a single node).
    guest_desk(const play_config& cfg, auth::shared_limits* shared, remote_guests* cluster);

    guest_book& book() { return book_; }
    // A new guest, made known to the other nodes of a cluster.
    player_ptr make();
    // The guest of `token` as another node made it, or null; `done` runs
    // once, on any thread (at once on a single node). Keep it with book().add.
    void find_elsewhere(const std::string& token, std::function<void(player_ptr)> done);
    // Counts a new guest identity for `address`: `done(0)`, or (nothing
    // counted) `done(retry_s)` when it already made guests_per_address within
    // the window, on this node or, in a cluster, on all of them. Runs `done`
    // before returning unless the limit is shared.
    void may_create(const std::string& address, std::function<void(std::int64_t)> done);
    bool limit_shared() const { return new_guests_.shared(); }

private:
    const play_config& cfg_;
    remote_guests* cluster_;
    guest_book book_;
    auth::limiter new_guests_;  // by "guest:" + client address
};

}  // namespace kibitz::server
