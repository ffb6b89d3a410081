#pragma once
// One connection's view of the play layer: who it is (after hello), which rooms
// it joined, and where each typed message goes (the lobby or a room). Owned by
// its ws_session and used only on that session's strand.
#include <memory>
#include <set>
#include <string>

#include "play/hub.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

class client_handler {
public:
    client_handler(std::shared_ptr<hub> h, peer_ref self, std::uint64_t conn);

    void handle(const client_msg& m);
    void closed();  // the connection is gone: tell the lobby and every room

private:
    void hello(const hello_msg& m);
    void fail(const client_msg& m, std::string code, std::string message);
    void send(std::shared_ptr<const std::string> f);

    std::shared_ptr<hub> hub_;
    peer_ref self_;
    std::uint64_t conn_;
    player_ptr player_;
    std::set<std::string> rooms_;  // joined (as player or spectator)
    bool closed_ = false;
};

}  // namespace kibitz::server
