#include "test_util.hpp"

#include <spdlog/spdlog.h>

namespace kibitz::test {

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

server::storage::player make_guest(server::storage::store& s, const std::string& name) {
    return must<server::storage::player>([&](auto h) { s.create_guest(name, t0, h); });
}

}  // namespace kibitz::test

namespace {
// The store logs every open at info; keep test output to what matters.
const bool quiet = [] {
    spdlog::set_level(spdlog::level::warn);
    return true;
}();
}  // namespace
