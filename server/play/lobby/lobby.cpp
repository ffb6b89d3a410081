#include "play/lobby/lobby.hpp"

#include <random>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "observe/metrics.hpp"
#include "play/ids.hpp"
#include "play/post_guarded.hpp"
#include "play/room/room.hpp"
#include "play/room/start_position.hpp"
#include "rating/rated_games.hpp"

namespace kibitz::server {

namespace net = boost::asio;

lobby::lobby(hub& h, net::io_context& ioc, live_games& live)
    : hub_(h),
      live_(live),
      strand_(net::make_strand(ioc)),
      count_timer_(strand_),
      pair_timer_(strand_),
      queue_(h.config().pairing_window, h.config().pairing_widen_step,
             h.config().pairing_widen_every) {}

void lobby::start() {
    on_strand([this] {
        count_tick();
        pair_tick();
    });
}

void lobby::stop() {
    on_strand([this] {
        stopped_ = true;
        count_timer_.cancel();
        pair_timer_.cancel();
    });
}

json lobby::seek::to_json(const hub& h) const {
    json j = {{"id", id},
              {"game", settings.game->id},
              {"tc", server::to_json(settings.tc)},
              {"rated", settings.rated},
              {"color", color},
              {"by", h.ratings().player_json(by, settings.game->id)}};
    if (!settings.start_position.empty()) j["position"] = settings.start_position;
    return j;
}

std::optional<wire_error> lobby::check_start(const core::game_info& info,
                                             const std::string& position, bool rated) {
    if (position.empty()) return std::nullopt;
    if (rated)
        return wire_error{"bad_message", "a game from a chosen position is casual: leave out \"rated\""};
    return check_start_position(info, position);
}

void lobby::reply(const peer_ref& p, const std::optional<wire_error>& e, ack_id ack,
                  const std::string& type) {
    if (e) {
        ++hub_.stats().rejected_total;
        send_to(p, error_frame(*e, type, ack));
    } else if (ack) {
        send_to(p, ack_frame(*ack, type));
    }
}

void lobby::broadcast(const frame& f) {
    for (auto& [conn, sub] : subscribers_) send_to(sub.peer, f);
}

void lobby::broadcast_seek(const seek& s, const frame& f) {
    for (auto& [conn, sub] : subscribers_)
        if (!sub.who || !apart(*sub.who, *s.by)) send_to(sub.peer, f);
}

// The same words whoever blocked whom: a blocked player learns no more than
// that they cannot play this person (as lichess answers).
wire_error lobby::blocked_error() { return wire_error{"blocked", "you cannot play this player"}; }

invite_view lobby::seek::invite_shown() const {
    return {id,    std::string(settings.game->id), settings.tc, settings.rated,
            color, settings.start_position};
}

void lobby::subscribe(player_ptr who, peer_ref p, std::uint64_t conn, bool on) {
    on_strand([this, who = std::move(who), p = std::move(p), conn, on] {
        if (!on) {
            subscribers_.erase(conn);
            return live_.watch_tv(p, conn, false, 0);
        }
        // A connection gone meanwhile (one cut for not reading, say) is not
        // worth the snapshot: building it is the expensive part.
        if (p.expired()) return;
        subscribers_[conn] = {p, who};
        auto tv = live_.featured();
        send_to(p, snapshot_frame(tv, who));
        live_.watch_tv(p, conn, true, tv.version);
        // Leaving a game's page is not leaving the game, and an invite stays
        // open while its creator visits other pages: both are shown again.
        lobby_yours_msg yours{hub_.rooms().rooms_of(who->key()), {}};
        for (auto& [id, s] : seeks_)
            if (s.invite && s.by->key() == who->key()) yours.invites.push_back(s.invite_shown());
        send_to(p, encode(yours));
    });
}

frame lobby::snapshot_frame(const live_games::featured_game& featured, const player_ptr& viewer) {
    auto counts = dump_json(
        to_json(counts_msg{hub_.counts().online(), hub_.counts().games_in_play(), pools_json()}));
    const auto& tv = *featured.text;
    if (viewer && hub_.deps().blocks->involved(viewer->row)) {
        lobby_snapshot_msg own{counts, {}, tv};
        for (auto& [id, s] : seeks_)
            if (!s.invite && !apart(*viewer, *s.by)) own.seeks.push_back(s.listed);
        return encode(own);
    }
    if (snapshot_ && !seeks_changed_ && counts == snapshot_counts_ && tv == snapshot_tv_)
        return snapshot_;
    // Each seek as printed when listed: no json tree of every seek.
    lobby_snapshot_msg m{counts, {}, tv};
    for (auto& [id, s] : seeks_)
        if (!s.invite) m.seeks.push_back(s.listed);
    snapshot_ = encode(m);
    snapshot_counts_ = std::move(counts);
    snapshot_tv_ = tv;
    seeks_changed_ = false;
    return snapshot_;
}

std::optional<wire_error> lobby::check_new_game(const player_ptr& who, const std::string& game,
                                                const std::optional<time_control>& tc, bool rated,
                                                const core::game_info** info) const {
    *info = core::find_game(game);
    if (!*info) return wire_error{"unknown_game", "no game '" + game + "'"};
    if (rated && !rating::may_play_rated(who->guest))
        return wire_error{"rated_requires_account", "guests play casual games only"};
    if (rated && !tc) return wire_error{"rated_requires_account", "untimed games are casual only"};
    if (auto why = hub_.rooms().over_game_cap(who->key(), tc))
        return wire_error{"too_many_games", *why};
    return std::nullopt;
}

// Bots stay out of the seeks and the queue people use (issue 26): a person
// meets a bot only by choosing to. Bots will play by challenge.
wire_error lobby::bots_refused() {
    return wire_error{"bots_not_allowed",
                      "bots play by challenge, not through seeks or quick pairing"};
}

std::optional<wire_error> lobby::check_color(const core::game_info& info,
                                             const std::string& color) {
    const auto& sides = info.about.sides;
    if (color == "random" || color == sides[0].name || color == sides[1].name) return std::nullopt;
    return wire_error{"bad_message", "color must be \"random\", \"" + std::string(sides[0].name) +
                                         "\" or \"" + std::string(sides[1].name) + "\""};
}

void lobby::create_seek(player_ptr who, peer_ref p, std::uint64_t conn, seek_create_msg m,
                        ack_id ack, std::string type) {
    on_strand([=, this, m = std::move(m)] {
        // Public seeks are for people; a bot's invite is a person's choice to follow.
        if (who->bot && !m.invite) return reply(p, bots_refused(), ack, type);
        const core::game_info* info = nullptr;
        if (auto e = check_new_game(who, m.game, m.tc, m.rated, &info))
            return reply(p, e, ack, type);
        if (auto e = check_color(*info, m.color)) return reply(p, e, ack, type);
        if (!m.position.empty() && !m.invite)
            return reply(p, wire_error{"bad_message", "a game from a chosen position is played "
                                                      "by invitation or against the computer"},
                         ack, type);
        if (auto e = check_start(*info, m.position, m.rated)) return reply(p, e, ack, type);
        // An invite sent again to this new leader of a cluster's lobby keeps
        // its code (docs/cluster.md, "One lobby"); another player's is refused.
        if (m.invite && !m.code.empty())
            if (auto it = seeks_.find(m.code); it != seeks_.end()) {
                // The same invite again (a second failover): nothing new.
                if (!it->second.invite || it->second.by->key() != who->key())
                    return reply(p, wire_error{"invite_clash", "that invite code is taken"}, ack,
                                 type);
                tell_standing(p, conn, it->second, true);
                reply(p, std::nullopt, ack, type);
                return send_to(p, encode(invite_created_msg{it->second.invite_shown()}));
            }
        std::size_t open = 0;
        for (auto& [id, s] : seeks_) open += s.by->key() == who->key();
        if (open >= hub_.config().max_seeks)
            return reply(p, wire_error{"too_many_seeks", "cancel one of your open seeks first"},
                         ack, type);
        auto id = m.invite ? (m.code.empty() ? random_string(10, base62) : m.code)
                           : "s" + random_string(9, base62);
        seek s{id,      {info, m.tc, m.rated, m.invite && !m.public_game, m.position},
               m.color, who,
               conn,    m.invite,
               {},      p};
        if (m.invite) s.challenged = m.challenged;
        auto j = s.to_json(hub_);
        s.listed = dump_json(j);
        seeks_[s.id] = s;
        seeks_changed_ = true;
        // The creator's node hears the id before the creator does (one bus
        // link, in order): a leader killed once the creator has it can no
        // longer leave the node without the code to send the next leader.
        tell_standing(p, conn, s, true);
        reply(p, std::nullopt, ack, type);
        if (m.invite) {
            send_to(p, encode(invite_created_msg{s.invite_shown()}));
        } else {
            send_to(p, encode(seek_created_msg{j}));
            broadcast_seek(s, encode(seek_add_msg{j}));
        }
    });
}

void lobby::cancel_seek(player_ptr who, peer_ref p, seek_cancel_msg m, ack_id ack,
                        std::string type) {
    on_strand([=, this] {
        auto it = seeks_.find(m.id);
        if (it == seeks_.end() || it->second.invite != m.invite || it->second.by->key() != who->key())
            return reply(p, m.invite ? wire_error{"unknown_invite", "no such open invite of yours"}
                                     : wire_error{"unknown_seek", "no such open seek of yours"},
                         ack, type);
        const seek s = it->second;
        const bool listed = !s.invite;
        // An invite too: cancelled through another connection (the bot API's),
        // its creator's node must not send it to a new leader again.
        tell_standing(s.peer, s.conn, s, false);
        seeks_.erase(it);
        seeks_changed_ = true;
        reply(p, std::nullopt, ack, type);
        if (listed) broadcast(encode(seek_remove_msg{m.id, "cancelled"}));
        if (!s.challenged.empty())
            tell_player(s.challenged,
                        encode(challenge_canceled_msg{s.id, std::string(s.settings.game->id),
                                                      s.by->public_json()}));
    });
}

void lobby::accept_seek(player_ptr who, peer_ref p, seek_accept_msg m, ack_id ack,
                        std::string type) {
    on_strand([=, this] {
        auto it = seeks_.find(m.id);
        if (it == seeks_.end() || it->second.invite)
            return reply(p, wire_error{"unknown_seek", "no such open seek"}, ack, type);
        seek s = it->second;
        if (who->bot) return reply(p, bots_refused(), ack, type);
        if (s.by->key() == who->key())
            return reply(p, wire_error{"own_seek", "you cannot accept your own seek"}, ack, type);
        if (apart(*who, *s.by)) return reply(p, blocked_error(), ack, type);
        const core::game_info* info = nullptr;
        if (auto e = check_new_game(who, std::string(s.settings.game->id), s.settings.tc,
                                    s.settings.rated, &info))
            return reply(p, e, ack, type);
        seeks_.erase(it);
        seeks_changed_ = true;
        reply(p, std::nullopt, ack, type);
        broadcast(encode(seek_remove_msg{s.id, "accepted"}));
        tell_standing(s.peer, s.conn, s, false);
        start_taken(s, who);
    });
}

void lobby::start_taken(const seek& s, const player_ptr& who) {
    int creator_seat = s.color == "random" ? random_string(1, "01")[0] - '0'
                       : s.color == s.settings.game->about.sides[0].name ? 0
                                                                         : 1;
    start_game(s.settings, s.by, who, creator_seat, s.invite ? "invite" : "seek");
}

void lobby::tell_standing(const peer_ref& p, std::uint64_t conn, const seek& s, bool open) {
    auto* c = hub_.deps().cluster_lobby;
    if (!c) return;
    if (open) c->seek_opened(p, conn, s.id, s.invite);
    else c->seek_closed(p, conn, s.id);
}

void lobby::start_game(const room_settings& s, player_ptr a, player_ptr b, int a_seat,
                       const std::string& via) {
    if (a_seat == 0) hub_.rooms().start_room(s, a, b, via);
    else hub_.rooms().start_room(s, b, a, via);
}

void lobby::quick_join(player_ptr who, peer_ref p, std::uint64_t conn, quick_join_msg m,
                       ack_id ack, std::string type) {
    on_strand([=, this] {
        if (who->bot) return reply(p, bots_refused(), ack, type);
        const core::game_info* info = nullptr;
        if (auto e = check_new_game(who, m.game, m.tc, m.rated, &info))
            return reply(p, e, ack, type);
        auto waiting = queue_.join({who, conn, m.game, m.tc, std::chrono::steady_clock::now(),
                                    m.rated, hub_.ratings().pairing_rating(who, m.game)});
        reply(p, std::nullopt, ack, type);
        send_to(p, encode(quick_queued_msg{m.game, m.tc, m.rated, waiting}));
        pair_tick();
    });
}

void lobby::play_computer(player_ptr who, peer_ref p, computer_play_msg m, ack_id ack,
                          std::string type) {
    on_strand([=, this] {
        const core::game_info* info = nullptr;
        if (auto e = check_new_game(who, m.game, m.tc, false, &info)) return reply(p, e, ack, type);
        if (!info->think || !hub_.deps().engine)
            return reply(p, wire_error{"not_available", "no computer opponent for this game"},
                         ack, type);
        if (auto e = check_color(*info, m.color)) return reply(p, e, ack, type);
        if (auto e = check_start(*info, m.position, false)) return reply(p, e, ack, type);
        const auto& cfg = hub_.config();
        if (hub_.rooms().computer_games_of(who->key()) >= cfg.max_computer_games_per_player)
            return reply(p, wire_error{"too_many_games", "finish your game against the computer first"},
                         ack, type);
        if (static_cast<std::size_t>(hub_.rooms().computer_games()) >= cfg.max_computer_games)
            return reply(p, wire_error{"server_busy", "the computer is playing too many games: "
                                                      "try again in a few minutes"},
                         ack, type);
        int seat = m.color == "random" ? random_string(1, "01")[0] - '0'
                                       : (m.color == info->about.sides[0].name ? 0 : 1);
        reply(p, std::nullopt, ack, type);
        start_game({info, m.tc, false, false, m.position}, who, hub_.deps().computers.at(m.level),
                   seat, "computer");
    });
}

void lobby::quick_leave(player_ptr who, peer_ref p, ack_id ack, std::string type) {
    on_strand([=, this] {
        queue_.leave(who->key());
        reply(p, std::nullopt, ack, type);
        send_to(p, encode(quick_left_msg{}));
    });
}

void lobby::connection_closed(player_ptr, std::uint64_t conn) {
    on_strand([=, this] {
        subscribers_.erase(conn);
        // From this strand, so that it reaches live_games after subscribe's watch_tv.
        live_.watch_tv({}, conn, false, 0);
        queue_.leave_conn(conn);
        // Public seeks go with their connection; invites stay with the player
        // (the link may be opened while the creator reloads the page).
        for (auto it = seeks_.begin(); it != seeks_.end();) {
            if (!it->second.invite && it->second.conn == conn) {
                broadcast(encode(seek_remove_msg{it->first, "left"}));
                tell_standing(it->second.peer, conn, it->second, false);
                it = seeks_.erase(it);
                seeks_changed_ = true;
            } else {
                ++it;
            }
        }
    });
}

void lobby::pair_tick() {
    if (stopped_) return;
    auto blocked = [this](const player& a, const player& b) { return this->apart(a, b); };
    for (auto& pr : queue_.pair_up(std::chrono::steady_clock::now(), blocked)) {
        const core::game_info* info = core::find_game(pr.a.game);
        start_game({info, pr.a.tc, pr.a.rated, false, {}}, pr.a.who, pr.b.who,
                   random_string(1, "01")[0] - '0', "quick");
    }
    if (pair_timer_.expiry() > std::chrono::steady_clock::now()) return;  // already armed
    after_guarded(
        pair_timer_, hub_.config().pairing_tick, shared_from_this(), [this] { pair_tick(); },
        "lobby: pairing");
}

}  // namespace kibitz::server
