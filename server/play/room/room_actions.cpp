// What seats do in a room: moves, clocks, resign/abort/claim, offers, chat and
// the end of the game. Runs on the room's strand, like everything in room.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "observe/metrics.hpp"
#include "play/live/live_games.hpp"
#include "play/room/room.hpp"
#include "play/tournament_desk.hpp"

namespace kibitz::server {

namespace {
wire_error paused_error() {
    return refusal("paused",
                   "the game is paused: the server cannot store moves right now and "
                   "retries by itself");
}
}  // namespace

std::optional<wire_error> room::act(int seat, std::uint64_t conn, const player_ptr& who,
                                    const room_cmd_msg& cmd, move_done done) {
    if (!started_) return refusal("unknown_room", "the room is not open yet");
    if (cmd.action == room_action::chat) {
        if (seat < 0 && !spectators_.count(conn))
            return refusal("not_a_player", "join the room before chatting");
        chat(seat, who, cmd.text);
        return std::nullopt;
    }
    if (seat < 0) return refusal("not_a_player", "spectators cannot act on the game");
    if (store_paused_) return paused_error();
    switch (cmd.action) {
    case room_action::move: return play_move(seat, cmd.text, std::move(done));
    case room_action::claim_win: return claim(seat, true);
    case room_action::claim_draw: return claim(seat, false);
    case room_action::draw_offer: return draw(seat, true, false);
    case room_action::draw_accept: return draw(seat, false, true);
    case room_action::draw_decline: return draw(seat, false, false);
    case room_action::rematch_offer: return rematch(seat, status_.kind, false, false);
    case room_action::rematch_accept: return rematch(seat, status_.kind, true, false);
    case room_action::rematch_decline: return rematch(seat, status_.kind, false, true);
    case room_action::takeback_offer: return takeback(seat, true, false);
    case room_action::takeback_accept: return takeback(seat, false, true);
    case room_action::takeback_decline: return takeback(seat, false, false);
    case room_action::premove:
        return set_premove(seat, cmd.line);
    case room_action::berserk:
        return berserk(seat);
    default: break;
    }
    if (!playing()) return refusal("game_over", "the game has ended");
    bool in_abort_window = !(seats_[0].moved && seats_[1].moved);
    if (cmd.action == room_action::abort) {
        if (!in_abort_window) return refusal("too_late", "both sides have moved: resign instead");
        finish({core::status_kind::draw, -1, "abort"}, true);
        return std::nullopt;
    }
    // resign
    if (in_abort_window) return refusal("too_early", "before both sides have moved, abort instead");
    finish({core::status_kind::win, 1 - seat, "resign"}, false);
    return std::nullopt;
}

std::optional<wire_error> room::play_move(int seat, const std::string& text, move_done done) {
    if (!playing()) return refusal("game_over", "the game has ended");
    if (store_paused_) return paused_error();  // the computer's moves come this way too
    if (game_->to_move() != seat) return refusal("not_your_turn", "it is the other side's move");
    auto now = clock_type::now();
    if (clocks_.timed() && clocks_.clock().running() == seat &&
        clocks_.clock().remaining(seat, now).count() == 0) {
        // The timer may not have fired yet; the clock still decides.
        finish({core::status_kind::win, 1 - seat, "flag"}, false);
        return refusal("game_over", "your time ran out");
    }
    // The deadlines' timer may not have fired yet; the time of day decides.
    if (correspondence() && deadline_check()) return refusal("game_over", "your time ran out");
    auto index = game_->parse_move(text);
    if (!index) return refusal("illegal", index.reason());
    std::string notation = game_->move_text(index.value());
    note_last(index.value(), seat);
    game_->play(index.value());
    ++hub_.stats().moves_total;

    clocks_.on_move(seat, now);
    seats_[seat].moved = true;
    auto lapsed = draw_offer_.lapse(seat);  // the offerer's opponent moved
    status_ = game_->current_status();
    if (!status_.over()) {
        start_turn(now);
        if (correspondence()) tell_players("your_turn", game_->to_move());
    }
    std::array<std::int64_t, 2> clock_ms{0, 0};  // 0 when untimed
    if (clocks_.timed())
        for (int s = 0; s < 2; ++s) clock_ms[s] = clocks_.clock().remaining(s, now).count();
    journal_.record(notation, seat, clock_ms);
    // Written straight into the frame (no json tree), from a view without cells.
    ++v_;
    auto view = game_->view_for_mover(false);
    push_frame(move_event_frame(v_, id_, seat, notation, journal_.size(), view, clocks_now()));
    journal_.keep_legal(std::move(view.moves));  // the next move's path is found in them
    if (lapsed) push_event(offer_event{id_, "draw", *lapsed, "lapsed"});
    lapse_takeback();

    move_played rec{id_, static_cast<int>(journal_.size()), seat, notation, {0, 0}, now_ms(-1)};
    for (int s = 0; s < 2; ++s) rec.clock_ms[s] = clock_ms[s];
    if (!status_.over()) rec.deadline_ms = deadline_ms_;  // stored with the move
    record_move(rec, std::move(done));

    if (status_.over()) {
        auto st = status_;
        status_ = {};  // finish() sets it again and reports the end once
        finish(st, false);
    } else {
        arm_timer();
        computer_turn();
        live_changed(&view);  // its pieces (its moves went to the journal)
        if (premove_.seat >= 0) follow_premove(seat, notation);  // correspondence only
    }
    return std::nullopt;
}

std::optional<wire_error> room::claim(int seat, bool win) {
    if (!playing()) return refusal("game_over", "the game has ended");
    // An absent player is the rule in correspondence: its days decide, not a claim.
    if (correspondence())
        return refusal("not_available", "a correspondence game ends on time, not by a claim");
    const auto& other = seats_[1 - seat];
    if (other.connected()) return refusal("not_available", "your opponent is connected");
    auto now = clock_type::now();
    if (now < other.claim_at) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(other.claim_at - now);
        return refusal("too_early", "you may claim in " + std::to_string(left.count()) + " ms");
    }
    if (win) finish({core::status_kind::win, seat, "claim"}, false);
    else finish({core::status_kind::draw, -1, "claim draw"}, false);
    return std::nullopt;
}

