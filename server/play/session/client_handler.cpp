#include "play/session/client_handler.hpp"

#include <chrono>

#include <spdlog/spdlog.h>

#include "auth/accounts.hpp"
#include "observe/metrics.hpp"
#include "play/lobby/lobby.hpp"
#include "play/lobby/lobby_dispatch.hpp"
#include "play/notification_desk.hpp"
#include "play/puzzle_desk.hpp"
#include "play/room/review.hpp"
#include "play/room/room.hpp"
#include "play/session/guest_book.hpp"
#include "play/stored_player.hpp"
#include "play/tournament_desk.hpp"
#include "protocol/catalogue.hpp"
#include "protocol/out_session.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

client_handler::client_handler(std::shared_ptr<hub> h, peer_ref self, std::uint64_t conn,
                               poster post, std::string address)
    : hub_(std::move(h)),
      self_(std::move(self)),
      conn_(conn),
      address_(std::move(address)),
      post_(std::move(post)) {}

void client_handler::send(std::shared_ptr<const std::string> f) { send_to(self_, f); }

namespace {
// What makes a guest worth storing: a seek or invite, a game, a chat line.
// Everything else (watching, the analysis board, lessons) is kept by nobody.
bool worth_keeping(const client_msg& m) {
    if (auto* c = std::get_if<room_cmd_msg>(&m.body)) return c->action == room_action::chat;
    if (auto* i = std::get_if<invite_answer_msg>(&m.body))
        return i->answer == invite_answer::accept;
    return std::holds_alternative<seek_create_msg>(m.body) ||
           std::holds_alternative<seek_accept_msg>(m.body) ||
           std::holds_alternative<quick_join_msg>(m.body) ||
           std::holds_alternative<computer_play_msg>(m.body) ||
           std::holds_alternative<tournament_msg>(m.body);  // an entry names a stored player
}
}  // namespace

void client_handler::fail(const client_msg& m, std::string code, std::string message) {
    ++hub_->stats().rejected_total;
    send(error_frame({std::move(code), std::move(message)}, m.type, m.ack));
}

void client_handler::hello(const hello_msg& m) {
    if (!m.token) return new_guest();
    // A guest not stored yet is known in memory only.
    if (auto p = hub_->guests().book().find(*m.token); p && !p->row)
        return welcome(std::move(p), true);
    if (hub_->deps().accounts && hub_->deps().store && post_) return stored_hello(*m.token);
    send(error_frame({"stale_token", "unknown session token: here is a new identity"}, "hello"));
    new_guest();
}

void client_handler::refuse_guest(std::int64_t retry_s) {
    identity_pending_ = false;
    waiting_.clear();
    ++hub_->stats().rejected_total;
    send(error_frame({"rate_limited", "too many new guests from your address; try again in " +
                                          std::to_string(retry_s) + " s"},
                     "hello"));
    if (auto p = self_.lock()) p->end_connection("too many new guests");
}

void client_handler::new_guest() {
    auto decided = [this](std::int64_t retry_s) {
        if (retry_s > 0) return refuse_guest(retry_s);
        welcome(hub_->guests().make(), false);
    };
    if (!post_ || !hub_->guests().limit_shared())
        return hub_->guests().may_create(address_, decided);
    // In a cluster Redis counts it too: the answer comes on another thread,
    // and what the client sends meanwhile waits for the welcome.
    identity_pending_ = true;
    hub_->guests().may_create(address_, [post = post_, decided](std::int64_t retry_s) {
        post([decided, retry_s] { decided(retry_s); });
    });
}

void client_handler::stored_hello(const std::string& token) {
    identity_pending_ = true;
    hub_->deps().accounts->resolve(token, [this, post = post_,
                                           token](core::result<std::optional<storage::player>> r) {
        post([this, r = std::move(r), token] {
            if (!r) {
                spdlog::error("hello: resolving a token: {}", r.reason());
                identity_pending_ = false;
                waiting_.clear();
                return send(error_frame({"internal", "the session could not be checked"}, "hello"));
            }
            if (!r.value()) return unstored_elsewhere(token);
            auto p = player_from_stored(*r.value(), token);
            if (p->guest) return welcome(std::move(p), true);
            // An account: its ratings per game, for the lobby and the rooms.
            // This handler runs on a store thread: it touches only copies.
            hub_->deps().store->profile_of(
                p->name, 1, 0,
                [this, h = hub_, post = post_,
                 p](core::result<std::optional<storage::profile>> pr) {
                    nlohmann::json ratings = nlohmann::json::object();
                    if (pr && pr.value())
                        for (const auto& gr : pr.value()->ratings) {
                            h->ratings().set(p->row, gr.game_id, gr.value);
                            ratings[gr.game_id] = {{"rating", gr.value.rating},
                                                   {"rd", gr.value.rd},
                                                   {"games", gr.value.games},
                                                   {"provisional", gr.value.provisional()}};
                        }
                    post([this, p, ratings] { welcome(p, true, ratings); });
                });
        });
    });
}

