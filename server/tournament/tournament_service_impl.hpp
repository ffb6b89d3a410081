#pragma once
// tournament_service (tournament_service.hpp): start-up, the tick, creation
// and what players ask. Included (with tournament_service_games.hpp) by each
// kind's .cpp only, which instantiates the template once for its Event.
#include <spdlog/spdlog.h>

#include "play/hub.hpp"
#include "play/ids.hpp"
#include "play/notification_desk.hpp"
#include "play/room/room.hpp"
#include "store/store.hpp"
#include "tournament/arena_state.hpp"
#include "tournament/tournament_service.hpp"
#include "tournament/tournament_service_lead.hpp"

namespace kibitz::server::tournament {

inline const char* no_such_tournament = "no tournament with that id is open";

template <class Event>
tournament_service<Event>::tournament_service(boost::asio::io_context& ioc,
                                              storage::tournament_store& store, const char* kind,
                                              const char* log, const char* prefix,
                                              std::chrono::milliseconds tick, wall_clock clock)
    : store_(store),
      clock_(std::move(clock)),
      log_(log),
      strand_(boost::asio::make_strand(ioc)),
      timer_(strand_),
      tick_(tick),
      kind_(kind),
      prefix_(prefix) {}

template <class Event>
Event* tournament_service<Event>::find(const std::string& id) {
    auto it = events_.find(id);
    return it == events_.end() ? nullptr : &it->second;
}

template <class Event>
void tournament_service<Event>::start(hub& h,
                                      const std::vector<storage::tournament_record>& unfinished,
                                      bool cluster) {
    hub_ = &h;
    cluster_ = cluster;  // before any post: lead() reads it on the strand
    leading_ = !cluster;
    if (cluster) return;
    on_strand([this, unfinished] {
        restore_all(unfinished);
        arm();
    });
}

template <class Event>
void tournament_service<Event>::restore_all(
    const std::vector<storage::tournament_record>& unfinished) {
    {
        int restored = 0;
        for (const auto& r : unfinished) {
            if (r.row.settings.kind != kind_ || find(r.row.public_id)) continue;
            restore(r), ++restored;
            if (!r.chat.empty()) {
                std::vector<tournament_chat_line> lines;
                for (const auto& l : r.chat) lines.push_back({l.player, l.name, l.text, l.at_ms});
                chats_[r.row.public_id].restore(lines);
            }
            // Told before the restart: not again, nor any entrant then (each was
            // told with the others or at their join).
            const auto extra = json::parse(r.row.settings.extra, nullptr, false);
            if (!extra.is_object() || !extra.value("announced", false)) continue;
            auto& told = told_[r.row.public_id];
            for (const auto& en : r.entries) told.insert("#" + std::to_string(en.who.id));
        }
        if (restored > 0) spdlog::info("{}: restored {} events", log_, restored);
    }
}

template <class Event>
void tournament_service<Event>::stop() {
    on_strand([this] {
        stopped_ = true;
        timer_.cancel();
    });
}

template <class Event>
void tournament_service<Event>::arm() {
    if (stopped_) return;
    timer_.expires_after(tick_);
    timer_.async_wait([self = this->shared_from_this()](boost::system::error_code ec) {
        if (ec || self->stopped_ || !self->leading_) return;
        try {
            self->tick();
        } catch (const std::exception& e) {
            spdlog::error("{}: tick: {}", self->log_, e.what());
        }
        self->arm();
    });
}

template <class Event>
void tournament_service<Event>::tick() {
    const auto now = clock_.now_ms();
    // A cluster's leader pairs only while its lease is known to hold, and not
    // before the players' subscriptions came back after a takeover.
    const auto steady = std::chrono::steady_clock::now();
    if (cluster_ && (steady >= lead_until_ || steady < quiet_until_)) return;
    schedule(now);
    std::vector<std::string> ids;
    for (const auto& [id, e] : events_) ids.push_back(id);
    for (const auto& id : ids)  // an event may end and go
        if (auto* e = find(id)) announce(*e, now), run_event(*e, now);
}

template <class Event>
void tournament_service<Event>::announce(Event& e, std::int64_t now) {
    const auto& row = e.state->row();
    const auto starts = row.settings.starts_ms;
    if (now < starts - starting_soon_ms || now >= starts) return;
    if (!told_.emplace(row.public_id, std::set<std::string>{}).second) return;
    auto* out = hub_->deps().notifications;
    if (!out) return;
    // Marked in the event's stored settings, so a restart inside the window
    // does not tell the entrants again.
    auto extra = json::parse(row.settings.extra, nullptr, false);
    if (!extra.is_object()) extra = json::object();
    extra["announced"] = true;
    store_.set_tournament_extra(row.id, extra.dump(), [log = log_](core::result<bool> r) {
        if (!r) spdlog::warn("{}: storing an announcement: {}", log, r.reason());
    });
    const json data = {{"id", row.public_id}, {"name", row.settings.name}, {"starts_ms", starts}};
    auto& told = told_[row.public_id];
    for (const auto& who : e.state->entered())
        if (told.insert(who->key()).second) out->notify(who, "tournament_soon", data);
}

template <class Event>
void tournament_service<Event>::tell_late(Event& e, const player_ptr& who, std::int64_t now) {
    const auto& row = e.state->row();
    auto told = told_.find(row.public_id);
    auto* out = hub_->deps().notifications;
    if (told == told_.end() || now >= row.settings.starts_ms || !out) return;
    if (!told->second.insert(who->key()).second) return;  // once per player and event
    out->notify(who, "tournament_soon",
                {{"id", row.public_id},
                 {"name", row.settings.name},
                 {"starts_ms", row.settings.starts_ms}});
}

template <class Event>
void tournament_service<Event>::schedule(std::int64_t now) {
    auto existing = scheduling_;
    for (const auto& [id, e] : events_) {
        const auto& s = e.state->row().settings;
        if (!s.created_by) existing.insert({s.game_id, s.starts_ms});
    }
    for (auto& s : due(now, existing)) {
        const std::pair<std::string, std::int64_t> key{s.game_id, s.starts_ms};
        scheduling_.insert(key);
        create(std::move(s), [this, key](core::result<storage::tournament_row> r) {
            scheduling_.erase(key);
            if (!r) spdlog::warn("{}: scheduling {}: {}", log_, key.first, r.reason());
        });
    }
}

template <class Event>
void tournament_service<Event>::create(storage::tournament_settings s, created done) {
    if (auto why = check(s, clock_.now_ms())) {
        on_strand([done = std::move(done), why = *why] { done(core::error{why}); });
        return;
    }
    auto id = prefix_ + random_string(8, base62);
    store_.create_tournament(id, std::move(s), clock_.now_ms(),
                             [self = this->shared_from_this(), done = std::move(done)](
                                 core::result<storage::tournament_row> r) mutable {
                                 self->on_strand([self, r = std::move(r), done] {
                                     if (r) self->adopt(r.value());
                                     done(std::move(r));
                                 });
                             });
}

template <class Event>
void tournament_service<Event>::message(const player_ptr& who, const peer_ref& p,
                                        std::uint64_t conn, const tournament_msg& m,
                                        std::optional<std::int64_t> ack, const std::string& type) {
    on_strand([=, this] {
        if (held([=, this] { handle(who, p, conn, m, {p, ack, type}); })) return;
        if (!leading_)  // sent by a node that thought this one leads
            return answer({p, ack, type},
                          wire_error{"unavailable", "the tournaments are moving: try again"});
        handle(who, p, conn, m, {p, ack, type});
    });
}

template <class Event>
void tournament_service<Event>::answer(const reply& r, std::optional<wire_error> e) {
    if (e) return send_to(r.to, error_frame(*e, r.type, r.ack));
    if (r.ack) send_to(r.to, ack_frame(*r.ack, r.type));
}

template <class Event>
void tournament_service<Event>::handle(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                                       const tournament_msg& m, const reply& r) {
    auto* e = find(m.id);
    if (!e && m.action != tournament_action::unsubscribe)
        return answer(r, wire_error{"unknown_tournament", no_such_tournament});
    switch (m.action) {
    case tournament_action::subscribe:
        subscribe(*e, who->key(), p, conn);
        answer(r, std::nullopt);
        send_to(p, state_frame(*e, clock_.now_ms()));  // the standings now
        if (auto c = chats_.find(m.id); c != chats_.end())  // and what was said so far
            send_to(p, encode(tournament_chat_msg{m.id, c->second.lines()}));
        return;
    case tournament_action::unsubscribe:
        if (e) unsubscribe(*e, conn);
        return answer(r, std::nullopt);
    case tournament_action::join:
        return join(*e, who, p, conn, m, r);
    case tournament_action::withdraw:
    case tournament_action::pause:
        return leave(*e, who, m.action, r);
    case tournament_action::chat:
        return chat(*e, who, m.text, r);
    }
}

template <class Event>
void tournament_service<Event>::chat(Event& e, const player_ptr& who, const std::string& text,
                                     const reply& r) {
    // Entrants write (withdrawn ones too: they played); followers only read.
    if (!e.state->find(who->key()))
        return answer(r, wire_error{"not_joined", "join the tournament to write in its chat"});
    const auto& id = e.state->row().public_id;
    tournament_chat_line line{who->id, who->name, text, clock_.now_ms()};
    if (!chats_[id].say(who->key(), line))
        return answer(r, wire_error{"rate_limited", "one chat line a second in a tournament"});
    answer(r, std::nullopt);
    // Stored for a restart or the next leader; the page does not wait for it.
    store_.add_tournament_chat(e.state->row().id, {line.player, line.from, line.text, line.at_ms},
                               [log = log_](core::result<bool> ok) {
                                   if (!ok)
                                       spdlog::warn("{}: storing a chat line: {}", log,
                                                    ok.reason());
                               });
    e.audience.send(encode(tournament_chat_msg{id, {std::move(line)}}));
}

template <class Event>
void tournament_service<Event>::join(Event& e, const player_ptr& who, const peer_ref& p,
                                     std::uint64_t conn, const tournament_msg& m, const reply& r) {
    const auto& row = e.state->row();
    if (closed(e, clock_.now_ms()))
        return answer(r, wire_error{"tournament_finished", "this tournament has ended"});
    const bool entered = e.state->find(who->key()) != nullptr;
    if (entered && playing(e, who->key()))
        return answer(r, wire_error{"already_joined", "you are already in this tournament"});
    if (row.settings.rated && who->guest)
        return answer(r, wire_error{"rated_requires_account",
                                    "a rated tournament is for players with an account"});
    if (!e.code.empty() && !entered) {
        const auto now = clock_.now_ms();
        if (!code_tries_.may_try(who->key(), now))
            return answer(
                r, wire_error{"too_many_tries", "too many wrong entry codes: try again later"});
        if (m.code != e.code) {
            code_tries_.wrong(who->key(), now);
            return answer(r, wire_error{"wrong_code", "this tournament needs its entry code"});
        }
    }
    if (!entered && e.state->players() >= capacity(e))
        return answer(r, wire_error{"tournament_full", "this tournament is full"});
    if (!who->row) return answer(r, wire_error{"unavailable", "your player is not stored yet"});
    subscribe(e, who->key(), p, conn);
    // Entered once stored: a restart then finds the entry.
    store_.join_tournament(
        row.id, who->row, clock_.now_ms(),
        [self = this->shared_from_this(), id = row.public_id, who, r](core::result<bool> ok) {
            self->on_strand([self, id, who, r, ok = std::move(ok)] {
                auto* e = self->find(id);
                if (!ok || !e)
                    return self->answer(
                        r, wire_error{"unavailable", ok ? no_such_tournament : ok.reason()});
                const int rating =
                    self->hub_->ratings().pairing_rating(who, e->state->row().settings.game_id);
                e->state->enter(who, rating, self->clock_.now_ms());
                e->dirty = true;
                self->answer(r, std::nullopt);
                // Joined after the "starts soon" notice went out: told now.
                self->tell_late(*e, who, self->clock_.now_ms());
            });
        });
}

template <class Event>
void tournament_service<Event>::subscribe(Event& e, const std::string& key, const peer_ref& p,
                                          std::uint64_t conn) {
    if (e.audience.add(conn, p, key)) conns_[conn].insert(e.state->row().public_id);
}

template <class Event>
void tournament_service<Event>::unsubscribe(Event& e, std::uint64_t conn) {
    if (!e.audience.remove(conn)) return;
    if (auto c = conns_.find(conn); c != conns_.end()) {
        c->second.erase(e.state->row().public_id);
        if (c->second.empty()) conns_.erase(c);
    }
}

template <class Event>
void tournament_service<Event>::connection_closed(std::uint64_t conn) {
    on_strand([this, conn] {
        auto it = conns_.find(conn);
        if (it == conns_.end()) return;
        for (const auto& id : it->second)
            if (auto* e = find(id)) e->audience.remove(conn);
        conns_.erase(it);
    });
}

}  // namespace kibitz::server::tournament
