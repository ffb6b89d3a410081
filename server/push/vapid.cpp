#include "push/vapid.hpp"

#include <nlohmann/json.hpp>

#include "push/base64url.hpp"

namespace kibitz::server::push {

std::optional<std::string> vapid_authorization(const p256_key& key, std::string_view audience,
                                               std::string_view subject, std::int64_t expires_s) {
    const std::string header = R"({"typ":"JWT","alg":"ES256"})";
    nlohmann::json claims = {{"aud", audience}, {"exp", expires_s}, {"sub", subject}};
    std::string signing_input = base64url_encode(header) + "." + base64url_encode(claims.dump());
    auto sig = key.sign_es256(signing_input);
    if (!sig) return std::nullopt;
    return "vapid t=" + signing_input + "." + base64url_encode(*sig) +
           ", k=" + base64url_encode(key.public_point());
}

}  // namespace kibitz::server::push
