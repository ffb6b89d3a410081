#include <doctest/doctest.h>

#include <fstream>
#include <iterator>

#include "auth/accounts.hpp"
#include "auth/password.hpp"
#include "auth/rate_limiter.hpp"
#include "auth/token.hpp"
#include "auth/username.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
using namespace kibitz::server::auth;

namespace {
std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}
accounts_options fast(const server::manual_clock& clock) {
    accounts_options o;
    o.cost = hash_cost::minimum();  // argon2id still, at the smallest cost: tests stay quick
    o.clock = clock.clock();
    return o;
}
}  // namespace

TEST_CASE("auth: username rules") {
    CHECK(validate_username("alice").ok());
    CHECK(validate_username("Bob_the-2nd").ok());
    CHECK(validate_username("abc").ok());
    CHECK(validate_username("a2345678901234567890").ok());
    CHECK_FALSE(validate_username("ab").ok());
    CHECK_FALSE(validate_username("a23456789012345678901").ok());
    CHECK_FALSE(validate_username("_alice").ok());
    CHECK_FALSE(validate_username("al ice").ok());
    CHECK_FALSE(validate_username("alice'--").ok());
    CHECK_FALSE(validate_username("ålice").ok());
    CHECK_FALSE(validate_username("Admin").ok());
    CHECK_FALSE(validate_username("Guest-1234").ok());
    CHECK_FALSE(validate_password("short").ok());
    CHECK(validate_password("correct horse ☃").ok());
}

TEST_CASE("auth: argon2id hashes verify and are salted") {
    auto h1 = hash_password("secret password", hash_cost::minimum());
    auto h2 = hash_password("secret password", hash_cost::minimum());
    REQUIRE(h1.ok());
    CHECK(h1.value().starts_with("$argon2id$"));
    CHECK(h1.value() != h2.value());
    CHECK(verify_password(h1.value(), "secret password"));
    CHECK_FALSE(verify_password(h1.value(), "secret passwore"));
    CHECK_FALSE(verify_password("garbage", "secret password"));
    CHECK(new_token().size() == 43);
    CHECK(new_token() != new_token());
    CHECK(token_hash("x").size() == 32);
}

TEST_CASE("auth: register, duplicate, login, token hashed on disk, logout") {
    test::temp_dir dir;
    auto path = dir.file("k.db");
    server::manual_clock clock(1700000000000);
    auto s = test::open_store(path);
    accounts acc(*s, fast(clock));

    auto reg = test::must<session>([&](auto h) { acc.register_account("Alice", "password1", "1.2.3.4", {}, h); });
    CHECK(reg.who.name == "Alice");
    CHECK_FALSE(reg.who.guest());
    for (auto name : {"alice", "ALICE", "aLiCe"}) {
        auto dup = test::get<session>([&](auto h) { acc.register_account(name, "password2", "1.2.3.4", {}, h); });
        REQUIRE_FALSE(dup.ok());
        CHECK(dup.reason().find("taken") != std::string::npos);
    }
    CHECK_FALSE(test::get<session>([&](auto h) { acc.register_account("x", "password2", "", {}, h); }).ok());

    auto bad = test::get<session>([&](auto h) { acc.login("alice", "wrong pass", "1.2.3.4", h); });
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.reason() == "wrong username or password");
    auto nobody = test::get<session>([&](auto h) { acc.login("nobody", "password1", "1.2.3.4", h); });
    CHECK(nobody.reason() == "wrong username or password");  // same answer: names do not leak

    auto in = test::must<session>([&](auto h) { acc.login("ALICE", "password1", "1.2.3.4", h); });
    CHECK(in.who.id == reg.who.id);
    CHECK(in.token != reg.token);
    auto who = test::must<std::optional<player>>([&](auto h) { acc.resolve(in.token, h); });
    REQUIRE(who);
    CHECK(who->id == reg.who.id);

    // Neither raw token is anywhere in the database files; their hashes are.
    auto disk = slurp(path) + slurp(path + "-wal");
    CHECK(disk.find(in.token) == std::string::npos);
    CHECK(disk.find(reg.token) == std::string::npos);
    CHECK(disk.find("password1") == std::string::npos);
    CHECK(disk.find(token_hash(in.token)) != std::string::npos);

    CHECK(test::must<bool>([&](auto h) { acc.logout(in.token, h); }));
    CHECK_FALSE(test::must<std::optional<player>>([&](auto h) { acc.resolve(in.token, h); }));
    CHECK(test::must<std::optional<player>>([&](auto h) { acc.resolve(reg.token, h); }));  // other session lives
    CHECK_FALSE(test::must<bool>([&](auto h) { acc.logout(in.token, h); }));
    CHECK_FALSE(test::must<std::optional<player>>([&](auto h) { acc.resolve("made-up", h); }));
}

