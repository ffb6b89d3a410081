// libFuzzer target: the protocol decoder (server/protocol/codec.*), fed any
// bytes as the text of one WebSocket message. decode_client promises never to
// throw (an escaped exception aborts the run, so libFuzzer reports it) and to
// fill a client_msg only with checked values; a refusal names an error code,
// and the error frame that echoes it back must build without throwing.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "protocol/codec.hpp"
#include "protocol/server_msg.hpp"

using namespace kibitz::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto result = decode_client(text);
    if (auto* f = std::get_if<decode_failure>(&result)) {
        if (f->error.code.empty()) {
            std::fprintf(stderr, "fuzz_codec: a refusal without an error code\n");
            std::abort();
        }
        // What ws_session sends back: "re" and "ack" read from the refused frame.
        auto reply = error_frame(f->error, f->type, f->ack);
        if (!reply || reply->empty()) std::abort();
    }
    return 0;
}
