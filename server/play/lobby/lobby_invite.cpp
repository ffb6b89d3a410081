// The invited player's side of an invite (schema/protocol.md, "Private
// games"): opening its link shows it (invite.show) and starts nothing, so no
// clock runs for a player who has not said yes; invite.accept starts the
// game, invite.decline closes the invite and tells its creator. On the
// lobby's strand, as all of the lobby; in a cluster, on the lobby's leader.
#include "play/lobby/lobby.hpp"

namespace kibitz::server {

namespace {
wire_error not_open() {
    return {"unknown_invite",
            "this invite is no longer open (taken, declined, cancelled or expired)"};
}
wire_error own_invite() {
    return {"own_seek", "this is your own invite: send its link to a friend, or cancel it"};
}
}  // namespace

invite_shown_msg lobby::shown_to_invited(const seek& s) const {
    const auto& sides = s.settings.game->about.sides;
    std::string yours = s.color == "random"        ? "random"
                        : s.color == sides[0].name ? std::string(sides[1].name)
                                                   : std::string(sides[0].name);
    // A rating means something to the invited player only in a rated game.
    json by = s.settings.rated ? hub_.ratings().player_json(s.by, s.settings.game->id)
                               : s.by->public_json();
    return {s.invite_shown(), std::move(by), std::move(yours)};
}

void lobby::tell_player(const std::string& key, const frame& f) {
    for (const auto& [conn, p] : hub_.peers().of(key)) send_to(p, f);
    if (auto* c = hub_.deps().cluster_lobby) c->tell_player(key, f);
}

void lobby::tell_creator(const seek& s, const frame& f) {
    // In a cluster, every connection of the creator on every node (an event
    // stream of the bot API may be on any; the one that made it is among
    // them, or was a one-shot request long answered).
    if (hub_.deps().cluster_lobby) return tell_player(s.by->key(), f);
    // The connection that made the invite, then the creator's other tabs:
    // an invite outlives the page it was made on.
    auto first = s.peer.lock();
    if (first) first->send(f);
    for (const auto& [conn, p] : hub_.peers().of(s.by->key()))
        if (auto other = p.lock(); other && other != first) other->send(f);
}

void lobby::answer_invite(player_ptr who, peer_ref p, invite_answer_msg m, ack_id ack,
                          std::string type) {
    on_strand([=, this] {
        auto it = seeks_.find(m.code);
        if (it == seeks_.end() || !it->second.invite) return reply(p, not_open(), ack, type);
        seek s = it->second;
        if (s.by->key() == who->key()) return reply(p, own_invite(), ack, type);
        // A link reaches anyone it is passed to; a block keeps its creator apart all the same.
        if (m.answer != invite_answer::decline && apart(*who, *s.by))
            return reply(p, blocked_error(), ack, type);
        const std::string game(s.settings.game->id);
        switch (m.answer) {
        case invite_answer::show:
            reply(p, std::nullopt, ack, type);
            return send_to(p, encode(shown_to_invited(s)));
        case invite_answer::accept: {
            const core::game_info* info = nullptr;
            if (auto e = check_new_game(who, game, s.settings.tc, s.settings.rated, &info))
                return reply(p, e, ack, type);
            seeks_.erase(it);
            reply(p, std::nullopt, ack, type);
            return start_taken(s, who);
        }
        case invite_answer::decline:
            seeks_.erase(it);
            // In a cluster the creator's node forgets it too: a new leader
            // must not get a declined invite back.
            tell_standing(s.peer, s.conn, s, false);
            reply(p, std::nullopt, ack, type);
            return tell_creator(
                s, encode(invite_declined_msg{s.id, game, who->public_json(), m.reason}));
        }
    });
}

}  // namespace kibitz::server
