#pragma once
// What a client message costs of its connection's rate budget (tokens of the
// token_bucket; an ordinary message costs 1). Requests whose answer is large
// cost more, so a client cannot ask for big replies as often as for small
// ones: the lobby snapshot (every open seek, 200 KB with a busy lobby), a
// live-games snapshot, and a room's full state. schema/protocol.md, "Rate
// limits", lists the same numbers. Pure; safe on any thread.
#include <type_traits>
#include <variant>

#include "protocol/client_msg.hpp"

namespace kibitz::server {

inline constexpr double lobby_snapshot_cost = 4;
inline constexpr double live_snapshot_cost = 2;
inline constexpr double room_state_cost = 2;

inline double message_cost(const client_msg& m) {
    return std::visit(
        [](const auto& b) -> double {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, lobby_sub_msg>) return b.on ? lobby_snapshot_cost : 1;
            if constexpr (std::is_same_v<T, live_sub_msg>) return b.on ? live_snapshot_cost : 1;
            if constexpr (std::is_same_v<T, room_join_msg>) return room_state_cost;
            return 1;
        },
        m.body);
}

}  // namespace kibitz::server