void client_handler::unstored_elsewhere(const std::string& token) {
    auto stale = [this] {
        send(
            error_frame({"stale_token", "unknown session token: here is a new identity"}, "hello"));
        new_guest();
    };
    hub_->guests().find_elsewhere(token, [this, post = post_, stale](player_ptr p) {
        post([this, p = std::move(p), stale] {
            if (!p) return stale();
            welcome(hub_->guests().book().add(p), true);
        });
    });
}

bool client_handler::unstored_guest() const {
    return player_ && player_->guest && !player_->row && hub_->deps().accounts && post_;
}

void client_handler::keep_guest(const client_msg& m) {
    identity_pending_ = true;
    waiting_.push_back(m);
    // The store's answer holds the hub (hence the guest book) until it is in.
    auto store = [h = hub_, accounts = hub_->deps().accounts, name = player_->name,
                  token = player_->token](guest_book::stored_handler done) {
        accounts->store_guest(name, token, [h, done](core::result<auth::session> r) {
            if (!r) return done(core::error{r.reason()});
            done(player_from_stored(r.value().who, r.value().token));
        });
    };
    hub_->guests().book().keep(player_, store, [this, post = post_](core::result<player_ptr> r) {
        post([this, r = std::move(r)] {
            identity_pending_ = false;
            auto waiting = std::move(waiting_);
            waiting_.clear();
            if (!r) {
                spdlog::error("storing a guest: {}", r.reason());
                for (const auto& w : waiting)
                    fail(w, "internal", "your guest identity could not be stored; try again");
                return;
            }
            adopt(r.value());
            for (const auto& w : waiting) handle(w);
        });
    });
}

void client_handler::adopt(player_ptr stored) {
    if (closed_ || !player_ || stored == player_) return;
    // Every connection of the guest moves to the stored key at once (a game
    // that starts reaches them all); each tab's handler adopts it on its next
    // message, or when it closes.
    hub_->peers().rebind(player_->key(), stored->key());
    player_ = std::move(stored);
    send(encode(identity_msg{player_->public_json()}));
}

void client_handler::welcome(player_ptr p, bool resumed, nlohmann::json ratings) {
    identity_pending_ = false;
    if (closed_) return;
    player_ = std::move(p);
    counted_ = hub_->guests().book().opened(player_->token);
    hub_->peers().bind(player_->key(), conn_, self_);
    hub_->sessions().opened(player_->token, conn_, self_);
    hub_->counts().connection_up();
    const auto now = std::chrono::milliseconds(hub_->config().clock.now_ms());
    json user = player_->public_json();
    if (!ratings.is_null()) user["ratings"] = ratings;
    send(
        encode(welcome_msg{player_->token, std::move(user), resumed,
                           hub_->rooms().rooms_of(player_->key()), catalogue_json(), now.count()}));
    // What came in meanwhile, in order.
    auto waiting = std::move(waiting_);
    waiting_.clear();
    for (const auto& m : waiting) handle(m);
}