TEST_CASE("auth: log-in rate limiting per name and address, per name, per address") {
    test::temp_dir dir;
    server::manual_clock clock(1700000000000);
    auto s = test::open_store(dir.file("k.db"));
    accounts acc(*s, fast(clock));
    test::must<session>([&](auto h) { acc.register_account("carol", "password1", "", {}, h); });
    auto login = [&](const std::string& name, const std::string& pw, const std::string& from) {
        return test::get<session>([&](auto h) { acc.login(name, pw, from, h); });
    };
    for (int i = 0; i < 5; ++i)
        CHECK(login("carol", "nope-nope", "10.0.0.1").reason() == "wrong username or password");
    // That address is blocked for that name, even with the right password...
    auto blocked = login("Carol", "password1", "10.0.0.1");
    REQUIRE_FALSE(blocked.ok());
    CHECK(blocked.reason().find("too many") != std::string::npos);
    // ...but a stranger's guesses do not lock the owner out at home (review F9).
    CHECK(login("carol", "password1", "10.9.9.9").ok());
    // Spread over many addresses, 20 log-ins in all lock the name everywhere.
    for (int i = 0; i < 14; ++i) login("carol", "nope-nope", "10.1.0." + std::to_string(i / 4));
    CHECK(login("carol", "password1", "10.9.9.9").reason().find("too many") != std::string::npos);
    clock.advance(std::chrono::milliseconds(15 * 60 * 1000 + 1));  // the window passes
    CHECK(login("carol", "password1", "10.9.9.9").ok());

    // Per address: 20 failures spread over many names block that address only.
    for (int i = 0; i < 20; ++i) login("user" + std::to_string(i), "whatever1", "6.6.6.6");
    CHECK(login("carol", "password1", "6.6.6.6").reason().find("too many") != std::string::npos);
    CHECK(login("carol", "password1", "7.7.7.7").ok());

    // Names no account can have are refused before they are counted (review F3).
    for (int i = 0; i < 40; ++i)
        login(std::string(65, 'x') + std::to_string(i), "whatever1", "5.5.5.5");
    CHECK(login("carol", "password1", "5.5.5.5").ok());
}

TEST_CASE("auth: right log-ins are budgeted too: each costs a hash (review F4)") {
    test::temp_dir dir;
    server::manual_clock clock(1700000000000);
    auto s = test::open_store(dir.file("k.db"));
    accounts acc(*s, fast(clock));
    test::must<session>([&](auto h) { acc.register_account("gina", "password1", "", {}, h); });
    test::must<session>([&](auto h) { acc.register_account("hugo", "password1", "", {}, h); });
    auto login = [&](const std::string& name, const std::string& from) {
        return test::get<session>([&](auto h) { acc.login(name, "password1", from, h); });
    };
    for (int i = 0; i < 20; ++i) REQUIRE(login("gina", "4.4.4." + std::to_string(i % 3)).ok());
    CHECK(login("gina", "4.4.4.9").reason().find("too many") != std::string::npos);
    CHECK(login("hugo", "4.4.4.9").ok());  // another account is not held up
    clock.advance(std::chrono::milliseconds(15 * 60 * 1000 + 1));
    CHECK(login("gina", "4.4.4.9").ok());
}

