#include "cluster/redis_guests.hpp"

#include <hiredis/hiredis.h>

#include "auth/token.hpp"
#include "cluster/bus_messages.hpp"

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
    link_->command({"SET", guest_key(guest.token), bus::encode_guest({guest.id, guest.name}), "PX",
                    std::to_string(ttl_.count())});
}

void redis_guests::forget(const std::string& token) { link_->command({"DEL", guest_key(token)}); }

void redis_guests::find(const std::string& token, std::function<void(player_ptr)> done) {
    link_->command({"GET", guest_key(token)}, [token, done = std::move(done)](const redisReply* r) {
        if (!r || r->type != REDIS_REPLY_STRING) return done(nullptr);
        auto g = bus::decode_guest(std::string_view(r->str, r->len));
        if (!g) return done(nullptr);  // malformed: as if unknown
        auto p = std::make_shared<player>();
        p->id = g.value().id;
        p->name = g.value().name;
        p->guest = true;
        p->token = token;
        done(p);
    });
}

}  // namespace kibitz::server::cluster
