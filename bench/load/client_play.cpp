// The protocol side of load_client: what a player (against another or against
// the computer) or a spectator does with each server message. Only the fields
// needed are read (skim_json); frames sent are built by appending into a
// reused ring slot.
#include <charconv>

#include "load_client.hpp"
#include "skim_json.hpp"

namespace kibitz::bench {

namespace {

void append_int(std::string& s, std::int64_t v) {
    char buf[24];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    s.append(buf, p);
}

// Moves of one connection that may await their acks and still be timed: at
// 20 clients a player sends hundreds of moves a second, and a store commit
// under load can take tens of milliseconds.
constexpr std::size_t sent_ring = 256;

void append_tc(std::string& f, const options& o) {
    f += R"("tc":{"initial_s":)";
    append_int(f, o.initial_s);
    f += R"(,"increment_s":)";
    append_int(f, o.increment_s);
    f += "}";
}

}  // namespace

void load_client::on_message(std::string_view text) {
    std::optional<std::string_view> t;
    std::string_view d;
    for_each_member(text, [&](std::string_view k, std::string_view v) {
        if (k == "t") t = as_string(v);
        else if (k == "d") d = v;
    });
    if (!t) return;
    // Most frequent first.
    if (*t == "move") return on_move_event(d);
    if (*t == "ack") return on_ack(d);
    if (*t == "room.state") return on_state(d);
    if (*t == "end") return on_end(d);
    if (*t == "game.found") return on_found(d);
    if (*t == "tournament.state") {
        if (measuring()) ++sh_.stats.standings_frames, sh_.stats.standings_bytes += text.size();
        return;
    }
    if (*t == "seek.created") {
        if (auto id = as_string(path(d, {"seek", "id"})); id && pair_ && pair_->players[1])
            pair_->players[1]->seek_offered(*id);
        return;
    }
    if (*t == "welcome") return on_welcome();
    if (*t == "error") return on_error(d);
    // start, offer, rematch, presence, spectators, room.synced, pong: nothing to do.
}

void load_client::on_welcome() {
    if (welcomed_) return;
    welcomed_ = true;
    ++sh_.welcomed;
    sh_.connection_done();
    if ((role_ == role::player && slot_ == 0) || role_ == role::computer_player) {
        // Games start once every connection is up (shard::start_games), so the
        // handshakes are not timed against a server already busy with moves.
    } else if (role_ == role::player && !pending_seek_.empty()) {
        seek_offered(pending_seek_);
    } else if (role_ == role::spectator && pair_ && !pair_->room.empty()) {
        std::string r = pair_->room;
        room_.clear();
        follow(r);
    }
}

void load_client::create_seek() {
    if (stopping()) return;
    auto& f = next_frame();
    f += R"({"t":"seek.create","d":{"game":")";
    f += sh_.opt.game;
    f += R"(",)";
    append_tc(f, sh_.opt);
    f += R"(,"rated":false,"color":"random","ack":)";
    append_int(f, next_ack_++);
    f += "}}";
    commit();
}

void load_client::play_computer() {
    if (stopping()) return;
    // Untimed: level 8 then thinks its full two seconds a move, so with a few
    // such games queued the engine thread is busy the whole run. (With the
    // players' long clocks it would budget ~100 s a move and, in a 15 s run,
    // never answer: the first measurements made that mistake.)
    auto& f = next_frame();
    f += R"({"t":"computer.play","d":{"game":")";
    f += sh_.opt.game;
    f += R"(","level":)";
    append_int(f, sh_.opt.computer_level);
    f += R"(,"tc":null,"color":"random","ack":)";
    append_int(f, next_ack_++);
    f += "}}";
    commit();
}

void load_client::join_tournament() {
    if (stopping()) return;
    auto& f = next_frame();
    f += R"({"t":"tournament.join","d":{"id":")";
    f += sh_.opt.tournament;
    f += R"(","ack":)";
    append_int(f, next_ack_++);
    f += "}}";
    commit();
}

void load_client::seek_offered(std::string_view id) {
    pending_seek_.assign(id);
    if (!welcomed_ || stopping()) return;  // on_welcome accepts it
    auto& f = next_frame();
    f += R"({"t":"seek.accept","d":{"id":")";
    f += pending_seek_;
    f += "\"}}";
    commit();
    pending_seek_.clear();
}

