#pragma once
// The play layer's one tournament_desk in front of the two services: a
// client's message goes to the service whose event it names (a Swiss
// event's id starts with 's', an arena's with 't'); a closed connection and
// every game's end go to both (each ignores what is not its own). Made by
// the composition root; holds no state; callable from any thread.
#include "play/tournament_desk.hpp"

namespace kibitz::server::tournament {

class tournament_router final : public tournament_desk {
public:
    tournament_router(tournament_desk& arenas, tournament_desk& swiss)
        : arenas_(arenas), swiss_(swiss) {}

    void message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                 const tournament_msg& m, std::optional<std::int64_t> ack,
                 const std::string& type) override {
        auto& to = !m.id.empty() && m.id[0] == 's' ? swiss_ : arenas_;
        to.message(who, p, conn, m, ack, type);
    }
    void connection_closed(std::uint64_t conn) override {
        arenas_.connection_closed(conn);
        swiss_.connection_closed(conn);
    }
    void berserk(const std::string& room, int seat) override {
        arenas_.berserk(room, seat);  // Swiss games have no berserk
    }
    void game_over(game_over_report r) override {
        arenas_.game_over(r);
        swiss_.game_over(std::move(r));
    }
    void lead(bool on, std::chrono::steady_clock::time_point until) override {
        arenas_.lead(on, until);
        swiss_.lead(on, until);
    }
    void load(const std::string& id) override {
        (!id.empty() && id[0] == 's' ? swiss_ : arenas_).load(id);
    }

private:
    tournament_desk& arenas_;
    tournament_desk& swiss_;
};

}  // namespace kibitz::server::tournament
