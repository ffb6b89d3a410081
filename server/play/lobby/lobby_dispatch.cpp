#include "play/lobby/lobby_dispatch.hpp"

#include "play/live/live_games.hpp"
#include "play/tournament_desk.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

bool is_lobby_message(const client_msg& m) {
    return std::visit(
        [](const auto& b) { return is_lobby_body<std::decay_t<decltype(b)>>; },
        m.body);
}

void dispatch_lobby(hub& h, const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                    const client_msg& m) {
    auto& l = h.the_lobby();
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, lobby_sub_msg>) {
                l.subscribe(who, p, conn, b.on);
            } else if constexpr (std::is_same_v<T, live_sub_msg>) {
                h.live().subscribe(p, conn, b.game, b.on, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, seek_create_msg>) {
                l.create_seek(who, p, conn, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, seek_cancel_msg>) {
                l.cancel_seek(who, p, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, seek_accept_msg>) {
                l.accept_seek(who, p, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, invite_answer_msg>) {
                l.answer_invite(who, p, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, quick_join_msg>) {
                l.quick_join(who, p, conn, b, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, quick_leave_msg>) {
                l.quick_leave(who, p, m.ack, m.type);
            } else if constexpr (std::is_same_v<T, tournament_msg>) {
                auto* desk = h.deps().tournaments;
                if (!desk)
                    return send_to(
                        p, error_frame({"unavailable", "tournaments need the server's database"},
                                       m.type, m.ack));
                desk->message(who, p, conn, b, m.ack, m.type);
            }
        },
        m.body);
}

void lobby_left(hub& h, const player_ptr& who, std::uint64_t conn) {
    h.the_lobby().connection_closed(who, conn);
    h.live().connection_closed(conn);
    if (auto* t = h.deps().tournaments) t->connection_closed(conn);
}

}  // namespace kibitz::server