std::optional<wire_error> room::draw(int seat, bool offer, bool accept) {
    if (!playing()) return refusal("game_over", "the game has ended");
    int other = 1 - seat;
    switch (offer ? draw_offer_.offer(seat) : draw_offer_.answer(seat, accept)) {
    case offer_step::already_open:
        return refusal("not_available", "you already offered a draw");
    case offer_step::none_to_answer:
        return refusal("no_offer", "your opponent has not offered a draw");
    case offer_step::opened:
        push_event(offer_event{id_, "draw", seat, "open"});
        // The computer answers at once, by its own evaluation.
        if (other == computer_.seat()) return draw(other, false, computer_.accepts_draw());
        return std::nullopt;
    case offer_step::declined:
        push_event(offer_event{id_, "draw", other, "declined"});
        return std::nullopt;
    case offer_step::accepted:
        break;
    }
    push_event(offer_event{id_, "draw", other, "accepted"});
    // The game's own ending by agreement: a draw, or whatever its rules make of
    // it (in the mancala games each side takes its own row).
    core::status st = game_->agreed_end();
    if (st.reason.empty()) st.reason = "agreement";
    finish(st, false);
    return std::nullopt;
}

std::optional<wire_error> room::rematch(int seat, core::status_kind, bool accept, bool decline) {
    if (playing()) return refusal("not_available", "a rematch comes after the game");
    if (!settings_.tournament.empty())
        return refusal("not_available", "a tournament pairs its players itself");
    if (!next_room_.empty()) return refusal("not_available", "the rematch has already started");
    int other = 1 - seat;
    if ((accept || decline) && !rematch_.asked()[other])
        return refusal("no_offer", "your opponent has not asked for a rematch");
    if (decline) {
        rematch_.decline(seat);
        push_event(offer_event{id_, "rematch", other, "declined"});
        return std::nullopt;
    }
    if (rematch_.asked()[seat]) return refusal("not_available", "you already asked for a rematch");
    // A rematch is a new game like any other: the caps on unfinished games
    // hold for it too (or it would be the way around them).
    const bool computer = other == computer_.seat();  // the computer always plays again
    if (auto e = rematch_blocked(seat, rematch_.would_start(seat, computer))) return e;
    if (rematch_.ask(seat, computer) == offer_step::opened) {
        push_event(offer_event{id_, "rematch", seat, "open"});
        return std::nullopt;
    }
    push_event(offer_event{id_, "rematch", other, "accepted"});
    // Colours swapped: last game's second seat moves first now.
    auto next = hub_.rooms().start_room(settings_, seats_[1].who, seats_[0].who, "rematch");
    next_room_ = next->id();
    hub_.deps().recorder->on_rematch(id_, next_room_);
    to_all(encode(rematch_msg{id_, next_room_}));
    return std::nullopt;
}

void room::lapse_takeback() {
    if (auto by = takeback_offer_.lapse()) push_event(offer_event{id_, "takeback", *by, "lapsed"});
}

std::optional<wire_error> room::rematch_blocked(int seat, bool starts) const {
    const auto& cfg = hub_.config();
    for (int s : {seat, 1 - seat}) {
        if (s == computer_.seat() || (s != seat && !starts)) continue;
        const auto& key = seats_[s].who->key();
        if (auto why = hub_.rooms().over_game_cap(key, settings_.tc))
            return refusal("too_many_games",
                           s == seat ? *why : "your opponent has too many unfinished games");
        if (computer_.seat() >= 0 &&
            hub_.rooms().computer_games_of(key) >= cfg.max_computer_games_per_player)
            return refusal("too_many_games", "finish your game against the computer first");
    }
    if (computer_.seat() >= 0 && starts &&
        static_cast<std::size_t>(hub_.rooms().computer_games()) >= cfg.max_computer_games)
        return refusal("server_busy",
                       "the computer is playing too many games: try again in a few minutes");
    return std::nullopt;
}

