#include <algorithm>

#include "tournament/rules/swiss_pairing.hpp"

namespace kibitz::server::tournament {

absence_ruling rule_absences(std::span<const swiss_game> round_games,
                             std::span<const std::string> absent) {
    auto is_absent = [&](const std::string& id) {
        return !id.empty() && std::find(absent.begin(), absent.end(), id) != absent.end();
    };
    absence_ruling ruling;
    for (const swiss_game& g : round_games) {
        if (g.second.empty() || g.result == swiss_result::bye)
            continue;  // a bye needs nobody there
        const bool first_gone = is_absent(g.first), second_gone = is_absent(g.second);
        if (!first_gone && !second_gone) continue;
        swiss_game forfeit = g;
        forfeit.result = first_gone && second_gone ? swiss_result::both_forfeited
                         : first_gone              ? swiss_result::first_forfeited
                                                   : swiss_result::second_forfeited;
        ruling.forfeits.push_back(std::move(forfeit));
        for (const std::string* id : {&g.first, &g.second})
            if (is_absent(*id) && std::find(ruling.withdrawn.begin(), ruling.withdrawn.end(),
                                            *id) == ruling.withdrawn.end())
                ruling.withdrawn.push_back(*id);
    }
    return ruling;
}

}  // namespace kibitz::server::tournament
