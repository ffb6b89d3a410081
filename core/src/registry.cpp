#include "kibitz/core/registry.hpp"

#include "checkers/checkers.hpp"
#include "checkers/checkers_engine.hpp"
#include "oferhlyp/oferhlyp.hpp"
#include "oferhlyp/oferhlyp_engine.hpp"
#include "opprimo/opprimo.hpp"
#include "opprimo/opprimo_engine.hpp"
#include "oware/oware.hpp"
#include "oware/oware_engine.hpp"

namespace kibitz::core {

namespace {
const std::array<game_info, 5> games = {{
    {"checkers", "Checkers", {"black", "white"}, &checkers::new_game, &checkers::from_position,
     &checkers::think},
    {"oferhlyp", "Oferhlýp", {"dark", "light"}, &oferhlyp::new_game, &oferhlyp::from_position,
     &oferhlyp::think},
    {"opprimo", "Opprimo", {"yellow", "red"}, &opprimo::new_game, &opprimo::from_position,
     &opprimo::think},
    {"oware", "Oware", {"south", "north"}, &oware::new_oware, &oware::oware_from_position,
     &oware::think},
    {"ouril", "Ouril", {"south", "north"}, &oware::new_ouril, &oware::ouril_from_position,
     &oware::think},
}};
}  // namespace

std::span<const game_info> all_games() { return games; }

const game_info* find_game(std::string_view id) {
    for (const auto& g : games)
        if (g.id == id) return &g;
    return nullptr;
}

}  // namespace kibitz::core
