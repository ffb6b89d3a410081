#pragma once
// A one-shot connection for one HTTP action of the bot and board APIs: the
// play layer answers a client message with `ack` or `error` (or, for a new
// invite, `invite.created`) to the peer that sent it, exactly as it answers
// a WebSocket; this turns the first answer into the HTTP reply. It holds
// itself alive through a timeout (504 if nothing answers), so the room and
// the lobby may keep only their weak_ptr to it. send() is safe from any
// thread; the reply is given once.
#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "api/api_router.hpp"
#include "play/peer.hpp"

namespace kibitz::server::api {

class answer_peer : public peer, public std::enable_shared_from_this<answer_peer> {
public:
    // `answer`: the frame type that answers besides `ack`; `ok` makes the
    // success reply from that frame's payload.
    using make_ok = std::function<api_response(const nlohmann::json& d)>;
    static std::shared_ptr<answer_peer> make(boost::asio::io_context& ioc, std::uint64_t conn,
                                             std::string answer, make_ok ok, api_reply reply);

    answer_peer(boost::asio::io_context& ioc, std::uint64_t conn, std::string answer, make_ok ok,
                api_reply reply);
    void send(std::shared_ptr<const std::string> frame) override;
    std::uint64_t conn_id() const override { return conn_; }
    void end_connection(const std::string& reason) override;

private:
    void give(api_response r);

    boost::asio::steady_timer timeout_;
    std::uint64_t conn_;
    std::string answer_;
    make_ok ok_;
    api_reply reply_;
    std::atomic<bool> given_{false};
};

// The HTTP status for a play-layer refusal code (schema/bot_api.md).
int status_of(std::string_view code);

}  // namespace kibitz::server::api
