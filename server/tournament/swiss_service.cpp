// swiss_service (swiss_service.hpp): start-up, creation, and what players ask.
#include "tournament/swiss_service.hpp"

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "play/hub.hpp"
#include "play/ids.hpp"
#include "play/stored_player.hpp"
#include "protocol/server_msg.hpp"
#include "tournament/swiss_settings.hpp"

namespace kibitz::server::tournament {

namespace {
const char* no_such = "no tournament with that id is open";
}

swiss_service::swiss_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                             swiss_service_config cfg)
    : strand_(boost::asio::make_strand(ioc)),
      store_(store),
      cfg_(std::move(cfg)),
      timer_(strand_) {}

swiss_service::event* swiss_service::find(const std::string& id) {
    auto it = events_.find(id);
    return it == events_.end() ? nullptr : &it->second;
}

void swiss_service::add(storage::tournament_row row) {
    auto& e = events_[row.public_id];
    const auto extra = nlohmann::json::parse(row.settings.extra, nullptr, false);
    if (extra.is_object()) e.code = extra.value("code", std::string());
    e.state = std::make_unique<swiss_event>(std::move(row));
}

void swiss_service::start(hub& h, const std::vector<storage::tournament_record>& unfinished) {
    hub_ = &h;
    on_strand([this, unfinished] {
        for (const auto& r : unfinished)
            if (r.row.settings.kind == "swiss") restore(r);
        arm();
    });
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
        if (p.result) continue;
        rooms_[p.room] = id;
        recover(id, p.room);  // over while the server was down, or still in play
    }
    // A round whose results were all stored: the next comes at its time.
    if (round > 0 && e.state->round_finished())
        e.next_round_ms = last_end + r.row.settings.round_interval_ms;
    spdlog::info("swiss {} restored at round {}", id, round);
}

void swiss_service::stop() {
    on_strand([this] {
        stopped_ = true;
        timer_.cancel();
    });
}

void swiss_service::create(storage::tournament_settings s, created done) {
    s.duration_ms = 0;
    if (auto why = check_swiss(s, cfg_.clock.now_ms())) {
        on_strand([done = std::move(done), why = *why] { done(core::error{why}); });
        return;
    }
    auto id = "s" + random_string(8, base62);
    store_.create_tournament(id, std::move(s), cfg_.clock.now_ms(),
                             [self = shared_from_this(), done = std::move(done)](
                                 core::result<storage::tournament_row> r) mutable {
                                 self->on_strand([self, r = std::move(r), done] {
                                     if (r) self->add(r.value());
                                     done(std::move(r));
                                 });
                             });
}

void swiss_service::message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                            const tournament_msg& m, std::optional<std::int64_t> ack,
                            const std::string& type) {
    on_strand([=, this] { handle(who, p, conn, m, {p, ack, type}); });
}

void swiss_service::answer(const reply& r, std::optional<wire_error> e) {
    if (e) return send_to(r.to, error_frame(*e, r.type, r.ack));
    if (r.ack) send_to(r.to, ack_frame(*r.ack, r.type));
}

void swiss_service::handle(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                           const tournament_msg& m, const reply& r) {
    auto* e = find(m.id);
    if (!e && m.action != tournament_action::unsubscribe)
        return answer(r, wire_error{"unknown_tournament", no_such});
    switch (m.action) {
    case tournament_action::subscribe:
        subscribe(*e, who->key(), p, conn);
        answer(r, std::nullopt);
        return send_to(p, state_frame(*e, cfg_.clock.now_ms()));
    case tournament_action::unsubscribe:
        if (e && e->audience.remove(conn)) conns_[conn].erase(m.id);
        return answer(r, std::nullopt);
    case tournament_action::join:
        return join(*e, who, p, conn, m, r);
    case tournament_action::withdraw:
    case tournament_action::pause:  // a Swiss player cannot sit out a round and stay in
        return leave(*e, who, r);
    }
}

void swiss_service::join(event& e, const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                         const tournament_msg& m, const reply& r) {
    const auto& row = e.state->row();
    if (e.finishing || row.status == "finished")
        return answer(r, wire_error{"tournament_finished", "this tournament has ended"});
    const auto* en = e.state->find(who->key());
    if (en && !en->withdrawn)
        return answer(r, wire_error{"already_joined", "you are already in this tournament"});
    if (row.settings.rated && who->guest)
        return answer(r, wire_error{"rated_requires_account",
                                    "a rated tournament is for players with an account"});
    if (!e.code.empty() && m.code != e.code && !en)
        return answer(r, wire_error{"wrong_code", "this tournament needs its entry code"});
    if (!en && e.state->players() >= max_swiss_players)
        return answer(r, wire_error{"tournament_full", "this tournament is full"});
    if (!who->row) return answer(r, wire_error{"unavailable", "your player is not stored yet"});
    subscribe(e, who->key(), p, conn);
    const auto id = row.public_id;
    // Entered once stored: a restart then finds the entry.
    store_.join_tournament(
        row.id, who->row, cfg_.clock.now_ms(),
        [self = shared_from_this(), id, who, r](core::result<bool> ok) {
            self->on_strand([self, id, who, r, ok = std::move(ok)] {
                auto* e = self->find(id);
                if (!ok || !e)
                    return self->answer(r, wire_error{"unavailable", ok ? no_such : ok.reason()});
                const int rating =
                    self->hub_->ratings().pairing_rating(who, e->state->row().settings.game_id);
                e->state->enter(who, rating, self->cfg_.clock.now_ms());
                e->dirty = true;
                self->answer(r, std::nullopt);
            });
        });
}

void swiss_service::leave(event& e, const player_ptr& who, const reply& r) {
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

void swiss_service::subscribe(event& e, const std::string& key, const peer_ref& p,
                              std::uint64_t conn) {
    if (e.audience.add(conn, p, key)) conns_[conn].insert(e.state->row().public_id);
}

void swiss_service::connection_closed(std::uint64_t conn) {
    on_strand([this, conn] {
        auto it = conns_.find(conn);
        if (it == conns_.end()) return;
        for (const auto& id : it->second)
            if (auto* e = find(id)) e->audience.remove(conn);
        conns_.erase(it);
    });
}

void swiss_service::game_over(game_over_report r) {
    on_strand([this, r = std::move(r)] { ended(r); });
}

}  // namespace kibitz::server::tournament
