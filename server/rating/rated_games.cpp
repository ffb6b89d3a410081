#include "rating/rated_games.hpp"

#include "rating/glicko2.hpp"

namespace kibitz::server::rating {

std::optional<std::string> refuse_start(const storage::game_settings& g,
                                        const std::array<storage::player, 2>& seats) {
    if (g.rated && !(may_play_rated(seats[0].guest()) && may_play_rated(seats[1].guest())))
        return "guests cannot play rated games";
    return std::nullopt;
}

std::optional<std::array<storage::rating_value, 2>> rate(const storage::ending& e) {
    if (!e.rated || e.status != storage::game_status::finished) return std::nullopt;
    if (e.seats[0].id == e.seats[1].id || !may_play_rated(e.seats[0].guest()) ||
        !may_play_rated(e.seats[1].guest()))
        return std::nullopt;
    if (e.moves[0] < min_moves_each || e.moves[1] < min_moves_each) return std::nullopt;
    if (e.recent_pair_games >= rated_games_per_pair) return std::nullopt;
    const auto& [r0, r1] = e.ratings;
    double score0 = !e.winner ? 0.5 : *e.winner == 0 ? 1.0 : 0.0;
    auto next = glicko2::update_game({r0.rating, r0.rd, r0.volatility},
                                     {r1.rating, r1.rd, r1.volatility}, score0);
    return std::array<storage::rating_value, 2>{
        storage::rating_value{next.a.r, next.a.rd, next.a.vol, r0.games + 1},
        storage::rating_value{next.b.r, next.b.rd, next.b.vol, r1.games + 1}};
}

storage::game_key rated_games::start_game(storage::new_game g,
                                          storage::handler<storage::game_key> h) {
    g.admit = &refuse_start;
    return store_.start_game(std::move(g), std::move(h));
}

void rated_games::end_game(storage::game_end e, storage::handler<storage::end_summary> h) {
    e.rate = &rate;
    e.pair_window_ms = pair_window_ms;
    store_.end_game(std::move(e), std::move(h));
}

}  // namespace kibitz::server::rating
