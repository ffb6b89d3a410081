#pragma once
// A token bucket: `rate` messages per second sustained, `burst` at once. Owned
// by one ws_session and used on its strand.
#include <algorithm>
#include <chrono>

namespace kibitz::server {

class rate_limiter {
public:
    using clock = std::chrono::steady_clock;
    rate_limiter(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}

    bool allow(clock::time_point now = clock::now()) {
        double dt = std::chrono::duration<double>(now - last_).count();
        last_ = now;
        tokens_ = std::min(burst_, tokens_ + dt * rate_);
        if (tokens_ < 1.0) return false;
        tokens_ -= 1.0;
        return true;
    }

private:
    double rate_, burst_, tokens_;
    clock::time_point last_ = clock::now();
};

}  // namespace kibitz::server
