#pragma once
// The names the cluster uses in Redis (docs/cluster.md, "Keys and
// channels"), in one place. Constants; safe anywhere.
#include <string>

namespace kibitz::server::cluster {

// Redis names (docs/cluster.md, "Keys and channels").
inline std::string lease_key(const std::string& room) { return "kibitz:room:" + room; }
inline std::string node_channel(const std::string& node) { return "kibitz:node:" + node; }
// Set by each node every lease/3 with the lease as its time to live.
inline std::string alive_key(const std::string& node) { return "kibitz:alive:" + node; }
inline const std::string rooms_key = "kibitz:rooms";
inline const std::string moved_channel = "kibitz:moved";
// The lobby's leader: the node whose lobby is the cluster's (PX lease).
inline const std::string lobby_key = "kibitz:lobby";
// Each node's counts ("<players> <games>", PX lease) and the set of nodes that share them.
inline std::string count_key(const std::string& node) { return "kibitz:count:" + node; }
inline const std::string nodes_key = "kibitz:nodes";
// To every node: a room started and seated a player (bus::seated).
inline const std::string seated_channel = "kibitz:seated";
// To every node: the games each node hosts (bus::game, bus::live, …).
inline const std::string games_channel = "kibitz:games";

}  // namespace kibitz::server::cluster
