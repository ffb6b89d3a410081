#include "net.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace kibitz::bench::ceiling {

namespace {

sockaddr_in loopback(std::uint16_t port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; }

}  // namespace

int listen_tcp(std::uint16_t port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    auto a = loopback(port);
    if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || listen(fd, 4096) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int connect_tcp(std::uint16_t port, bool nodelay, int rcvbuf) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (rcvbuf > 0) setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    auto a = loopback(port);
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        close(fd);
        return -1;
    }
    set_nonblocking(fd);
    if (nodelay) set_nodelay(fd);
    return fd;
}

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

void set_nodelay(int fd) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

void raise_fd_limit() {
    rlimit r{};
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
    }
}

std::uint64_t now_us() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<std::uint64_t>(t.tv_sec) * 1000000u + static_cast<std::uint64_t>(t.tv_nsec) / 1000u;
}

cpu_times process_cpu() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return {seconds(u.ru_utime), seconds(u.ru_stime)};
}

double thread_cpu_s() {
    rusage u{};
    getrusage(RUSAGE_THREAD, &u);
    return seconds(u.ru_utime) + seconds(u.ru_stime);
}

cpu_times pid_cpu(pid_t pid) {
    cpu_times bad{0, 0, false};
    if (pid <= 0) return bad;
    std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(f, line)) return bad;
    auto close = line.rfind(')');  // the command name may hold spaces
    if (close == std::string::npos) return bad;
    std::istringstream rest(line.substr(close + 2));
    std::string field;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {  // fields 14, 15: utime, stime
        if (i == 14) utime = std::stoull(field);
        if (i == 15) stime = std::stoull(field);
    }
    auto tick = static_cast<double>(sysconf(_SC_CLK_TCK));
    return {static_cast<double>(utime) / tick, static_cast<double>(stime) / tick};
}

std::string load_average() {
    std::ifstream f("/proc/loadavg");
    std::string a, b, c;
    f >> a >> b >> c;
    return a + " " + b + " " + c;
}

io_result flush(int fd, out_buffer& q, io_counters& c) {
    while (!q.empty()) {
        ++c.sends;
        ssize_t k = ::send(fd, q.data.data() + q.off, q.data.size() - q.off, MSG_NOSIGNAL);
        if (k < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                ++c.short_writes;
                return io_result::pending;
            }
            return io_result::failed;
        }
        q.off += static_cast<std::size_t>(k);
    }
    q.data.clear();
    q.off = 0;
    return io_result::done;
}

io_result send_or_queue(int fd, out_buffer& q, const void* p, std::size_t n, io_counters& c) {
    if (!q.empty()) {  // keep the order: behind what is already waiting
        q.data.append(static_cast<const char*>(p), n);
        return io_result::pending;
    }
    const char* s = static_cast<const char*>(p);
    for (;;) {
        ++c.sends;
        ssize_t k = ::send(fd, s, n, MSG_NOSIGNAL);
        if (k < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) return io_result::failed;
            k = 0;
        }
        auto took = static_cast<std::size_t>(k);
        if (took == n) return io_result::done;
        ++c.short_writes;
        q.data.assign(s + took, n - took);
        q.off = 0;
        return io_result::pending;
    }
}

}  // namespace kibitz::bench::ceiling
