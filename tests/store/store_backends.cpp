#include "store_backends.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <random>

#include <unistd.h>

#include "store/pg_store.hpp"
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
// The scratch server's URL: KIBITZ_PG_URL, or the file KIBITZ_PG_URL_FILE names.
std::string pg_url() {
    if (const char* u = std::getenv("KIBITZ_PG_URL"); u && *u) return u;
    if (const char* f = std::getenv("KIBITZ_PG_URL_FILE"); f && *f) {
        std::ifstream in(f);
        std::string url;
        std::getline(in, url);
        return url;
    }
    return {};
}

// A fresh schema in the scratch database per place: the store's connections
// get it as their search_path, so every table, and the key sequence, is the
// place's own. Dropped with everything in it when the place goes.
class pg_place final : public store_place {
public:
    pg_place() {
        auto base = pg_url();
        REQUIRE_MESSAGE(!base.empty(), "KIBITZ_STORE=postgresql needs KIBITZ_PG_URL or KIBITZ_PG_URL_FILE "
                                       "(tests/support/pg_scratch.sh start prints one)");
        static std::atomic<int> counter{0};
        schema_ = "conformance_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + "_" +
                  std::to_string(std::random_device{}() % 100000);
        admin_ = connect(base);
        admin_->exec("CREATE SCHEMA " + schema_);
        url_ = base + (base.find('?') == std::string::npos ? "?" : "&") +
               "options=-csearch_path%3D" + schema_;
    }
    ~pg_place() override {
        try {
            admin_->exec("DROP SCHEMA " + schema_ + " CASCADE");
        } catch (const std::exception&) {
        }
    }
    std::unique_ptr<store> open() override {
        auto s = server::storage::pg_store::open({url_});
        INFO("reason: " << (s ? std::string() : s.reason()));
        REQUIRE(s.ok());
        return std::move(s).value();
    }
    std::string where() const override { return url_; }

private:
    static std::unique_ptr<server::storage::pg_db> connect(const std::string& url) {
        auto db = server::storage::pg_db::open(url);
        INFO("reason: " << (db ? std::string() : db.reason()));
        REQUIRE(db.ok());
        return std::move(db).value();
    }
    std::string schema_, url_;
    std::unique_ptr<server::storage::pg_db> admin_;
};
}  // namespace

std::string backend_name() {
    const char* b = std::getenv("KIBITZ_STORE");
    return b && *b ? b : "sqlite";
}

std::unique_ptr<store_place> new_place() {
    auto name = backend_name();
    if (name == "sqlite") return std::make_unique<sqlite_place>();
    if (name == "postgresql") return std::make_unique<pg_place>();
    FAIL("unknown KIBITZ_STORE backend: " << name);
    return nullptr;
}

std::unique_ptr<store> open_where(const std::string& where) {
    if (backend_name() == "sqlite") {
        auto s = server::storage::sqlite_store::open({where});
        if (!s) return nullptr;
        return std::move(s).value();
    }
    if (backend_name() == "postgresql") {
        auto s = server::storage::pg_store::open({where});
        if (!s) return nullptr;
        return std::move(s).value();
    }
    return nullptr;
}

}  // namespace kibitz::test
