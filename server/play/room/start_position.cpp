#include "play/room/start_position.hpp"

#include <spdlog/spdlog.h>

namespace kibitz::server {

std::optional<wire_error> check_start_position(const core::game_info& info,
                                               const std::string& text) {
    auto g = info.from_position(text);
    if (!g) return wire_error{"bad_position", g.reason()};
    if (g.value()->current_status().over())
        return wire_error{"bad_position", "the game is already over in this position"};
    return std::nullopt;
}

std::unique_ptr<core::game> game_at_start(const core::game_info& info, const std::string& text) {
    if (text.empty()) return info.new_game();
    auto g = info.from_position(text);
    if (g) return std::move(g.value());
    spdlog::error("start position of a {} game unreadable ({}): standard start", info.id, g.reason());
    return info.new_game();
}

}  // namespace kibitz::server
