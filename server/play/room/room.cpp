#include "play/room/room.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "observe/metrics.hpp"
#include "play/live/live_games.hpp"
#include "play/post_guarded.hpp"
#include "play/room/start_position.hpp"

namespace kibitz::server {

namespace net = boost::asio;

namespace {
// A command whose handling on the room's strand takes longer is logged (warn).
constexpr auto slow_command = std::chrono::milliseconds(50);
}  // namespace

room::room(hub& h, std::string id, room_settings s, player_ptr seat0, player_ptr seat1)
    : hub_(h),
      strand_(net::make_strand(h.rooms().executor())),
      id_(std::move(id)),
      settings_(s),
      game_(game_at_start(*s.game, s.start_position)),
      clocks_(s.tc, h.config().first_move_limit),
      timer_(strand_),
      spectators_timer_(strand_),
      linger_timer_(strand_),
      computer_timer_(strand_),
      store_retry_timer_(strand_) {
    seats_[0].who = std::move(seat0);
    seats_[1].who = std::move(seat1);
    for (int s = 0; s < 2; ++s)
        if (seats_[s].who->computer_level) {
            computer_ = computer_seat(s);
            seats_[s].computer = true;
        }
}

// Every entry point hops onto the strand and catches everything: a bug in one
// room must never take the process down.
template <class F>
void room::on_strand(F&& f) {
    post_guarded(strand_, shared_from_this(), std::forward<F>(f),
                 [](const room& r) { return "room " + r.id_; });
}

void room::start(std::string via) {
    on_strand([this, via = std::move(via)] { do_start(via); });
}

void room::join(player_ptr who, peer_ref p, std::uint64_t conn, std::optional<std::int64_t> v) {
    on_strand([this, who = std::move(who), p = std::move(p), conn, v] {
        // Rested since it was found (room_rest.cpp): the join goes to the reloaded room.
        if (resting_) return reopen([who, p, conn, v](const auto& r) { r->join(who, p, conn, v); });
        do_join(who, p, conn, v);
    });
}

void room::leave(std::uint64_t conn, bool closed) {
    on_strand([this, conn, closed] { do_leave(conn, closed); });
}

void room::stop() {
    on_strand([this] {
        timer_.cancel();
        timer_armed_ = false;
        spectators_timer_.cancel();
        linger_timer_.cancel();
        store_retry_timer_.cancel();
        computer_stop();
    });
}

void room::command(player_ptr who, peer_ref p, std::uint64_t conn, room_cmd_msg cmd,
                   std::optional<std::int64_t> ack, std::string type) {
    net::post(strand_, [self = shared_from_this(), this, who = std::move(who), p = std::move(p),
                        conn, cmd = std::move(cmd), ack, type = std::move(type)] {
        if (resting_)  // rested since it was found: to the reloaded room
            return reopen([who, p, conn, cmd, ack, type](const auto& r) {
                r->command(who, p, conn, cmd, ack, type);
            });
        // A move is acknowledged only once the store reports it durable: the
        // recorder's answer comes back on this strand (record_move), which
        // sends the ack, or `not_stored` and pauses the game (room_storage.cpp).
        // Everyone sees the move event at once, before the ack.
        bool deferred = cmd.action == room_action::move;
        move_done done;
        if (deferred)
            done = [self, p, ack, type](bool durable, std::int64_t v) {
                if (!durable) {
                    ++self->hub_.stats().rejected_total;
                    send_to(p, error_frame({"not_stored", "the move was played but could not "
                                                          "be stored"},
                                           type, ack, self->id_));
                } else if (ack) {
                    send_to(p, ack_frame(*ack, type, self->id_, v));
                }
            };
        std::optional<wire_error> err;
        auto started = clock_type::now();
        try {
            err = act(seat_of(who), conn, who, cmd, std::move(done));
        } catch (const std::exception& e) {
            spdlog::error("room {}: {} failed: {}", id_, type, e.what());
            err = wire_error{"internal", "internal error"};
        }
        if (auto took = clock_type::now() - started; took > slow_command)
            spdlog::warn("room {}: slow handler: {} took {} ms", id_, type,
                         std::chrono::duration_cast<std::chrono::milliseconds>(took).count());
        if (err) {
            ++hub_.stats().rejected_total;
            send_to(p, error_frame(*err, type, ack, id_));
        } else if (ack && !deferred) {
            send_to(p, ack_frame(*ack, type, id_, v_));
        }
        if (!idle_armed_ && correspondence())
            rest_when_idle();  // a command from no seat's connection
    });
}

void room::do_start(const std::string& via) {
    started_ = true;
    auto now = clock_type::now();
    push_event(start_event{id_, std::string(settings_.game->id)});
    start_turn(now);
    const std::string board = board_text();
    for (int s = 0; s < 2; ++s) {
        auto& seat = seats_[s];
        if (s == computer_.seat()) continue;
        // Every tab of the player is taken to the game and seated.
        seat.conns = hub_.peers().of(seat.who->key());
        if (!seat.connected()) seat.claim_at = now + hub_.config().disconnect_grace;
        auto found = encode(game_found_msg{id_, std::string(settings_.game->id), s,
                                           std::string(settings_.game->about.sides[s].name), via});
        auto state = state_frame(s, board, seat.who->row);
        for (const auto& [conn, p] : seat.conns) {
            send_to(p, found);
            send_to(p, state);
        }
        hub_.rooms().elsewhere().seated(seat.who, id_, found);
    }
    arm_timer();
    computer_turn();
    game_started rec{id_,
                     std::string(settings_.game->id),
                     settings_.tc,
                     settings_.rated,
                     settings_.is_private,
                     {seats_[0].who, seats_[1].who},
                     game_->position_text(),
                     settings_.start_position,
                     now_ms(-1),
                     deadline_ms_};
    hub_.deps().recorder->on_start(rec);
    tell_players("game_started");
    spdlog::info("game start {} {} {} vs {}{}", id_, settings_.game->id, seats_[0].who->name,
                 seats_[1].who->name, settings_.rated ? " rated" : "");
    if (!settings_.is_private)
        hub_.live().room_started(std::string(settings_.game->id), id_, lobby_summary(),
                                 live_position_of(game_->view_without_cells()));
    rest_when_idle();
}

json room::lobby_summary() const {
    json players = json::array();
    for (auto& s : seats_) {
        auto pj = hub_.ratings().player_json(s.who, settings_.game->id);
        json one = {{"name", s.who->name}, {"rating", pj["rating"]}};
        if (pj.contains("provisional")) one["provisional"] = pj["provisional"];
        players.push_back(std::move(one));
    }
    return {{"room", id_},
            {"game", settings_.game->id},
            {"tc", to_json(settings_.tc)},
            {"rated", settings_.rated},
            {"players", players},
            {"plies", journal_.size()},
            {"spectators", spectators_.size()}};
}

void room::restore(storage::game_record g) {
    on_strand([this, g = std::move(g)] { do_restore(g); });
}

void room::do_restore(const storage::game_record& g) {
    started_ = true;
    auto now = clock_type::now();
    // Versions from before the restart must never look current: a client that
    // saw v 7 then must get a full state, not "nothing missed". So versions go
    // on from a new base, the restore time in Unix seconds (far above any
    // game's event count, and larger at every later restart).
    v_ = now_ms(-1) / 1000;
    push_event(start_event{id_, std::string(settings_.game->id)});
    // Replay through the rules core from the game's start (the constructor
    // made it), so that history (repetition counts) is exactly what it was.
    for (const auto& m : g.moves) {
        auto index = game_->parse_move(m.notation);
        if (!index || game_->to_move() != m.seat) {
            spdlog::error("room {}: stored ply {} '{}' does not replay: {}", id_, m.ply,
                          m.notation, index ? "wrong seat" : index.reason());
            finish({core::status_kind::draw, -1, "not restorable"}, true);
            return;
        }
        if (&m == &g.moves.back()) note_last(index.value(), m.seat);  // its highlight
        journal_.record(game_->move_text(index.value()), m.seat, m.clock_ms);
        game_->play(index.value());
        seats_[m.seat].moved = true;
    }
    // Both chats as they were (the last chat_log lines of each).
    for (const auto& c : g.chat) {
        int seat = -1;
        if (c.channel == "players")
            for (int s = 0; s < 2; ++s)
                if (c.who && seats_[s].who->row == *c.who) seat = s;
        remember_chat(c.channel == "players",
                      {c.name.empty() ? "anonymous" : c.name, seat, c.text, c.who.value_or(0)});
    }
    // Clocks paused while the server was down (storage::clocks_at_restart).
    if (clocks_.timed()) {
        auto c = storage::clocks_at_restart(g);
        for (int s = 0; s < 2; ++s) {
            // A seat that went berserk is so again: no increment, and never
            // more than the halved clock (no move of its stored yet: the
            // stored reading is the initial time).
            if (g.tournament && g.tournament->berserk[s] && clocks_.berserk(s))
                c[s] = std::min(c[s], clocks_.clock().remaining(s, now).count());
            clocks_.clock().set(s, std::chrono::milliseconds(c[s]));
        }
    }
    auto st = game_->current_status();
    if (st.over()) {
        // The last move ended the game but the end was not stored before the crash.
        finish(st, false);
        return;
    }
    start_turn(now);
    if (correspondence() && g.summary.deadline_ms) {
        // The deadline as the last move stored it, not a fresh allowance: the
        // days ran while the server was down. One already past fires at once.
        deadline_ms_ = g.summary.deadline_ms;
        schedule_deadline();
    }
    for (int s = 0; s < 2; ++s) {
        // Nobody is connected yet: the usual grace runs from now.
        auto grace = hub_.config().disconnect_grace;
        if (clocks_.timed()) grace = std::min(grace, clocks_.clock().remaining(s, now));
        seats_[s].conns.clear();
        seats_[s].claim_at = now + grace;
    }
    arm_timer();
    computer_turn();
    if (!settings_.is_private)
        hub_.live().room_started(std::string(settings_.game->id), id_, lobby_summary(),
                                 live_position_of(game_->view_without_cells()));
    if (correspondence()) restore_premove(g.summary);
    rest_when_idle();  // loaded for its deadline, or opened by someone who joins next
}

int room::seat_of(const player_ptr& who) const {
    if (!who) return -1;
    for (int s = 0; s < 2; ++s)
        if (seats_[s].who->key() == who->key()) return s;
    return -1;
}

void room::do_join(player_ptr who, peer_ref p, std::uint64_t conn, std::optional<std::int64_t> v) {
    int s = seat_of(who);
    if (s >= 0) {
        auto& seat = seats_[s];
        bool was_away = !seat.connected();
        seat.conns[conn] = p;
        if (was_away && playing()) to_all(encode(presence_msg{id_, s, "back", {}}));
    } else {
        spectators_[conn] = {p, who};
        spectators_changed();
    }
    // Replay what the client missed if the log still holds all of it.
    std::int64_t oldest = log_.empty() ? v_ + 1 : log_.front().v;
    if (v && *v <= v_ && *v + 1 >= oldest) {
        for (const auto& e : log_)
            if (e.v > *v) send_to(p, e.f);
        send_to(p, encode(room_synced_msg{id_, v_, spectators_.size(), players_json(),
                                          clocks_json(), status_json()}));
    } else {
        send_to(p, state_frame(s, board_text(), who ? who->row : 0));
    }
}

void room::do_leave(std::uint64_t conn, bool closed) {
    if (spectators_.erase(conn)) spectators_changed();
    if (!closed) return rest_when_idle();
    for (int s = 0; s < 2; ++s) {
        auto& seat = seats_[s];
        // Gone only when the player's last connection (tab) is.
        if (!seat.conns.erase(conn) || seat.connected()) continue;
        if (!playing()) continue;
        // Grace: 60 s, or the absent player's own remaining time if less.
        auto now = clock_type::now();
        auto grace = hub_.config().disconnect_grace;
        if (clocks_.timed()) grace = std::min(grace, clocks_.clock().remaining(s, now));
        seat.claim_at = now + grace;
        to_all(encode(presence_msg{id_, s, "disconnected", grace.count()}));
    }
    rest_when_idle();
}

void room::to_audience(const frame& f, bool players) {
    if (players) {
        for (auto& s : seats_)
            for (const auto& [conn, p] : s.conns) send_to(p, f);
    } else {
        for (auto& [conn, sp] : spectators_) send_to(sp.first, f);
    }
}

void room::chat_to_audience(const frame& f, bool players, std::int64_t from_row) {
    const auto& blocks = *hub_.deps().blocks;
    if (players) {
        for (auto& s : seats_)
            if (!blocks.apart(s.who->row, from_row))
                for (const auto& [conn, p] : s.conns) send_to(p, f);
    } else {
        for (auto& [conn, sp] : spectators_)
            if (!sp.second || !blocks.apart(sp.second->row, from_row)) send_to(sp.first, f);
    }
}

void room::to_all(const frame& f) {
    to_audience(f, true);
    to_audience(f, false);
}

void room::push_frame(frame f) {
    log_.push_back({v_, f});
    while (log_.size() > hub_.config().event_log) log_.pop_front();
    to_all(f);
}

void room::spectators_changed() {
    // Batched: one count per room per batch period, however many come and go.
    if (spectators_dirty_) return;
    spectators_dirty_ = true;
    spectators_timer_.expires_after(hub_.config().count_batch);
    spectators_timer_.async_wait([self = shared_from_this(), this](boost::system::error_code ec) {
        spectators_dirty_ = false;
        if (ec) return;
        // The live lists first: once a player sees the count, TV's pick has it.
        live_changed();
        to_all(encode(spectators_msg{id_, spectators_.size()}));
    });
}

void room::live_changed(const core::board_view* board) const {
    if (settings_.is_private || !playing()) return;
    std::optional<live_position> pos;
    if (board) pos = live_position_of(*board);
    hub_.live().room_changed(std::string(settings_.game->id), id_, journal_.size(),
                             spectators_.size(), std::move(pos));
}

live_position room::live_position_of(const core::board_view& board) const {
    live_position p{board.pieces, board.to_move, {}, {}, clocks_now(), clock_type::now()};
    if (const auto& last = journal_.last()) {
        p.last_path = last->path;
        p.last_affected = last->affected;
    }
    return p;
}

}  // namespace kibitz::server
