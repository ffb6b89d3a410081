#pragma once
// The typed messages nodes send each other over Redis pub/sub (JSON, field
// "t"); every one is described with an example in docs/cluster.md. Built and
// read only here, so a change is made in one place.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "play/player.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server::cluster {

using json = nlohmann::json;

// Redis names (docs/cluster.md, "Keys and channels").
inline std::string lease_key(const std::string& room) { return "kibitz:room:" + room; }
inline std::string node_channel(const std::string& node) { return "kibitz:node:" + node; }
// Set by each node every lease/3 with the lease as its time to live.
inline std::string alive_key(const std::string& node) { return "kibitz:alive:" + node; }
inline const std::string rooms_key = "kibitz:rooms";
inline const std::string moved_channel = "kibitz:moved";

// Who sent a command: enough for the owner's room to tell the seat (never the token).
json player_to_json(const player& p);
player_ptr player_from_json(const json& j);  // throws on a malformed one

json join_msg(const std::string& room, const std::string& from, std::uint64_t conn,
              const player& who, std::optional<std::int64_t> v);
json leave_msg(const std::string& room, const std::string& from, std::uint64_t conn, bool closed);
json cmd_msg(const std::string& from, std::uint64_t conn, const player& who,
             const room_cmd_msg& cmd, std::optional<std::int64_t> ack, const std::string& type);
room_cmd_msg cmd_from_json(const json& m);  // throws on a malformed one
json frame_msg(std::uint64_t conn, const std::string& frame);
json unknown_msg(const std::string& room, std::uint64_t conn, std::optional<std::int64_t> ack,
                 const std::string& type);
json moved_msg(const std::string& room, const std::string& node);

}  // namespace kibitz::server::cluster