void room::chat(int seat, const player_ptr& who, const std::string& text) {
    std::string from = who ? who->name : "anonymous";
    const std::int64_t row = who ? who->row : 0;
    remember_chat(seat >= 0, {from, seat, text, row});
    chat_to_audience(encode(chat_msg{id_, from, seat, text}), seat >= 0, row);
    hub_.deps().recorder->on_chat({id_, who, seat >= 0, text, now_ms(-1)});
}

void room::remember_chat(bool players, chat_line line) {
    auto& log = players ? players_chat_ : spectators_chat_;
    log.push_back(std::move(line));
    while (log.size() > hub_.config().chat_log) log.pop_front();
}

void room::finish(core::status st, bool aborted) {
    if (!playing()) return;
    auto now = clock_type::now();
    status_ = std::move(st);
    aborted_ = aborted;
    clocks_.stop(now);
    draw_offer_.clear();
    takeback_offer_.clear();
    timer_.cancel();
    timer_armed_ = false;
    if (correspondence()) hub_.deps().deadlines->clear(id_);
    premove_ = {};  // the store clears it with the end
    computer_stop();
    push_event(end_event{id_, status_json(), clocks_json()});
    // Over: a client that saw the last move needs only the end; one further
    // behind gets a full room.state (the final board) anyway. A lingering room
    // keeps no boards, and none of what only play needed (finished_rooms in
    // play_config bounds how many linger).
    while (log_.size() > 1) log_.pop_front();
    log_.shrink_to_fit();
    journal_.close();  // no next move, no takeback
    // The rating change arrives from the store's thread once computed; the
    // room hands it on from its strand (room_takeback.cpp).
    hub_.deps().recorder->on_end(
        {id_, status_, aborted_, now_ms(-1)},
        [self = shared_from_this()](std::vector<storage::rating_change> c) {
            boost::asio::post(self->strand_, [self, c = std::move(c)] {
                try {
                    self->ratings_known(c);
                } catch (const std::exception& e) {
                    spdlog::error("room {}: ratings: {}", self->id_, e.what());
                }
            });
        });
    spdlog::info("game end {} {}: {}", id_, aborted_ ? "aborted"
                 : status_.kind == core::status_kind::draw ? "draw"
                 : std::string(settings_.game->about.sides[status_.winner].name) + " wins",
                 status_.reason);
    player_ptr seats[2] = {seats_[0].who, seats_[1].who};
    hub_.rooms().finished(id_, seats);
    if (auto* t = hub_.deps().tournaments)
        t->game_over({id_, status_, aborted_, static_cast<int>(journal_.size()), now_ms(-1)});
    tell_players("game_over");
    if (!settings_.is_private) hub_.live().room_ended(std::string(settings_.game->id), id_);
    // Stay joinable a while for the rematch and for viewers, then go.
    linger_timer_.expires_after(hub_.config().room_linger);
    linger_timer_.async_wait([self = shared_from_this(), this](boost::system::error_code ec) {
        if (!ec) hub_.rooms().forget(id_);
    });
}

void room::start_turn(clock_type::time_point now) {
    if (correspondence()) start_correspondence_turn(now_ms(-1));
    int next = game_->to_move();
    clocks_.start_turn(next, seats_[next].moved, now);
    if (!seats_[next].moved || !clocks_.timed()) return;
    // A seat cut off from a cluster's bus loses no time until it is back (room_cut_off.cpp).
    clock_held_ = seat_cut_off(next);
    if (clock_held_) clocks_.clock().stop(now);
}

void room::arm_timer() {
    std::optional<clock_type::time_point> at = clocks_.next_deadline();
    if (!at) {
        if (timer_armed_) timer_.cancel();
        timer_armed_ = false;
        return;
    }
    // A wait that fires no later than needed is left alone: on_timer looks at
    // the clocks and re-arms for the real deadline. Re-arming on every move
    // cost a cancelled wait (and its handler) per move; this way a game of
    // long clocks re-arms a handful of times.
    if (timer_armed_ && timer_at_ <= *at) return;
    timer_armed_ = true;
    timer_at_ = *at;
    timer_.expires_at(*at);
    timer_.async_wait([self = shared_from_this(), this](boost::system::error_code ec) {
        if (ec) return;  // re-armed or cancelled
        timer_armed_ = false;
        try {
            on_timer();
        } catch (const std::exception& e) {
            spdlog::error("room {}: timer: {}", id_, e.what());
        }
    });
}

void room::on_timer() {
    if (!playing()) return;
    auto now = clock_type::now();
    if (const auto& deadline = clocks_.first_move_deadline()) {
        if (now >= *deadline) {
            finish({core::status_kind::draw, -1, "first move not made"}, true);
        } else {
            arm_timer();
        }
        return;
    }
    if (clocks_.timed() && clocks_.clock().running() >= 0) {
        int s = clocks_.clock().running();
        if (clocks_.clock().remaining(s, now).count() == 0)
            finish({core::status_kind::win, 1 - s, "flag"}, false);
        else
            arm_timer();
    }
}

}  // namespace kibitz::server
