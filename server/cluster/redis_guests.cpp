#include "cluster/redis_guests.hpp"

#include <hiredis/hiredis.h>
#include <nlohmann/json.hpp>

#include "auth/token.hpp"

namespace kibitz::server::cluster {

namespace {
std::string guest_key(const std::string& token) {
    static const char* hex = "0123456789abcdef";
    std::string out = "kibitz:guest:";
    for (unsigned char c : auth::token_hash(token)) {
        out += hex[c >> 4];
        out += hex[c & 15];
    }
    return out;
}
}  // namespace

void redis_guests::made(const player& guest) {
    nlohmann::json j = {{"id", guest.id}, {"name", guest.name}};
    link_->command({"SET", guest_key(guest.token), j.dump(), "PX", std::to_string(ttl_.count())});
}

void redis_guests::forget(const std::string& token) { link_->command({"DEL", guest_key(token)}); }

void redis_guests::find(const std::string& token, std::function<void(player_ptr)> done) {
    link_->command({"GET", guest_key(token)}, [token, done = std::move(done)](const redisReply* r) {
        if (!r || r->type != REDIS_REPLY_STRING) return done(nullptr);
        auto j = nlohmann::json::parse(std::string(r->str, r->len), nullptr, false);
        if (!j.is_object() || !j.contains("id") || !j.contains("name")) return done(nullptr);
        auto p = std::make_shared<player>();
        p->id = j["id"].get<std::string>();
        p->name = j["name"].get<std::string>();
        p->guest = true;
        p->token = token;
        done(p);
    });
}

}  // namespace kibitz::server::cluster
