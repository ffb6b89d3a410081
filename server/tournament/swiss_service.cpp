// swiss_service (swiss_service.hpp): the Swiss event's part of creation,
// restoring, entry and leaving.
#include "tournament/swiss_service.hpp"

#include <nlohmann/json.hpp>

#include "play/stored_player.hpp"
#include "tournament/tournament_service_games.hpp"
#include "tournament/tournament_service_impl.hpp"

namespace kibitz::server::tournament {

template class tournament_service<open_swiss>;

swiss_service::swiss_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                             swiss_service_config cfg)
    : tournament_service(ioc, store, "swiss", "swiss", "s", cfg.tick, cfg.clock),
      cfg_(std::move(cfg)) {}

std::optional<std::string> swiss_service::check(storage::tournament_settings& s,
                                                std::int64_t now) const {
    s.duration_ms = 0;  // a Swiss event lasts its rounds
    return check_swiss(s, now);
}

std::vector<storage::tournament_settings> swiss_service::due(std::int64_t now,
                                                             const schedule_keys& existing) const {
    if (cfg_.schedule.swiss.empty()) return {};
    return due_swiss(cfg_.schedule, now, existing);
}

void swiss_service::add(storage::tournament_row row) {
    auto& e = events_[row.public_id];
    const auto extra = nlohmann::json::parse(row.settings.extra, nullptr, false);
    if (extra.is_object()) e.code = extra.value("code", std::string());
    e.state = std::make_unique<swiss_event>(std::move(row));
}

void swiss_service::restore(const storage::tournament_record& r) {
    const auto id = r.row.public_id;
    add(r.row);
    auto& e = events_[id];
    std::vector<player_ptr> players;
    for (const auto& en : r.entries) players.push_back(player_from_stored(en.who, ""));
    e.state->restore(r, players);
    const auto round = e.state->round();
    std::int64_t last_end = 0;
    for (const auto& p : r.pairings) {
        if (p.round == round && p.ended_ms) last_end = std::max(last_end, *p.ended_ms);
        if (!p.result) recover(id, p.room);  // over while the server was down, or still in play
    }
    // A round whose results were all stored: the next comes at its time.
    if (round > 0 && e.state->round_finished())
        e.next_round_ms = last_end + r.row.settings.round_interval_ms;
    spdlog::info("swiss {} restored at round {}", id, round);
}

bool swiss_service::closed(const event& e, std::int64_t) const {
    return e.finishing || e.state->row().status == "finished";
}

bool swiss_service::playing(const event& e, const std::string& key) const {
    const auto* en = e.state->find(key);
    return en && !en->withdrawn;
}

// A Swiss player cannot sit out a round and stay in: a pause withdraws.
void swiss_service::leave(event& e, const player_ptr& who, tournament_action, const reply& r) {
    const auto* en = e.state->find(who->key());
    if (!en) return answer(r, wire_error{"not_joined", "you are not in this tournament"});
    withdraw(e, who->key());
    answer(r, std::nullopt);
}

void swiss_service::withdraw(event& e, const std::string& key) {
    const auto* en = e.state->find(key);
    if (!en || en->withdrawn) return;
    e.state->withdraw(key);
    e.dirty = true;
    store_.set_entry_state(e.state->row().id, en->who->row, true, false,
                           [key](core::result<bool> ok) {
                               if (!ok) spdlog::warn("swiss: withdrawing {}: {}", key, ok.reason());
                           });
}

}  // namespace kibitz::server::tournament
