// arena_service (arena_service.hpp): start-up, creation, and what players ask.
#include "tournament/arena_service.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "play/hub.hpp"
#include "play/ids.hpp"
#include "play/stored_player.hpp"
#include "protocol/server_msg.hpp"
#include "tournament/arena_settings.hpp"

namespace kibitz::server::tournament {

namespace {
const char* no_such = "no tournament with that id is open";
}

arena_service::arena_service(boost::asio::io_context& ioc, storage::tournament_store& store,
                             arena_service_config cfg)
    : strand_(boost::asio::make_strand(ioc)),
      store_(store),
      cfg_(std::move(cfg)),
      timer_(strand_) {}

arena_rules arena_service::rules_for(const std::string& game) const {
    auto it = cfg_.rules_by_game.find(game);
    return it == cfg_.rules_by_game.end() ? cfg_.default_rules : it->second;
}

arena_service::arena* arena_service::find(const std::string& id) {
    auto it = arenas_.find(id);
    return it == arenas_.end() ? nullptr : &it->second;
}

void arena_service::add(storage::tournament_row row) {
    auto& a = arenas_[row.public_id];
    const auto extra = nlohmann::json::parse(row.settings.extra, nullptr, false);
    if (extra.is_object()) {
        a.code = extra.value("code", std::string());
        a.max_players = extra.value("max_players", 0);
    }
    if (a.max_players <= 0 || a.max_players > cfg_.max_players) a.max_players = cfg_.max_players;
    const auto game = row.settings.game_id;
    a.state = std::make_unique<arena_state>(std::move(row), rules_for(game));
}

void arena_service::start(hub& h, std::vector<storage::tournament_record> unfinished) {
    hub_ = &h;
    on_strand([this, unfinished = std::move(unfinished)] {
        for (const auto& r : unfinished) restore(r);
        if (!unfinished.empty()) spdlog::info("restored {} tournaments", unfinished.size());
        arm();
    });
}

void arena_service::restore(const storage::tournament_record& r) {
    if (r.row.settings.kind != "arena") return;  // Swiss events: not served yet
    const auto id = r.row.public_id;
    add(r.row);
    auto& a = arenas_[id];
    std::vector<player_ptr> players;
    for (const auto& e : r.entries) players.push_back(player_from_stored(e.who, ""));
    a.state->restore(r, players);
    for (const auto& p : r.pairings) a.waves = std::max(a.waves, p.round);
    for (const auto& [room, g] : a.state->games()) {
        if (g.result) continue;
        rooms_[room] = id;
        // Ended while the server was down (or before its result was stored)?
        // The stored game says; one still in play reports from its room.
        recover(id, room);
    }
}

void arena_service::stop() {
    on_strand([this] {
        stopped_ = true;
        timer_.cancel();
    });
}

void arena_service::create(storage::tournament_settings s, created done) {
    if (auto why = check_arena(s, cfg_.clock.now_ms())) {
        on_strand([done = std::move(done), why = *why] { done(core::error{why}); });
        return;
    }
    auto id = "t" + random_string(8, base62);
    store_.create_tournament(id, std::move(s), cfg_.clock.now_ms(),
                             [self = shared_from_this(), done = std::move(done)](
                                 core::result<storage::tournament_row> r) mutable {
                                 self->on_strand([self, r = std::move(r), done] {
                                     if (r) self->add(r.value());
                                     done(std::move(r));
                                 });
                             });
}

void arena_service::message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                            const tournament_msg& m, std::optional<std::int64_t> ack,
                            const std::string& type) {
    on_strand([=, this] { handle(who, p, conn, m, {p, ack, type}); });
}

void arena_service::answer(const reply& r, std::optional<wire_error> e) {
    if (e) return send_to(r.to, error_frame(*e, r.type, r.ack));
    if (r.ack) send_to(r.to, ack_frame(*r.ack, r.type));
}

