#pragma once
// A subscribed browser as the push tests keep it: its key pair and auth
// secret, and the subscription it would send to /api/push/subscribe.
#include <string>

#include <nlohmann/json.hpp>

#include "push/base64url.hpp"
#include "push/p256.hpp"

namespace kibitz::test {

struct browser {
    server::push::p256_key key = *server::push::p256_key::generate();
    std::string auth = server::push::base64url_encode(std::string("0123456789abcdef"));
    std::string p256dh() const { return server::push::base64url_encode(key.public_point()); }
    nlohmann::json subscription(const std::string& endpoint) const {
        return {{"endpoint", endpoint}, {"keys", {{"p256dh", p256dh()}, {"auth", auth}}}};
    }
};

}  // namespace kibitz::test
