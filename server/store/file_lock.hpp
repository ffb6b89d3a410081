#pragma once
// An exclusive lock on a file beside the database ("kibitz.db.lock"), held
// for as long as this object lives: two server processes on one database
// would each think it owns the games in it (each restores the unfinished
// ones and plays them on), so the second is refused at start-up. flock(2):
// the kernel drops the lock when the process dies, even by SIGKILL, so a
// crash never leaves a stale lock behind. The file holds the owner's pid, for
// people.
#include <string>

#include "kibitz/core/result.hpp"

namespace kibitz::server::storage {

class file_lock {
public:
    // The lock on `path`, or why not ("in use by process 1234").
    static core::result<file_lock> take(const std::string& path);
    file_lock(file_lock&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
    file_lock& operator=(file_lock&&) = delete;
    file_lock(const file_lock&) = delete;
    ~file_lock();

private:
    explicit file_lock(int fd) : fd_(fd) {}
    int fd_ = -1;
};

}  // namespace kibitz::server::storage
