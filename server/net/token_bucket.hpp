#pragma once
// A token bucket: `rate` tokens per second sustained, `burst` at once. A
// message costs one token, an expensive one more (net/message_cost.hpp). Owned
// by one ws_session and used on its strand. (auth::rate_limiter is the other
// limit: failures per key within a window, for log-ins and new guests.)
#include <algorithm>
#include <chrono>

namespace kibitz::server {

class token_bucket {
public:
    using clock = std::chrono::steady_clock;
    token_bucket(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}

    // Takes `cost` tokens if there are that many (nothing is taken otherwise).
    bool allow(clock::time_point now = clock::now(), double cost = 1.0) {
        double dt = std::chrono::duration<double>(now - last_).count();
        last_ = now;
        tokens_ = std::min(burst_, tokens_ + dt * rate_);
        if (tokens_ < cost) return false;
        tokens_ -= cost;
        return true;
    }

private:
    double rate_, burst_, tokens_;
    clock::time_point last_ = clock::now();
};

}  // namespace kibitz::server