TEST_CASE("auth: a full limiter forgets counts that block nothing before any lock (review F3)") {
    rate_limiter limiter(100);
    const rate_limit five{5, 60000};
    for (int i = 0; i < 5; ++i) limiter.failure("user:victim", five, 1000);
    REQUIRE(limiter.wait_ms("user:victim", five, 1000) > 0);
    // A flood of junk keys from many addresses, far more than the table holds.
    for (int i = 0; i < 5000; ++i) limiter.failure("ip:junk" + std::to_string(i), five, 2000);
    CHECK(limiter.size() <= 100);
    CHECK(limiter.wait_ms("user:victim", five, 2000) > 0);  // still locked
    CHECK(limiter.wait_ms("ip:junk4999", five, 2000) == 0);
}

TEST_CASE("auth: a guest who registers keeps their games and their token") {
    test::temp_dir dir;
    server::manual_clock clock(1700000000000);
    auto s = test::open_store(dir.file("k.db"));
    accounts acc(*s, fast(clock));
    // A guest stored the way the server stores one once it plays.
    auto token = new_token();
    auto guest = test::must<session>([&](auto h) { acc.store_guest(guest_name(), token, h); });
    CHECK(guest.who.guest());
    CHECK(guest.who.name.starts_with("Guest-"));
    CHECK(guest.token == token);
    auto other =
        test::must<session>([&](auto h) { acc.store_guest(guest_name(), new_token(), h); });
    auto g = s->start_game({{"oware", 0, 0, false, false, ""}, {guest.who.id, other.who.id}, 1, ""}, nullptr);
    test::must<end_summary>([&](auto h) { s->end_game({g, game_status::finished, 0, "won", 2}, h); });

    auto reg = test::must<session>(
        [&](auto h) { acc.register_account("dave", "password1", "", guest.token, h); });
    CHECK(reg.who.id == guest.who.id);
    CHECK_FALSE(reg.who.guest());
    auto prof =
        test::must<std::optional<profile>>([&](auto h) { s->profile_of("dave", 10, 0, h); });
    REQUIRE(prof);
    REQUIRE(prof->recent.size() == 1);
    CHECK(prof->recent[0].id == g);
    CHECK(prof->recent[0].seats[0].name == "dave");
    auto old = test::must<std::optional<player>>([&](auto h) { acc.resolve(guest.token, h); });
    REQUIRE(old);
    CHECK(old->name == "dave");
    // The account's token cannot adopt anything again.
    auto again = test::get<session>([&](auto h) { acc.register_account("eve", "password1", "", reg.token, h); });
    CHECK_FALSE(again.ok());
}

TEST_CASE("auth: parallel guesses cannot outrun the limit; sign-ups are limited per address") {
    test::temp_dir dir;
    server::manual_clock clock(1700000000000);
    auto s = test::open_store(dir.file("k.db"));
    accounts acc(*s, fast(clock));
    test::must<session>([&](auto h) { acc.register_account("frank", "password1", "8.8.8.8", {}, h); });
    // Ten guesses fired at once, none awaited before the next is made.
    std::vector<std::future<core::result<session>>> answers;
    for (int i = 0; i < 10; ++i) {
        auto p = std::make_shared<std::promise<core::result<session>>>();
        answers.push_back(p->get_future());
        acc.login("frank", "guess" + std::to_string(i) + "xyz", "9.9.9.9",
                  [p](core::result<session> r) { p->set_value(std::move(r)); });
    }
    int wrong = 0, limited = 0;
    for (auto& f : answers) {
        auto r = f.get();
        REQUIRE_FALSE(r.ok());
        (r.reason() == "wrong username or password" ? wrong : limited)++;
    }
    CHECK(wrong == 5);
    CHECK(limited == 5);

    for (int i = 0; i < 4; ++i)
        CHECK(test::get<session>([&](auto h) {
                  acc.register_account("user_" + std::to_string(i), "password1", "8.8.8.8", {}, h);
              }).ok());
    auto sixth = test::get<session>([&](auto h) { acc.register_account("user_9", "password1", "8.8.8.8", {}, h); });
    REQUIRE_FALSE(sixth.ok());
    CHECK(sixth.reason().find("too many sign-ups") != std::string::npos);
    CHECK(test::get<session>([&](auto h) { acc.register_account("user_9", "password1", "8.8.4.4", {}, h); }).ok());
}
