#include "play/client_handler.hpp"

#include <chrono>

#include "net/metrics.hpp"
#include "play/lobby.hpp"
#include "play/room.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

client_handler::client_handler(std::shared_ptr<hub> h, peer_ref self, std::uint64_t conn)
    : hub_(std::move(h)), self_(std::move(self)), conn_(conn) {}

void client_handler::send(std::shared_ptr<const std::string> f) { send_to(self_, f); }

void client_handler::fail(const client_msg& m, std::string code, std::string message) {
    ++hub_->stats().rejected_total;
    send(error_frame({std::move(code), std::move(message)}, m.type, m.ack));
}

void client_handler::hello(const hello_msg& m) {
    bool resumed = false;
    if (m.token) {
        player_ = hub_->find_token(*m.token);
        if (player_) resumed = true;
        else send(error_frame({"stale_token", "unknown session token: here is a new identity"},
                              "hello"));
    }
    if (!player_) player_ = hub_->new_guest();
    hub_->bind_peer(player_->id, self_);
    hub_->connection_up();
    auto now = std::chrono::system_clock::now().time_since_epoch();
    json d = {{"token", player_->token},
              {"user", player_->public_json()},
              {"resumed", resumed},
              {"rooms", hub_->rooms_of(player_->id)},
              {"server_time", std::chrono::duration_cast<std::chrono::milliseconds>(now).count()}};
    send(make_frame("welcome", d));
}

void client_handler::handle(const client_msg& m) {
    if (hub_->stopping()) return fail(m, "shutting_down", "the server is stopping");
    if (std::holds_alternative<ping_msg>(m.body)) {
        auto now = std::chrono::system_clock::now().time_since_epoch();
        return send(make_frame(
            "pong", {{"server_time",
                      std::chrono::duration_cast<std::chrono::milliseconds>(now).count()}}));
    }
    if (auto* h = std::get_if<hello_msg>(&m.body)) {
        if (player_) return fail(m, "bad_message", "hello was already sent on this connection");
        return hello(*h);
    }
    if (!player_) return fail(m, "hello_required", "send hello first");

    auto& lobby = hub_->the_lobby();
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, lobby_sub_msg>) {
                lobby.subscribe(self_, conn_, b.on);
            } else if constexpr (std::is_same_v<T, live_sub_msg>) {
                lobby.live_subscribe(self_, conn_, b.game, b.on, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, seek_create_msg>) {
                lobby.create_seek(player_, self_, conn_, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, seek_cancel_msg>) {
                lobby.cancel_seek(player_, self_, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, seek_accept_msg>) {
                lobby.accept_seek(player_, self_, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, quick_join_msg>) {
                lobby.quick_join(player_, self_, conn_, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, quick_leave_msg>) {
                lobby.quick_leave(player_, self_, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, room_join_msg>) {
                auto r = hub_->find_room(b.room);
                if (!r) return fail(m, "unknown_room", "no room '" + b.room + "'");
                rooms_.insert(b.room);
                r->join(player_, self_, conn_, b.v);
            } else if constexpr (std::is_same_v<T, room_leave_msg>) {
                auto r = hub_->find_room(b.room);
                if (!r) return fail(m, "unknown_room", "no room '" + b.room + "'");
                rooms_.erase(b.room);
                r->leave(conn_);
            } else if constexpr (std::is_same_v<T, room_cmd_msg>) {
                auto r = hub_->find_room(b.room);
                if (!r) {
                    ++hub_->stats().rejected_total;
                    return send(error_frame({"unknown_room", "no room '" + b.room + "'"}, m.type,
                                            m.ack, b.room));
                }
                r->command(player_, self_, conn_, b, m.ack, m.type);
            }
        },
        m.body);
}

void client_handler::closed() {
    if (closed_) return;
    closed_ = true;
    if (!player_) return;
    hub_->connection_down();
    hub_->the_lobby().connection_closed(player_, conn_);
    auto rooms = hub_->rooms_of(player_->id);
    rooms.insert(rooms.end(), rooms_.begin(), rooms_.end());
    std::set<std::string> unique(rooms.begin(), rooms.end());
    for (const auto& id : unique)
        if (auto r = hub_->find_room(id)) r->leave(conn_);
}

}  // namespace kibitz::server
