#include "net/ws_handshake.hpp"

// Beast's own SHA-1 + base64 for the handshake key (the one piece of Beast's
// websocket code still used; it is what websocket::stream::accept calls).
#include <boost/beast/websocket/detail/hybi13.hpp>

namespace kibitz::server::ws {

std::string accept_key(std::string_view key) {
    namespace detail = boost::beast::websocket::detail;
    if (key.empty() || key.size() > detail::sec_ws_key_type::static_capacity) return {};
    detail::sec_ws_accept_type acc;
    detail::make_sec_ws_accept(acc, boost::beast::string_view(key.data(), key.size()));
    return std::string(acc.data(), acc.size());
}

}  // namespace kibitz::server::ws