void load_client::send_room_cmd(std::string_view type, std::string_view room) {
    auto& f = next_frame();
    f += R"({"t":")";
    f += type;
    f += R"(","d":{"room":")";
    f += room;
    f += "\"}}";
    commit();
}

void load_client::follow(std::string_view room) {
    if (!welcomed_ || stopping()) return;  // on_welcome joins pair_->room
    if (!room_.empty()) send_room_cmd("room.leave", room_);
    room_.assign(room);
    send_room_cmd("room.join", room_);
}

void load_client::on_found(std::string_view d) {
    auto room = as_string(member(d, "room"));
    auto seat = as_int(member(d, "seat"));
    if (!room || !seat) return;
    room_.assign(*room);
    seat_ = static_cast<int>(*seat);
    ply_ = 0;
    over_ = false;
    move_pending_ = false;
    deferred_moves_.clear();
    if (role_ == role::computer_player) {
        if (measuring()) ++sh_.stats.computer_games_started;
    } else if (!pair_) {  // arena: seat 0 counts the game
        if (measuring() && seat_ == 0) ++sh_.stats.games_started;
    } else if (slot_ == 0) {
        if (measuring()) ++sh_.stats.games_started;
        pair_->room = room_;
        for (auto* s : pair_->spectators) s->follow(room_);
    }
    // The room.state that follows says whose turn it is.
}

void load_client::on_state(std::string_view d) {
    if (!plays()) return;
    auto room = as_string(member(d, "room"));
    if (!room || *room != room_) return;
    std::int64_t plies = 0;
    if (auto list = member(d, "moves")) for_each_element(*list, [&](std::string_view) { return ++plies, true; });
    ply_ = plies;
    auto state = as_string(path(d, {"status", "state"}));
    over_ = !state || *state != "playing";
    auto board = member(d, "board");
    if (over_ || !board) return;
    if (as_int(member(*board, "to_move")) == seat_ && !move_pending_)
        if (auto moves = member(*board, "moves")) play_from(*moves);
}

void load_client::play_from(std::string_view moves) {
    if (stopping()) return;
    if (sh_.opt.mode == "seated" && ply_ >= sh_.opt.seated_plies) return;  // sits idle
    if (sh_.opt.await_ack && move_pending_) {
        deferred_moves_.assign(moves);  // played once the last move's ack is in
        return;
    }
    if (sh_.opt.resign_at > 0 && ply_ >= sh_.opt.resign_at && role_ == role::player) {
        if (!over_) send_room_cmd("resign", room_);
        over_ = true;  // the end event follows
        return;
    }
    // Reservoir sampling: one pass picks a uniformly random legal move.
    std::string_view pick;
    std::uint64_t seen = 0;
    for_each_element(moves, [&](std::string_view m) {
        ++seen;
        if (sh_.rand() % seen == 0)
            if (auto text = as_string(member(m, "text"))) pick = *text;
        return true;
    });
    if (pick.empty()) return;
    auto& f = next_frame();
    f += R"({"t":"move","d":{"room":")";
    f += room_;
    f += R"(","move":")";
    f += pick;
    f += R"(","ack":)";
    const std::uint32_t ack = next_ack_++;
    append_int(f, ack);
    f += "}}";
    move_pending_ = true;
    g_moves_sent.fetch_add(1, std::memory_order_relaxed);
    pending_ply_ = ply_ + 1;
    const auto now = clock_type::now();
    if (sent_.empty()) sent_.resize(sent_ring);
    sent_[ack % sent_ring] = {ack, now};
    if (pair_) pair_->note_sent(pending_ply_, now);
    if (measuring() && role_ == role::player) ++sh_.stats.moves_sent;
    commit();
}

