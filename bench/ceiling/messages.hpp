#pragma once
// The payloads of the ceiling test, sized like kibitz-server's checkers traffic:
//   client -> server  move      80 bytes  {"t":"move","d":{"ply":NNNNNNNNNN,...}}
//   server -> both    move     900 bytes  same prefix, padded like a room event
//   server -> mover   ack       70 bytes  {"t":"ack","d":{"ply":NNNNNNNNNN},...}
//   client -> server  hello    "H<id>"    once per connection: pairs id 2k, 2k+1
//   server -> both    ready    "R"        once both partners have said hello
// The ply travels as 10 fixed-width digits at a fixed offset, so both ends read and
// write it with a memcpy; the kind of a server message is its byte 6 ('m', 'a') or
// the lone "R". Nothing else is parsed: the test measures the kernel, not JSON.
#include <cstddef>
#include <cstdint>
#include <string>

namespace kibitz::bench::ceiling {

inline constexpr std::size_t move_len = 80;
inline constexpr std::size_t event_len = 900;
inline constexpr std::size_t ack_len = 70;
inline constexpr std::size_t ply_digits = 10;
inline constexpr char move_prefix[] = R"({"t":"move","d":{"ply":)";
inline constexpr char ack_prefix[] = R"({"t":"ack","d":{"ply":)";
inline constexpr std::size_t move_ply_at = sizeof move_prefix - 1;  // 23
inline constexpr std::size_t ack_ply_at = sizeof ack_prefix - 1;    // 22
inline constexpr std::size_t kind_at = 6;                           // 'm' or 'a'

// A payload of exactly `len` bytes: prefix, ply 0, then filler closed by "}}".
inline std::string payload_template(const char* prefix, std::size_t len) {
    std::string s = prefix;
    s.append(ply_digits, '0');
    s += R"(,"from":"11","to":"15","x":")";
    while (s.size() + 3 < len) s += static_cast<char>('a' + s.size() % 26);
    s += "\"}}";
    s.resize(len, '}');
    return s;
}

inline void put_ply(unsigned char* at, std::uint64_t ply) {
    for (std::size_t i = ply_digits; i-- > 0; ply /= 10) at[i] = static_cast<unsigned char>('0' + ply % 10);
}

inline std::uint64_t get_ply(const unsigned char* at) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < ply_digits; ++i) v = v * 10 + static_cast<unsigned>(at[i] - '0');
    return v;
}

}  // namespace kibitz::bench::ceiling
