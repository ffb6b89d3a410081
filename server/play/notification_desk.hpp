#pragma once
// Where the play layer (and the services above it) hand what becomes a
// notification, and where a client's notify.* messages go. Two narrow
// interfaces: a room, the lobby or a tournament sees only `notifier`; the
// connection's handler sees the desk. Implemented by notify/notifications.hpp,
// made once by the composition root and handed to the hub in play_deps.
// Every call returns at once; callable from any thread.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "play/peer.hpp"
#include "play/player.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

class notifier {
public:
    virtual ~notifier() = default;
    // Something happened for `to`: `kind` one of notice_kinds
    // (protocol/out_notify.hpp), `data` what it is about (room, game, ...).
    virtual void notify(const player_ptr& to, std::string kind, nlohmann::json data) = 0;
};

class notification_desk : public notifier {
public:
    // From a connection's strand. Answers (the list, the preferences, ack or
    // error echoing `type`) go to `p`.
    virtual void message(const player_ptr& who, const peer_ref& p, const notify_msg& m,
                         std::optional<std::int64_t> ack, const std::string& type) = 0;
};

}  // namespace kibitz::server