void load_client::on_move_event(std::string_view d) {
    // The hot path: every player and spectator gets every move. One pass over d.
    std::optional<std::int64_t> ply, seat;
    std::optional<std::string_view> room, board;
    for_each_member(d, [&](std::string_view k, std::string_view v) {
        if (k == "ply") ply = as_int(v);
        else if (k == "seat") seat = as_int(v);
        else if (k == "room") room = as_string(v);
        else if (k == "board") board = v;
    });
    if (!ply || !seat) return;
    if (role_ == role::spectator) {
        if (const auto* s = pair_ ? pair_->find(*ply) : nullptr; s && measuring()) {
            auto us = std::chrono::duration_cast<std::chrono::microseconds>(clock_type::now() - s->at);
            sh_.stats.spectator.record(static_cast<std::uint64_t>(us.count()));
        }
        return;
    }
    if (!room || *room != room_) return;
    ply_ = *ply;
    if (sh_.opt.mode == "seated" && slot_ == 0 && role_ == role::player && ply_ == sh_.opt.seated_plies)
        ++g_games_seated;
    if (*seat == seat_) return;  // our own move echoed; the ack times it
    if (role_ == role::computer_player) {
        if (measuring()) ++sh_.stats.computer_moves_theirs;  // not a human's move: not timed
    } else if (const auto* s = pair_ ? pair_->find(*ply) : nullptr; s && measuring()) {
        auto us = std::chrono::duration_cast<std::chrono::microseconds>(clock_type::now() - s->at);
        sh_.stats.opponent.record(static_cast<std::uint64_t>(us.count()));
    }
    if (!board || over_) return;
    std::optional<std::int64_t> to_move;
    std::optional<std::string_view> moves;
    for_each_member(*board, [&](std::string_view k, std::string_view v) {
        if (k == "to_move") to_move = as_int(v);
        else if (k == "moves") moves = v;
    });
    if (to_move == seat_ && moves) play_from(*moves);
}

void load_client::on_ack(std::string_view d) {
    std::optional<std::int64_t> ack;
    std::optional<std::string_view> re;
    for_each_member(d, [&](std::string_view k, std::string_view v) {
        if (k == "ack") ack = as_int(v);
        else if (k == "re") re = as_string(v);
    });
    if (!ack || re != "move") return;
    // Acks can trail the game by a store commit: every one counts, even when
    // later moves were sent meanwhile (the ack of the last one is not awaited).
    move_pending_ = false;
    g_moves_acked.fetch_add(1, std::memory_order_relaxed);
    if (!deferred_moves_.empty()) {
        std::string moves;
        moves.swap(deferred_moves_);
        play_from(moves);
        if (!measuring()) return;
    }
    if (!measuring()) return;
    if (role_ == role::computer_player) return void(++sh_.stats.computer_moves_ours);
    ++sh_.stats.moves_acked;
    if (sent_.empty()) return;
    const auto& s = sent_[static_cast<std::uint64_t>(*ack) % sent_ring];
    if (s.ack != *ack) return;  // sent_ring later moves were sent before its ack: not timed
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(clock_type::now() - s.at);
    sh_.stats.ack.record(static_cast<std::uint64_t>(us.count()));
}

void load_client::on_end(std::string_view d) {
    if (!plays()) return;
    if (auto room = as_string(member(d, "room")); !room || *room != room_) return;
    if (over_ && sh_.opt.resign_at == 0) return;
    if (ended_room_ == room_) return;  // once per game (a resign already set over_)
    ended_room_ = room_;
    over_ = true;
    move_pending_ = false;
    deferred_moves_.clear();
    // An arena's game is counted by its seat 0 (both players are ours).
    const bool counts = pair_ ? slot_ == 0 : seat_ == 0;
    if (role_ == role::player && counts) ++g_games_finished;
    if (measuring()) {
        if (role_ == role::computer_player) ++sh_.stats.computer_games_completed;
        else if (counts) ++sh_.stats.games_completed;
    }
    if (!pair_ && role_ == role::player) return;  // the arena pairs us again
    // Both ask: the second offer accepts, and a new game starts in a new room.
    // The computer always accepts.
    if (!stopping()) send_room_cmd("rematch.offer", room_);
}

void load_client::on_error(std::string_view d) {
    auto code = as_string(member(d, "code")).value_or("?");
    ++sh_.stats.errors[std::string(code)];
    auto re = as_string(member(d, "re")).value_or("");
    if (!plays() || stopping()) return;
    if (re == "move") {
        // Out of step with the room: ask for the full state again.
        move_pending_ = false;
        send_room_cmd("room.join", room_);
    } else if (re.substr(0, 7) == "rematch" && role_ == role::computer_player) {
        play_computer();  // no rematch: a fresh game against the computer
    } else if (re.substr(0, 7) == "rematch" && slot_ == 0) {
        create_seek();  // no rematch: pair again through a fresh seek
    }
    // A refused computer.play (server_busy, too_many_games) is not retried:
    // it would only loop; the error count shows it.
}

}  // namespace kibitz::bench