void client_handler::handle(const client_msg& m) {
    if (hub_->stopping()) return fail(m, "shutting_down", "the server is stopping");
    if (auto* ping = std::get_if<ping_msg>(&m.body)) {
        // Answered at once, on the connection's own strand: the round trip the
        // page measures is the network's and this server's queue, nothing else.
        return send(encode(pong_msg{ping->at, hub_->config().clock.now_ms()}));
    }
    if (auto* h = std::get_if<hello_msg>(&m.body)) {
        if (player_ || identity_pending_)
            return fail(m, "bad_message", "hello was already sent on this connection");
        return hello(*h);
    }
    if (identity_pending_) {
        // The rate limiter bounds how many can pile up; cap it anyway.
        if (waiting_.size() >= 64) return fail(m, "rate_limited", "wait for the welcome");
        waiting_.push_back(m);
        return;
    }
    if (!player_) return fail(m, "hello_required", "send hello first");
    if (unstored_guest()) {
        // Stored meanwhile through another tab?
        if (auto now = hub_->guests().book().find(player_->token); now && now->row) adopt(now);
        if (unstored_guest() && worth_keeping(m)) return keep_guest(m);
    }

    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (is_lobby_body<T>) {
                // In a cluster the lobby is the leader's (docs/cluster.md).
                if (auto* c = hub_->deps().cluster_lobby)
                    c->lobby_message(player_, self_, conn_, m);
                else dispatch_lobby(*hub_, player_, self_, conn_, m);
            } else if constexpr (std::is_same_v<T, analysis_start_msg>) {
                // No engine for a player of a live game against a person in
                // progress, whatever position is sent: a page cannot be trusted
                // to say where a position comes from (schema/protocol.md, "Analysis").
                if (hub_->rooms().live_games_with_people(player_->key()) > 0)
                    return fail(m, "in_live_game",
                                "no engine analysis while you play a live game: it is allowed "
                                "once the game is over, and in correspondence games");
                if (auto e = analysis_.start(hub_->deps().engine, self_,
                                             "conn:" + std::to_string(conn_), b))
                    return fail(m, e->code, e->message);
                if (m.ack) send(ack_frame(*m.ack, m.type));
            } else if constexpr (std::is_same_v<T, analysis_stop_msg>) {
                analysis_.stop();
            } else if constexpr (std::is_same_v<T, review_request_msg>) {
                if (m.ack) send(ack_frame(*m.ack, m.type));
                hub_->the_reviewer().request(b.id, self_);
            } else if constexpr (std::is_same_v<T, computer_play_msg>) {
                hub_->the_lobby().play_computer(player_, self_, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, room_join_msg>) {
                // In memory, or a correspondence game loaded for it first.
                auto open = [who = player_, p = self_, conn = conn_, v = b.v, ack = m.ack,
                             type = m.type, room = b.room](const std::shared_ptr<class room>& r) {
                    if (r) return r->join(who, p, conn, v);
                    send_to(p, error_frame({"unavailable", "the game could not be loaded"}, type,
                                           ack, room));
                };
                if (hub_->rooms().open(b.room, std::move(open))) {
                    rooms_.insert(b.room);
                    return;
                }
                // On another node of a cluster, or nowhere (answered
                // unknown_room): a single node keeps no id it did not find,
                // or a client joining made-up ids would grow rooms_ forever.
                auto& elsewhere = hub_->rooms().elsewhere();
                if (elsewhere.spans_nodes()) rooms_.insert(b.room);
                elsewhere.join(b.room, player_, self_, conn_, b.v, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, room_leave_msg>) {
                auto r = hub_->rooms().find(b.room);
                if (!rooms_.erase(b.room) && !r)
                    return fail(m, "unknown_room", "no room '" + b.room + "'");
                if (r) return r->leave(conn_, false);
                hub_->rooms().elsewhere().leave(b.room, conn_, false);
            } else if constexpr (std::is_same_v<T, room_cmd_msg>) {
                auto open = [who = player_, p = self_, conn = conn_, b, ack = m.ack,
                             type = m.type](const std::shared_ptr<class room>& r) {
                    if (r) return r->command(who, p, conn, b, ack, type);
                    send_to(p, error_frame({"unavailable", "the game could not be loaded"}, type,
                                           ack, b.room));
                };
                if (hub_->rooms().open(b.room, std::move(open))) return;
                hub_->rooms().elsewhere().command(player_, self_, conn_, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, notify_msg>) {
                auto* desk = hub_->deps().notifications;
                if (!desk) return fail(m, "unavailable", "notifications are not kept here");
                desk->message(player_, self_, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, puzzle_cmd_msg>) {
                auto* desk = hub_->deps().puzzles;
                if (!desk) return fail(m, "unavailable", "this server has no puzzles");
                desk->message(player_, self_, b, m.ack, m.type);
            }
        },
        m.body);
}

void client_handler::closed() {
    if (closed_) return;
    analysis_.stop();
    if (!player_) {
        closed_ = true;
        return;
    }
    // Stored meanwhile through another tab: its binding moved to the stored key.
    if (unstored_guest())
        if (auto now = hub_->guests().book().find(player_->token); now && now->row) player_ = now;
    closed_ = true;
    if (counted_) hub_->guests().book().closed(player_->token);
    hub_->sessions().closed(player_->token, conn_);
    hub_->counts().connection_down();
    hub_->peers().unbind(player_->key(), conn_);  // before the rooms are looked up (room::do_start)
    lobby_left(*hub_, player_, conn_);  // the tournaments' subscriptions too
    if (auto* c = hub_->deps().cluster_lobby) c->lobby_closed(player_, conn_);
    auto rooms = hub_->rooms().rooms_of(player_->key());
    rooms.insert(rooms.end(), rooms_.begin(), rooms_.end());
    std::set<std::string> unique(rooms.begin(), rooms.end());
    for (const auto& id : unique) {
        if (auto r = hub_->rooms().find(id)) r->leave(conn_, true);
        else hub_->rooms().elsewhere().leave(id, conn_, true);
    }
}

}  // namespace kibitz::server
