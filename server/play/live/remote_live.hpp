#pragma once
// The live lists of a cluster, as the play layer sees them: every node lists
// the public games of the other nodes with its own (live_games), and tells
// the others of its own through here. server/cluster/ implements it over
// Redis (docs/cluster.md, "Games on every node"); a single node has none
// (null). Every call returns at once (the work is posted) and is safe from
// any thread.
#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "play/live/live_position.hpp"

namespace kibitz::server {

class remote_live {
public:
    virtual ~remote_live() = default;

    // This node's public games in play, for the live lists of every node:
    // `summary` as live.add shows it, `pos` its mini board. A change comes at
    // most once per count batch, with no `pos` when no move came since the
    // last. A game leaves the lists when it is over (remote_rooms::finished).
    virtual void live_listed(const std::string& game, const std::string& room,
                             const nlohmann::json& summary, const live_position& pos) = 0;
    virtual void live_changed(const std::string& game, const std::string& room, std::size_t plies,
                              std::size_t spectators, const std::optional<live_position>& pos) = 0;
};

}  // namespace kibitz::server
