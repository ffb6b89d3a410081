#pragma once
// JSON shapes of the stored records, for the HTTP history endpoints (profile,
// game record, leaderboard, recent games). JSON lives in server/, never in core/.
// Ratings are rounded for people; "provisional": true marks RD > 110 and
// "display" carries the '?' the site shows ("1623?").
#include <nlohmann/json.hpp>

#include "store/records.hpp"

namespace kibitz::server::storage {

void to_json(nlohmann::json& j, const player& p);
void to_json(nlohmann::json& j, const rating_value& r);
void to_json(nlohmann::json& j, const move_record& m);
void to_json(nlohmann::json& j, const game_summary& g);
void to_json(nlohmann::json& j, const game_record& g);
void to_json(nlohmann::json& j, const rating_point& p);
void to_json(nlohmann::json& j, const profile& p);
void to_json(nlohmann::json& j, const leader& l);

}  // namespace kibitz::server::storage
