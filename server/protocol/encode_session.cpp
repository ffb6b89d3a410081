// The codec's encoders of the session messages (out_session.hpp).
#include "protocol/envelope.hpp"
#include "protocol/out_session.hpp"

namespace kibitz::server {

frame encode(const welcome_msg& m) {
    return make_frame("welcome", {{"token", m.token},
                                  {"user", m.user},
                                  {"resumed", m.resumed},
                                  {"rooms", m.rooms},
                                  {"games", m.games},
                                  {"server_time", m.server_time}});
}

frame encode(const identity_msg& m) { return make_frame("identity", {{"user", m.user}}); }

frame encode(const pong_msg& m) {
    json d = {{"server_time", m.server_time}};
    if (m.at) d["at"] = *m.at;
    return make_frame("pong", d);
}

}  // namespace kibitz::server
