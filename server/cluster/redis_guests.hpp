#pragma once
// play::remote_guests over Redis (docs/cluster.md, "Guests across nodes"):
// `kibitz:guest:<token digest>` holds a guest's id and name for as long as
// a session lasts. The key is the token's digest (auth::token_hash, in hex),
// never the token: Redis holds nothing that logs anyone in.
#include <chrono>
#include <memory>
#include <string>

#include "cluster/redis_link.hpp"
#include "play/remote_guests.hpp"

namespace kibitz::server::cluster {

class redis_guests final : public remote_guests {
public:
    redis_guests(std::shared_ptr<redis_link> link, std::chrono::milliseconds ttl)
        : link_(std::move(link)), ttl_(ttl) {}

    void made(const player& guest) override;
    void find(const std::string& token, std::function<void(player_ptr)> done) override;
    void forget(const std::string& token);  // its session ended (log out)

private:
    std::shared_ptr<redis_link> link_;
    std::chrono::milliseconds ttl_;
};

}  // namespace kibitz::server::cluster
