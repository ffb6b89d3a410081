#pragma once
// Fischer time control, a domain type: the lobby pairs by it, rooms run their
// clocks on it, the wire and the store carry it. Plain data; no executor.
namespace kibitz::server {

// std::nullopt where an optional<time_control> is expected means untimed.
struct time_control {
    int initial_s = 0;
    int increment_s = 0;
    bool operator==(const time_control&) const = default;
};

}  // namespace kibitz::server
