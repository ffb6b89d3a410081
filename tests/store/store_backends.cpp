#include "store_backends.hpp"

#include <doctest/doctest.h>

#include <cstdlib>

#include "store/sqlite_store.hpp"
#include "temp_dir.hpp"

namespace kibitz::test {

namespace {
using server::storage::store;

class sqlite_place final : public store_place {
public:
    std::unique_ptr<store> open() override {
        auto s = open_where(where());
        REQUIRE(s);
        return s;
    }
    std::string where() const override { return dir_.file("k.db"); }

private:
    temp_dir dir_;
};
}  // namespace

std::string backend_name() {
    const char* b = std::getenv("KIBITZ_STORE");
    return b && *b ? b : "sqlite";
}

std::unique_ptr<store_place> new_place() {
    auto name = backend_name();
    if (name == "sqlite") return std::make_unique<sqlite_place>();
    FAIL("unknown KIBITZ_STORE backend: " << name);
    return nullptr;
}

std::unique_ptr<store> open_where(const std::string& where) {
    if (backend_name() == "sqlite") {
        auto s = server::storage::sqlite_store::open({where});
        if (!s) return nullptr;
        return std::move(s).value();
    }
    return nullptr;
}

}  // namespace kibitz::test
