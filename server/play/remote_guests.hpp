#pragma once
// Guests not stored yet (play/session/guest_book.hpp), known to every node of a
// cluster: one node makes a guest, and its token works on any other (a page
// whose next connection the load balancer sends elsewhere keeps its name).
// server/cluster/ implements it over Redis (docs/cluster.md, "Guests across
// nodes"); a single node has none (hub::guests_cluster() is null).
#include <functional>
#include <string>

#include "play/player.hpp"

namespace kibitz::server {

class remote_guests {
public:
    virtual ~remote_guests() = default;

    // A guest made here: the cluster keeps it as long as a session lasts.
    virtual void made(const player& guest) = 0;
    // The guest of `token` as some node made it, or null (unknown, or the
    // cluster unreachable). `done` runs once, on any thread.
    virtual void find(const std::string& token, std::function<void(player_ptr)> done) = 0;
};

}  // namespace kibitz::server
