#include "protocol/catalogue.hpp"

namespace kibitz::server {

nlohmann::json to_json(const core::game_info& g) {
    const auto& a = g.about;
    auto side = [](const core::side_info& s) {
        return nlohmann::json{{"name", s.name}, {"colour", s.colour}};
    };
    // What the position editor can place: kinds with hit points or a count say so.
    auto kinds = nlohmann::json::array();
    for (const auto& k : a.piece_kinds) {
        nlohmann::json j = {{"kind", k.kind}, {"name", k.name}};
        if (k.max_hit_points) j["max_hp"] = k.max_hit_points;
        if (k.max_count) j["max_count"] = k.max_count;
        kinds.push_back(std::move(j));
    }
    return {{"id", g.id},
            {"name", a.name},
            {"summary", a.summary},
            {"sides", {side(a.sides[0]), side(a.sides[1])}},
            {"layout", a.layout},
            {"export",
             {{"dialect", a.dialect == core::export_dialect::pdn ? "pdn" : "text"},
              {"extension", a.extension}}},
            {"agreed_end", a.agreed_end},
            {"notation_hint", a.notation_hint},
            {"piece_kinds", std::move(kinds)}};
}

const nlohmann::json& catalogue_json() {
    // A function-local static: built on first use, thread-safe, never changed.
    static const nlohmann::json all = [] {
        auto out = nlohmann::json::array();
        for (const auto& g : core::all_games()) out.push_back(to_json(g));
        return out;
    }();
    return all;
}

}  // namespace kibitz::server
