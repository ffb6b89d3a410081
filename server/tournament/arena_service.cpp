// arena_service (arena_service.hpp): the arena's part of creation, restoring,
// entry and leaving.
#include "tournament/arena_service.hpp"

#include <nlohmann/json.hpp>

#include "play/stored_player.hpp"
#include "tournament/arena_settings.hpp"
#include "tournament/tournament_service_games.hpp"
#include "tournament/tournament_service_impl.hpp"

namespace kibitz::server::tournament {

template class tournament_service<open_arena>;

arena_service::arena_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                             arena_service_config cfg)
    : tournament_service(ioc, store, "arena", "tournaments", "t", cfg.tick, cfg.clock),
      cfg_(std::move(cfg)) {}

arena_rules arena_service::rules_for(const std::string& game) const {
    auto it = cfg_.rules_by_game.find(game);
    return it == cfg_.rules_by_game.end() ? cfg_.default_rules : it->second;
}

std::optional<std::string> arena_service::check(storage::tournament_settings& s,
                                                std::int64_t now) const {
    return check_arena(s, now);
}

std::vector<storage::tournament_settings> arena_service::due(std::int64_t now,
                                                             const schedule_keys& existing) const {
    if (cfg_.schedule.arenas.empty()) return {};
    return due_arenas(cfg_.schedule, now, existing);
}

void arena_service::add(storage::tournament_row row) {
    auto& a = events_[row.public_id];
    const auto extra = nlohmann::json::parse(row.settings.extra, nullptr, false);
    if (extra.is_object()) {
        a.code = extra.value("code", std::string());
        a.max_players = extra.value("max_players", 0);
    }
    if (a.max_players <= 0 || a.max_players > cfg_.max_players) a.max_players = cfg_.max_players;
    const auto game = row.settings.game_id;
    a.state = std::make_unique<arena_state>(std::move(row), rules_for(game));
}

void arena_service::restore(const storage::tournament_record& r) {
    const auto id = r.row.public_id;
    add(r.row);
    auto& a = events_[id];
    std::vector<player_ptr> players;
    for (const auto& e : r.entries) players.push_back(player_from_stored(e.who, ""));
    a.state->restore(r, players);
    for (const auto& p : r.pairings) a.waves = std::max(a.waves, p.round);
    for (const auto& [room, g] : a.state->games())
        // Ended while the server was down (or before its result was stored)?
        // The stored game says; one still in play reports from its room.
        if (!g.result) recover(id, room);
}

bool arena_service::closed(const arena& a, std::int64_t now) const {
    return a.ending || a.state->status_at(now) == "finished";
}

bool arena_service::playing(const arena& a, const std::string& key) const {
    const auto* e = a.state->find(key);
    return e && !e->withdrawn && !e->paused;
}

void arena_service::leave(arena& a, const player_ptr& who, tournament_action act, const reply& r) {
    if (!a.state->find(who->key()))
        return answer(r, wire_error{"not_joined", "you are not in this tournament"});
    const bool withdraw = act == tournament_action::withdraw;
    if (withdraw) a.state->withdraw(who->key());
    else a.state->pause(who->key());
    a.dirty = true;
    store_.set_entry_state(
        a.state->row().id, who->row, withdraw, !withdraw,
        [self = self(), r](core::result<bool> ok) {
            self->on_strand([self, r, ok = std::move(ok)] {
                if (!ok) return self->answer(r, wire_error{"unavailable", ok.reason()});
                self->answer(r, std::nullopt);
            });
        });
}

}  // namespace kibitz::server::tournament
