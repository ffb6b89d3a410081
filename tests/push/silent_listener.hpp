#pragma once
// A TCP port on 127.0.0.1 that never accepts: the kernel completes up to its
// backlog of connections, which then hear nothing (a push service that never
// answers), and the test counts how many arrived. Not thread-safe.
#include <cstdint>

#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace kibitz::test {

class silent_listener {
public:
    silent_listener() {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
        ::listen(fd_, 128);
        socklen_t len = sizeof a;
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
        port_ = ntohs(a.sin_port);
    }
    ~silent_listener() {
        for (int i = 0; i < taken_; ++i) ::close(held_[i]);
        ::close(fd_);
    }
    silent_listener(const silent_listener&) = delete;
    silent_listener& operator=(const silent_listener&) = delete;

    std::uint16_t port() const { return port_; }
    // The connections that have arrived so far (taken off the backlog, held open).
    int connections() {
        for (int c; taken_ < 256 && (c = ::accept4(fd_, nullptr, nullptr, SOCK_NONBLOCK)) >= 0;)
            held_[taken_++] = c;
        return taken_;
    }

private:
    int fd_ = -1;
    std::uint16_t port_ = 0;
    int held_[256] = {};
    int taken_ = 0;
};

}  // namespace kibitz::test
