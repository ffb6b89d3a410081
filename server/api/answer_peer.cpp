#include "api/answer_peer.hpp"

#include <chrono>

namespace kibitz::server::api {

std::shared_ptr<answer_peer> answer_peer::make(boost::asio::io_context& ioc, std::uint64_t conn,
                                               std::string answer, make_ok ok, api_reply reply) {
    auto p = std::make_shared<answer_peer>(ioc, conn, std::move(answer), std::move(ok),
                                           std::move(reply));
    // The wait holds the peer: the play layer keeps only a weak_ptr to it.
    p->timeout_.expires_after(std::chrono::seconds(10));
    p->timeout_.async_wait([p](boost::system::error_code ec) {
        if (!ec) p->give(error_response(504, "no_answer", "the game did not answer in time"));
    });
    return p;
}

answer_peer::answer_peer(boost::asio::io_context& ioc, std::uint64_t conn, std::string answer,
                         make_ok ok, api_reply reply)
    : timeout_(ioc),
      conn_(conn),
      answer_(std::move(answer)),
      ok_(std::move(ok)),
      reply_(std::move(reply)) {}

int status_of(std::string_view code) {
    if (code == "unknown_room" || code == "unknown_invite") return 404;
    if (code == "rate_limited") return 429;
    if (code == "internal" || code == "not_stored") return 500;
    if (code == "shutting_down" || code == "unavailable" || code == "room_moving") return 503;
    return 400;  // the move or the action is refused, and nothing changed
}

void answer_peer::send(std::shared_ptr<const std::string> frame) {
    auto j = nlohmann::json::parse(*frame, nullptr, false);
    if (!j.is_object() || !j.contains("t")) return;
    const std::string t = j["t"].is_string() ? j["t"].get<std::string>() : "";
    const auto d = j.value("d", nlohmann::json::object());
    if (t == "error") {
        std::string code = d.value("code", "refused");
        auto r = error_response(status_of(code), code, d.value("message", ""));
        // The room's node cannot be reached (docs/cluster.md): nothing was
        // played; another node takes the room within about a lease.
        if (code == "room_moving") r.headers.emplace_back("Retry-After", "1");
        return give(std::move(r));
    }
    if (t == answer_ || (answer_.empty() && t == "ack")) give(ok_(d));
}

void answer_peer::end_connection(const std::string& reason) {
    give(error_response(403, "refused", reason));
}

void answer_peer::give(api_response r) {
    if (given_.exchange(true)) return;
    // The one call on the timer after make(): given_ lets exactly one caller here.
    timeout_.cancel();
    reply_(std::move(r));
}

}  // namespace kibitz::server::api
