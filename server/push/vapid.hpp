#pragma once
// VAPID (RFC 8292): how the server names itself to a push service. A JWT
// signed ES256 with the server's key (p256.hpp), claiming the push service's
// origin (`aud`), an expiry under 24 hours (`exp`) and a contact (`sub`),
// sent with the public key as `Authorization: vapid t=<JWT>, k=<key>`.
// Pure: safe on any thread.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "push/p256.hpp"

namespace kibitz::server::push {

// The header's value; empty when signing fails.
std::optional<std::string> vapid_authorization(const p256_key& key, std::string_view audience,
                                               std::string_view subject, std::int64_t expires_s);

}  // namespace kibitz::server::push
