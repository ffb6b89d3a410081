#include "store/file_lock.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace kibitz::server::storage {

core::result<file_lock> file_lock::take(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return core::error{"cannot open " + path + ": " + std::strerror(errno)};
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        char owner[32] = {};
        [[maybe_unused]] auto n = ::pread(fd, owner, sizeof owner - 1, 0);
        ::close(fd);
        if (e != EWOULDBLOCK) return core::error{"cannot lock " + path + ": " + std::strerror(e)};
        std::string who = owner[0] ? " (process " + std::string(owner, std::strcspn(owner, "\n")) + ")"
                                   : std::string();
        return core::error{"in use by another server" + who + ": " + path + " is locked"};
    }
    std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) == 0) [[maybe_unused]] auto n = ::pwrite(fd, pid.data(), pid.size(), 0);
    return file_lock(fd);
}

file_lock::~file_lock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
}

}  // namespace kibitz::server::storage
