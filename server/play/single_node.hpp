#pragma once
// The rooms of other nodes when there are none (no --cluster): every room is
// here or nowhere, so a message for a room not here is answered unknown_room
// at once (and counted as rejected). Owns nothing; safe from any thread.
#include "observe/metrics.hpp"
#include "play/remote_rooms.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

class single_node final : public remote_rooms {
public:
    explicit single_node(metrics& m) : metrics_(m) {}

    bool spans_nodes() const override { return false; }
    std::vector<game_elsewhere> games_elsewhere(const std::string&) const override { return {}; }
    void hosting(const std::string&, const std::vector<std::string>&, game_kind) override {}
    void finished(const std::string&) override {}
    void released(const std::string&) override {}
    void seated(const player_ptr&, const std::string&,
                const std::shared_ptr<const std::string>&) override {}
    void join(const std::string& room, player_ptr, peer_ref p, std::uint64_t,
              std::optional<std::int64_t>, std::optional<std::int64_t> ack,
              std::string type) override {
        ++metrics_.rejected_total;
        send_to(p, error_frame({"unknown_room", "no room '" + room + "'"}, type, ack));
    }
    void leave(const std::string&, std::uint64_t, bool) override {}
    void command(player_ptr, peer_ref p, std::uint64_t, room_cmd_msg cmd,
                 std::optional<std::int64_t> ack, std::string type) override {
        ++metrics_.rejected_total;
        send_to(p,
                error_frame({"unknown_room", "no room '" + cmd.room + "'"}, type, ack, cmd.room));
    }

private:
    metrics& metrics_;
};

}  // namespace kibitz::server
