#pragma once
// The envelope every server message goes out in: {"t": type, "d": d} (and
// "v" when v > 0), dumped with keys sorted and invalid UTF-8 replaced so that
// no client text can make serialization throw.
// Private to the codec (server/protocol/encode_*.cpp, server_msg.cpp): the
// layers above send typed messages (out_*.hpp) and never name a type string
// (tests/structure/typed_frames.sh checks it). Stateless; any executor.
#include <cstdint>
#include <string_view>

#include "protocol/server_msg.hpp"

namespace kibitz::server {

frame make_frame(std::string_view type, const json& d, std::int64_t v = 0);

}  // namespace kibitz::server
