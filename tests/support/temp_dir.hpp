#pragma once
// A fresh, empty directory under the system temp dir for one test, removed
// (with everything in it) when the test ends. Shared by the store and server
// test trees, which both put SQLite files in one.
//
// The name joins the process id, a per-process counter (atomic: the
// concurrency tests create directories from several threads) and a random
// number, so neither parallel ctest runs nor a recycled pid can hand two
// tests the same directory; a leftover from a crashed run is cleared first.
#include <atomic>
#include <filesystem>
#include <random>
#include <string>
#include <system_error>

#include <unistd.h>

namespace kibitz::test {

struct temp_dir {
    std::filesystem::path path;

    temp_dir() {
        static std::atomic<int> counter{0};
        std::random_device rd;
        path = std::filesystem::temp_directory_path() /
               ("kibitz-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) +
                "-" + std::to_string(rd()));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~temp_dir() {
        std::error_code ec;  // never throw from a destructor; a leftover dir is harmless
        std::filesystem::remove_all(path, ec);
    }
    temp_dir(const temp_dir&) = delete;  // two owners would remove it twice
    temp_dir& operator=(const temp_dir&) = delete;

    std::string file(const std::string& name) const { return (path / name).string(); }
};

}  // namespace kibitz::test
