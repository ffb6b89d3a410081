#pragma once
// One connection's view of the play layer: who it is (after hello), which rooms
// it joined, and where each typed message goes (the lobby or a room). Owned by
// its ws_session and used only on that session's strand.
//
// With a database, hello is asynchronous: the token is resolved by
// auth::accounts (store thread), and the answer comes back through `post`
// (onto the session's strand, keeping the session alive). Messages that arrive
// meanwhile wait in order and are handled after the welcome.
//
// A new guest lives in memory (hub::guests) until it does something worth
// keeping (a seek, a game, a chat line): that message then waits, like those
// before a welcome, while the guest is stored; the client is told its stored
// id (`identity`) and the message goes on.
#include <deque>
#include <functional>
#include <memory>
#include <set>
#include <string>

#include "play/hub.hpp"
#include "play/session/analysis.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

class client_handler {
public:
    // Runs a function on the session's strand (does nothing once it is gone).
    using poster = std::function<void(std::function<void()>)>;

    // `address`: the client's IP address (new guests are counted per address).
    client_handler(std::shared_ptr<hub> h, peer_ref self, std::uint64_t conn, poster post = {},
                   std::string address = {});

    void handle(const client_msg& m);
    void closed();  // the connection is gone: tell the lobby and every room

private:
    void hello(const hello_msg& m);
    void stored_hello(const std::string& token);
    void new_guest();
    // A token the store does not know: a guest another node of the cluster
    // made and did not store yet, or stale (a new guest).
    void unstored_elsewhere(const std::string& token);
    // A guest not stored yet, with a database to store it in.
    bool unstored_guest() const;
    // Holds `m` until the guest is stored, then handles it.
    void keep_guest(const client_msg& m);
    // Takes the stored identity of this connection's guest (stored through
    // this tab or another one) and tells the client.
    void adopt(player_ptr stored);
    // Its address made too many guests lately: the client is told, and the
    // connection closed.
    void refuse_guest(std::int64_t retry_s);
    void welcome(player_ptr p, bool resumed, nlohmann::json ratings = nullptr);
    void fail(const client_msg& m, std::string code, std::string message);
    void send(std::shared_ptr<const std::string> f);

    std::shared_ptr<hub> hub_;
    peer_ref self_;
    std::uint64_t conn_;
    std::string address_;
    player_ptr player_;
    std::set<std::string> rooms_;  // joined (as player or spectator)
    bool closed_ = false;
    poster post_;
    bool counted_ = false;             // by hub::guests (opened)
    bool identity_pending_ = false;    // hello being resolved, or the guest being stored
    std::deque<client_msg> waiting_;  // arrived meanwhile
    analysis analysis_;               // the analysis board's engine search
};

}  // namespace kibitz::server
