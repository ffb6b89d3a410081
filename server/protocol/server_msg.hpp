#pragma once
// Builders for server -> client messages. Each returns the serialized frame
// (shared, so one broadcast is serialized once and queued to many sessions).
// Stateless; safe on any executor.
//
// "frame" in the play and protocol layers is this: one serialized message,
// the payload of one WebSocket text frame. The WebSocket framing itself (the
// header, masking, fragments) is net/ws_frame.hpp, which no layer above net sees.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "kibitz/core/board_view.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

using json = nlohmann::json;
using frame = std::shared_ptr<const std::string>;

// JSON dumped with invalid UTF-8 replaced, so that no client text can make
// serialization throw. Every message is a type (out_*.hpp), encoded by the
// codec through protocol/envelope.hpp; the functions below encode the
// messages sent most (error, ack, move): ack_frame and move_event_frame
// without a json tree.
std::string dump_json(const json& j);

frame error_frame(const wire_error& e, std::string_view re = {},
                  std::optional<std::int64_t> ack = {}, std::string_view room = {});
frame ack_frame(std::int64_t ack, std::string_view re, std::string_view room = {},
                std::int64_t v = 0);

// The hot frames (a move event, an ack) are written straight into one string
// rather than through a json tree: the same bytes make_frame would give (keys
// in the same sorted order), at a fraction of the allocations.
struct clocks_snapshot {
    std::int64_t ms[2] = {0, 0};
    int running = -1;
    std::int64_t initial_ms = 0, increment_ms = 0;
    std::optional<std::int64_t> first_move_ms;
    bool berserk[2] = {false, false};  // a seat went berserk (its clock halved, no increment)
};
frame move_event_frame(std::int64_t v, std::string_view room, int seat, std::string_view move,
                       std::size_t ply, const core::board_view& board,
                       const std::optional<clocks_snapshot>& clocks);
json to_json(const std::optional<clocks_snapshot>& c);

json to_json(const std::optional<time_control>& tc);
// The board_view; with_cells false for move events (cells never change).
json to_json(const core::board_view& b, bool with_cells);

}  // namespace kibitz::server