void arena_service::handle(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                           const tournament_msg& m, const reply& r) {
    auto* a = find(m.id);
    switch (m.action) {
    case tournament_action::subscribe:
        if (!a) return answer(r, wire_error{"unknown_tournament", no_such});
        subscribe(*a, who->key(), p, conn);
        answer(r, std::nullopt);
        return send_to(p, state_frame(*a, cfg_.clock.now_ms()));  // the standings now
    case tournament_action::unsubscribe:
        if (a) unsubscribe(*a, conn);
        return answer(r, std::nullopt);
    case tournament_action::join:
        return join(m.id, who, p, conn, m, r);
    case tournament_action::withdraw:
    case tournament_action::pause:
        return leave(m.id, who, m.action == tournament_action::withdraw, r);
    }
}

void arena_service::join(const std::string& id, const player_ptr& who, const peer_ref& p,
                         std::uint64_t conn, const tournament_msg& m, const reply& r) {
    auto* a = find(id);
    if (!a) return answer(r, wire_error{"unknown_tournament", no_such});
    const auto& row = a->state->row();
    if (a->ending || a->state->status_at(cfg_.clock.now_ms()) == "finished")
        return answer(r, wire_error{"tournament_finished", "this tournament has ended"});
    const auto* e = a->state->find(who->key());
    if (e && !e->withdrawn && !e->paused)
        return answer(r, wire_error{"already_joined", "you are already in this tournament"});
    if (row.settings.rated && who->guest)
        return answer(r, wire_error{"rated_requires_account",
                                    "a rated tournament is for players with an account"});
    if (!a->code.empty() && m.code != a->code && !e)
        return answer(r, wire_error{"wrong_code", "this tournament needs its entry code"});
    if (!e && a->state->players() >= a->max_players)
        return answer(r, wire_error{"tournament_full", "this tournament is full"});
    if (!who->row) return answer(r, wire_error{"unavailable", "your player is not stored yet"});
    subscribe(*a, who->key(), p, conn);
    // Entered once stored: a restart then finds the entry.
    store_.join_tournament(
        row.id, who->row, cfg_.clock.now_ms(),
        [self = shared_from_this(), id, who, r](core::result<bool> ok) {
            self->on_strand([self, id, who, r, ok = std::move(ok)] {
                auto* a = self->find(id);
                if (!ok || !a)
                    return self->answer(r, wire_error{"unavailable", ok ? no_such : ok.reason()});
                const int rating =
                    self->hub_->ratings().pairing_rating(who, a->state->row().settings.game_id);
                a->state->enter(who, rating, self->cfg_.clock.now_ms());
                a->dirty = true;
                self->answer(r, std::nullopt);
            });
        });
}

void arena_service::leave(const std::string& id, const player_ptr& who, bool withdraw,
                          const reply& r) {
    auto* a = find(id);
    if (!a) return answer(r, wire_error{"unknown_tournament", no_such});
    if (!a->state->find(who->key()))
        return answer(r, wire_error{"not_joined", "you are not in this tournament"});
    if (withdraw) a->state->withdraw(who->key());
    else a->state->pause(who->key());
    a->dirty = true;
    store_.set_entry_state(
        a->state->row().id, who->row, withdraw, !withdraw,
        [self = shared_from_this(), r](core::result<bool> ok) {
            self->on_strand([self, r, ok = std::move(ok)] {
                if (!ok) return self->answer(r, wire_error{"unavailable", ok.reason()});
                self->answer(r, std::nullopt);
            });
        });
}

void arena_service::subscribe(arena& a, const std::string& key, const peer_ref& p,
                              std::uint64_t conn) {
    if (!a.audience.add(conn, p, key)) return;
    conns_[conn].insert(a.state->row().public_id);
}

void arena_service::unsubscribe(arena& a, std::uint64_t conn) {
    if (!a.audience.remove(conn)) return;
    if (auto c = conns_.find(conn); c != conns_.end()) {
        c->second.erase(a.state->row().public_id);
        if (c->second.empty()) conns_.erase(c);
    }
}

void arena_service::connection_closed(std::uint64_t conn) {
    on_strand([this, conn] {
        auto it = conns_.find(conn);
        if (it == conns_.end()) return;
        const auto ids = it->second;
        for (const auto& id : ids)
            if (auto* a = find(id)) unsubscribe(*a, conn);
        conns_.erase(conn);
    });
}

void arena_service::game_over(game_over_report r) {
    on_strand([this, r = std::move(r)] { ended(r); });
}

}  // namespace kibitz::server::tournament
