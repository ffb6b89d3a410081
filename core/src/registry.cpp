#include "kibitz/core/registry.hpp"

#include "checkers/checkers.hpp"
#include "checkers/checkers_description.hpp"
#include "checkers/checkers_engine.hpp"
#include "checkers/checkers_puzzles.hpp"
#include "oferhlyp/oferhlyp.hpp"
#include "oferhlyp/oferhlyp_description.hpp"
#include "oferhlyp/oferhlyp_engine.hpp"
#include "oferhlyp/oferhlyp_puzzles.hpp"
#include "opprimo/opprimo.hpp"
#include "opprimo/opprimo_description.hpp"
#include "opprimo/opprimo_engine.hpp"
#include "opprimo/opprimo_puzzles.hpp"
#include "oware/oware.hpp"
#include "oware/oware_description.hpp"
#include "oware/oware_engine.hpp"
#include "oware/oware_puzzles.hpp"

namespace kibitz::core {

namespace {
const std::array<game_info, 5> games = {{
    {"checkers", checkers::description, &checkers::new_game, &checkers::from_position,
     &checkers::compose, &checkers::think, checkers::puzzles, checkers::endgame},
    {"oferhlyp", oferhlyp::description, &oferhlyp::new_game, &oferhlyp::from_position,
     &oferhlyp::compose, &oferhlyp::think, oferhlyp::puzzles},
    {"opprimo", opprimo::description, &opprimo::new_game, &opprimo::from_position,
     &opprimo::compose, &opprimo::think, opprimo::puzzles},
    {"oware", oware::oware_description, &oware::new_oware, &oware::oware_from_position,
     &oware::oware_compose, &oware::think, oware::puzzles, oware::oware_endgame},
    {"ouril", oware::ouril_description, &oware::new_ouril, &oware::ouril_from_position,
     &oware::ouril_compose, &oware::think, oware::puzzles, oware::ouril_endgame},
}};
}  // namespace

std::span<const game_info> all_games() { return games; }

const game_info* find_game(std::string_view id) {
    for (const auto& g : games)
        if (g.id == id) return &g;
    return nullptr;
}

}  // namespace kibitz::core
