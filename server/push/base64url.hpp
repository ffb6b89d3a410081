#pragma once
// base64url without padding (RFC 4648 section 5), the text form Web Push
// gives every key and secret in (the browser's PushSubscription, the VAPID
// `k=`, the JWT's parts). Pure functions; safe on any thread.
#include <optional>
#include <string>
#include <string_view>

namespace kibitz::server::push {

std::string base64url_encode(std::string_view bytes);
// Empty optional for any character outside the alphabet, for '=' padding
// anywhere but the end, or for a length no encoding has.
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace kibitz::server::push
