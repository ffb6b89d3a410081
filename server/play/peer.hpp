#pragma once
// A connection as the play layer sees it: something to send frames to. Rooms and
// the lobby hold weak_ptr<peer> so a closed connection simply disappears.
// Implemented by net::ws_session; send() and end_connection() are safe from any thread
// (they post to the connection's strand).
#include <cstdint>
#include <memory>
#include <string>

namespace kibitz::server {

class peer {
public:
    virtual ~peer() = default;
    virtual void send(std::shared_ptr<const std::string> frame) = 0;
    virtual std::uint64_t conn_id() const = 0;
    // Close the connection (policy, 1008), telling the client why: the session
    // it said hello with has ended (log out), or it was refused.
    virtual void end_connection(const std::string& reason) = 0;
};

using peer_ref = std::weak_ptr<peer>;

inline void send_to(const peer_ref& p, const std::shared_ptr<const std::string>& f) {
    if (auto s = p.lock()) s->send(f);
}

}  // namespace kibitz::server
