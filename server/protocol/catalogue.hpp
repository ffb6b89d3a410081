#pragma once
// The game catalogue on the wire: the core's game descriptions as JSON, sent in
// `welcome` and by GET /api/games (schema/protocol.md, "The game catalogue").
// Clients, the export and the metrics read games from here or from the core
// registry it is built from, so no other file names a game. Built once,
// immutable afterwards; safe on any executor.
#include <nlohmann/json.hpp>

#include "kibitz/core/registry.hpp"

namespace kibitz::server {

// One entry: {"id", "name", "summary", "sides": [{"name", "colour"}, ...], "layout",
// "export": {"dialect", "extension"}, "agreed_end", "notation_hint"}.
nlohmann::json to_json(const core::game_info& g);

// Every game in registry order (the first is the default a client shows).
const nlohmann::json& catalogue_json();

}  // namespace kibitz::server
