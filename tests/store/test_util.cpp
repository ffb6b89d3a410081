#include "test_util.hpp"

#include <atomic>
#include <spdlog/spdlog.h>
#include <unistd.h>

namespace kibitz::test {

temp_dir::temp_dir() {
    static std::atomic<int> n{0};
    path = std::filesystem::temp_directory_path() /
           ("kibitz_store_test_" + std::to_string(::getpid()) + "_" + std::to_string(n++));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
}

temp_dir::~temp_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
}

std::unique_ptr<server::storage::sqlite_store> open_store(const std::string& path) {
    auto s = server::storage::sqlite_store::open({path});
    INFO("reason: " << (s ? std::string() : s.reason()));
    REQUIRE(s.ok());
    return std::move(s).value();
}

server::storage::player make_account(server::storage::store& s, const std::string& name) {
    return must<server::storage::player>(
        [&](auto h) { s.create_account(name, "$argon2id$not-a-real-hash", std::nullopt, 1000, h); });
}

}  // namespace kibitz::test

namespace {
// The store logs every open at info; keep test output to what matters.
const bool quiet = [] {
    spdlog::set_level(spdlog::level::warn);
    return true;
}();
}  // namespace
