#include "push/endpoint_vet.hpp"

#include <memory>

#include <boost/asio/steady_timer.hpp>

#include "push/address_policy.hpp"

namespace kibitz::server::push {

namespace {
namespace net = boost::asio;
using tcp = net::ip::tcp;

class lookup : public std::enable_shared_from_this<lookup> {
public:
    lookup(net::any_io_executor ex, std::function<void(reachable)> done)
        : resolver_(ex), deadline_(ex), done_(std::move(done)) {}

    void run(const endpoint_url& to, bool private_ok, std::chrono::milliseconds timeout) {
        deadline_.expires_after(timeout);
        deadline_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
            if (!ec) self->resolver_.cancel();
        });
        resolver_.async_resolve(
            to.host, std::to_string(to.port),
            [self = shared_from_this(), private_ok, host = to.host](
                boost::system::error_code ec, tcp::resolver::results_type found) {
                self->deadline_.cancel();
                if (ec) return self->done_(refused_address{"resolve: " + ec.message(), true});
                auto usable = keep_reachable(found, private_ok);
                if (usable.empty())
                    return self->done_(
                        refused_address{host + " resolves to no public address", false});
                self->done_(std::move(usable));
            });
    }

private:
    tcp::resolver resolver_;
    net::steady_timer deadline_;
    std::function<void(reachable)> done_;
};
}  // namespace

std::vector<tcp::endpoint> keep_reachable(const tcp::resolver::results_type& found,
                                          bool private_ok) {
    std::vector<tcp::endpoint> usable;
    for (const auto& entry : found)
        if (private_ok || public_address(entry.endpoint().address()))
            usable.push_back(entry.endpoint());
    return usable;
}

void resolve_reachable(net::any_io_executor ex, const endpoint_url& to, bool private_ok,
                       std::chrono::milliseconds timeout, std::function<void(reachable)> done) {
    std::make_shared<lookup>(ex, std::move(done))->run(to, private_ok, timeout);
}

}  // namespace kibitz::server::push
