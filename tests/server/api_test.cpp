// The HTTP JSON API over real loopback sockets, against a real SQLite file in
// a temporary directory. Games are recorded straight through the store API, so
// these tests do not depend on how rooms record their games.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <thread>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "api/api_router.hpp"
#include "app.hpp"
#include "auth/accounts.hpp"
#include "auth/token.hpp"
#include "auth/username.hpp"
#include "helpers.hpp"
#include "kibitz/core/registry.hpp"
#include "rating/rated_games.hpp"
#include "store/sqlite_store.hpp"

#include "api_fixture.hpp"

namespace {

storage::player make_account(storage::store& s, const std::string& name) {
    // A stored hash no password matches: these players never log in.
    return must<storage::player>(
        [&](auto h) { s.create_account(name, "$argon2id$none", std::nullopt, 1, h); });
}

storage::game_key record_game(storage::store& s, const std::string& game, storage::player a,
                              storage::player b, bool rated, std::vector<std::string> moves,
                              storage::game_status status, int winner, std::string reason,
                              std::int64_t ended_ms = 90000) {
    storage::game_settings set{game, 300000, 2000, rated, false, ""};
    kibitz::server::rating::rated_games rules(s);  // the server's rules on rated play
    auto key = rules.start_game({set, {a.id, b.id}, 1000, ""}, nullptr);
    std::int64_t clocks[2] = {300000, 300000};
    for (std::size_t i = 0; i < moves.size(); ++i) {
        int seat = static_cast<int>(i % 2);
        clocks[seat] -= 1000;
        must<bool>([&](auto h) {
            s.append_move(key, {static_cast<int>(i), seat, moves[i], {clocks[0], clocks[1]},
                                2000 + static_cast<std::int64_t>(i) * 1000},
                          h);
        });
    }
    must<storage::end_summary>(
        [&](auto h) { rules.end_game({key, status, winner, reason, ended_ms}, h); });
    return key;
}

}  // namespace

TEST_CASE("api: register, log in, log out") {
    api_server srv;
    auto r = post(srv.port, "/api/register", {{"username", "ada"}, {"password", "correct horse"}});
    REQUIRE(r.status == 200);
    CHECK(r.header("Content-Type").find("application/json") == 0);
    CHECK(r.header("Cache-Control") == "no-store");
    auto j = r.j();
    CHECK(j["user"]["name"] == "ada");
    CHECK(j["user"]["guest"] == false);
    std::string token1 = j["token"];
    CHECK(token1.size() >= 16);

    // Unique case-insensitively.
    r = post(srv.port, "/api/register", {{"username", "ADA"}, {"password", "another one"}});
    CHECK(r.status == 409);
    CHECK(r.j()["error"] == "name_taken");
    r = post(srv.port, "/api/register", {{"username", "x"}, {"password", "long enough"}});
    CHECK(r.status == 400);
    CHECK(r.j()["error"] == "bad_username");
    r = post(srv.port, "/api/register", {{"username", "bob"}, {"password", "short"}});
    CHECK(r.status == 400);
    CHECK(r.j()["error"] == "weak_password");

    r = post(srv.port, "/api/login", {{"username", "Ada"}, {"password", "correct horse"}});
    REQUIRE(r.status == 200);
    std::string token2 = r.j()["token"];
    CHECK(token2 != token1);
    CHECK(r.j()["user"]["name"] == "ada");

    // Log out by bearer header, then by body; a second log-out finds nothing.
    r = post(srv.port, "/api/logout", json::object(), {{"Authorization", "Bearer " + token2}});
    CHECK(r.status == 200);
    CHECK(r.j()["ended"] == true);
    r = post(srv.port, "/api/logout", {{"token", token1}});
    CHECK(r.status == 200);
    CHECK(r.j()["ended"] == true);
    r = post(srv.port, "/api/logout", {{"token", token1}});
    CHECK(r.status == 200);
    CHECK(r.j()["ended"] == false);
    r = post(srv.port, "/api/logout", json::object());
    CHECK(r.status == 400);
    CHECK(r.j()["error"] == "missing_token");

    // The fifth sign-up attempt from one address in an hour is the last allowed.
    r = post(srv.port, "/api/register", {{"username", "cy"}, {"password", "long enough"}});
    CHECK(r.status == 400);  // 5th attempt: too short a name, but counted
    r = post(srv.port, "/api/register", {{"username", "cyd"}, {"password", "long enough"}});
    CHECK(r.status == 429);
    CHECK(r.j()["error"] == "rate_limited");
}

TEST_CASE("api: a guest who registers keeps their identity") {
    api_server srv;
    // A guest stored the way the server stores one once it plays.
    auto p = std::make_shared<std::promise<kibitz::core::result<auth::session>>>();
    srv.app->context().api.accounts->store_guest(auth::guest_name(), auth::new_token(),
                                                 [p](auto r) { p->set_value(std::move(r)); });
    auto guest = p->get_future().get();
    REQUIRE(guest.ok());
    auto other = make_account(*srv.store, "opponent");
    auto key = record_game(*srv.store, "oware", guest.value().who, other, false, {"c", "f"},
                           storage::game_status::finished, 1, "resigned");
    auto r = post(srv.port, "/api/register",
                  {{"username", "newbie"}, {"password", "long enough"}, {"guest_token", guest.value().token}});
    REQUIRE(r.status == 200);
    CHECK(r.j()["user"]["id"] == "u-" + std::to_string(guest.value().who.id));  // same number
    auto prof = get(srv.port, "/api/players/newbie").j();
    REQUIRE(prof["recent"].size() == 1);
    CHECK(prof["recent"][0]["id"] == std::to_string(key));
    CHECK(prof["recent"][0]["players"][0] == "newbie");
    // guest_token null is the same as none.
    r = post(srv.port, "/api/register",
             {{"username", "plain"}, {"password", "long enough"}, {"guest_token", nullptr}});
    CHECK(r.status == 200);
}

TEST_CASE("api: a guest's name opens its profile and games; a game not analysed yet is 200") {
    api_server srv;
    auto p = std::make_shared<std::promise<kibitz::core::result<auth::session>>>();
    srv.app->context().api.accounts->store_guest(auth::guest_name(), auth::new_token(),
                                                 [p](auto r) { p->set_value(std::move(r)); });
    auto guest = p->get_future().get();
    REQUIRE(guest.ok());
    auto other = make_account(*srv.store, "opponent");
    auto older = record_game(*srv.store, "oware", guest.value().who, other, false, {"c", "f"},
                             storage::game_status::finished, 1, "resigned");
    auto newer = record_game(*srv.store, "oware", other, guest.value().who, false, {"c", "f"},
                             storage::game_status::finished, 1, "resigned");
    const auto name = guest.value().who.name;
    auto prof = get(srv.port, "/api/players/" + name);
    REQUIRE(prof.status == 200);
    auto j = prof.j();
    CHECK(j["guest"] == true);
    CHECK(j["name"] == name);
    REQUIRE(j["recent"].size() == 2);
    CHECK(j["recent"][0]["id"] == std::to_string(newer));
    CHECK(j["results"][0]["wins"] == 1);  // won the newer game as seat 1
    CHECK(j["results"][0]["losses"] == 1);
    // The next page: only the older game; a bad cursor is refused.
    auto page = get(srv.port, "/api/players/" + name + "?before=" + std::to_string(newer)).j();
    REQUIRE(page["recent"].size() == 1);
    CHECK(page["recent"][0]["id"] == std::to_string(older));
    CHECK(get(srv.port, "/api/players/" + name + "?before=x").status == 400);

    auto a = get(srv.port, "/api/games/" + std::to_string(older) + "/analysis");
    CHECK(a.status == 200);
    CHECK(a.j()["status"] == "none");
    CHECK(a.j()["analysis"].is_null());
    CHECK(get(srv.port, "/api/games/999999/analysis").status == 404);
}

TEST_CASE("api: wrong password, then rate limiting") {
    api_server srv;
    REQUIRE(post(srv.port, "/api/register", {{"username", "bob"}, {"password", "right password"}}).status == 200);
    for (int i = 0; i < 5; ++i) {
        auto r = post(srv.port, "/api/login", {{"username", "bob"}, {"password", "wrong password"}});
        CHECK(r.status == 401);
        CHECK(r.j()["error"] == "bad_login");
    }
    auto unknown = post(srv.port, "/api/login", {{"username", "nobody"}, {"password", "whatever1"}});
    CHECK(unknown.status == 401);  // same answer as a wrong password
    auto r = post(srv.port, "/api/login", {{"username", "bob"}, {"password", "right password"}});
    CHECK(r.status == 429);
    CHECK(r.j()["error"] == "rate_limited");
}

TEST_CASE("api: malformed requests") {
    api_server srv;
    auto bad = call(srv.port, http::verb::post, "/api/login", std::string("{\"username\": "));
    CHECK(bad.status == 400);
    CHECK(bad.j()["error"] == "bad_json");
    CHECK(call(srv.port, http::verb::post, "/api/login", std::string("[1,2]")).status == 400);
    CHECK(call(srv.port, http::verb::post, "/api/login", std::string("")).status == 400);
    auto typed = post(srv.port, "/api/login", {{"username", 5}, {"password", "x"}});
    CHECK(typed.status == 400);
    CHECK(typed.j()["error"] == "bad_request");
    auto form = call(srv.port, http::verb::post, "/api/login", std::string("{}"),
                     {{"Content-Type", "application/x-www-form-urlencoded"}});
    CHECK(form.status == 415);
    CHECK(call(srv.port, http::verb::post, "/api/login", std::string("{}"),
               {{"Content-Type", "Application/JSON; charset=utf-8"}}).status == 401);
    auto method = get(srv.port, "/api/login");
    CHECK(method.status == 405);
    CHECK(method.header("Allow") == "POST");
    CHECK(call(srv.port, http::verb::delete_, "/api/players/ada").status == 405);
    auto none = get(srv.port, "/api/nothing/here");
    CHECK(none.status == 404);
    CHECK(none.j()["error"] == "not_found");
    CHECK(get(srv.port, "/api").status == 404);
    CHECK(get(srv.port, "/api//players/ada").status == 404);

    // Over 8 KiB: refused from the header, before the body is read.
    {
        net::io_context ioc;
        beast::tcp_stream stream(ioc);
        stream.expires_after(5s);
        stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), srv.port));
        std::string head = "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           "Content-Length: 100000\r\n\r\n";
        net::write(stream, net::buffer(head));
        beast::flat_buffer buf;
        http::response<http::string_body> res;
        http::read(stream, buf, res);
        CHECK(res.result_int() == 413);
        CHECK(json::parse(res.body())["error"] == "too_large");
    }
    std::string big(9000, ' ');
    big = "{\"username\": \"a\", \"password\": \"" + std::string(9000, 'p') + "\"}";
    auto r = call(srv.port, http::verb::post, "/api/login", big);
    CHECK((r.status == 413 || r.status == 0));  // 0: the server cut the unread body short
    // The server still answers.
    CHECK(get(srv.port, "/healthz").body == "ok\n");
}

TEST_CASE("api: profile, leaderboard, game, export and recent games") {
    api_server srv;
    auto& s = *srv.store;
    auto ann = make_account(s, "ann"), ben = make_account(s, "ben");
    // Enough rated games that both ratings settle (RD <= 110): two moves each
    // and a day apart, as the rules against rating farming want of rated games.
    const std::vector<std::string> four = {"m1", "m2", "m3", "m4"};
    constexpr std::int64_t day = 24ll * 3600 * 1000;
    storage::game_key first = 0;
    for (int i = 0; i < 30; ++i) {
        bool ann_first = i % 2;
        int ann_seat = ann_first ? 0 : 1;
        auto k = record_game(s, "opprimo", ann_first ? ann : ben, ann_first ? ben : ann, true, four,
                             storage::game_status::finished, i % 3 ? ann_seat : 1 - ann_seat,
                             "resigned", 90000 + i * day);
        if (i == 0) first = k;
    }
    auto cat = make_account(s, "cat");
    record_game(s, "opprimo", cat, ann, true, four, storage::game_status::finished, 0, "resigned",
                90000 + 31 * day);
    const std::string nasty = "Robert'); DROP TABLE players;-- \"q\" Ünï ♔ 日本";
    auto guest = must<storage::player>([&](auto h) { s.create_guest(nasty, 1, h); });
    auto key = record_game(s, "checkers", guest, ann, false, {"11-15", "23-19", "8-11"},
                           storage::game_status::finished, 1, "resigned");

    auto lb = get(srv.port, "/api/leaderboard/opprimo?limit=10");
    REQUIRE(lb.status == 200);
    auto lj = lb.j();
    CHECK(lj["game"] == "opprimo");
    REQUIRE(lj["leaders"].size() == 2);  // cat is provisional
    CHECK(lj["leaders"][0]["name"] == "ann");
    CHECK(lj["leaders"][1]["name"] == "ben");
    CHECK(lj["leaders"][0]["provisional"] == false);
    CHECK(lj["leaders"][0]["rating"].get<double>() > lj["leaders"][1]["rating"].get<double>());
    CHECK(get(srv.port, "/api/leaderboard/opprimo?limit=1").j()["leaders"].size() == 1);
    CHECK(get(srv.port, "/api/leaderboard/oware").j()["leaders"].empty());
    auto chess = get(srv.port, "/api/leaderboard/chess");
    CHECK(chess.status == 404);
    CHECK(chess.j()["error"] == "unknown_game");
    CHECK(get(srv.port, "/api/leaderboard/opprimo?limit=abc").status == 400);

    auto prof = get(srv.port, "/api/players/ann");
    REQUIRE(prof.status == 200);
    auto pj = prof.j();
    CHECK(pj["name"] == "ann");
    CHECK(pj["guest"] == false);
    REQUIRE(pj["ratings"].size() == 1);
    CHECK(pj["ratings"][0]["game"] == "opprimo");
    CHECK(pj["ratings"][0]["games"] == 31);
    CHECK(pj["ratings"][0]["provisional"] == false);
    CHECK(pj["ratings"][0]["display"] == std::to_string(pj["ratings"][0]["rating"].get<int>()));
    CHECK(pj["history"].size() == 31);
    CHECK(pj["history"][0]["game"] == "opprimo");
    CHECK(pj["history"][0]["game_key"].is_number_integer());
    CHECK(pj["history"][0]["rating"].is_number_integer());
    // Every finished game counts, rated or not, by rules id.
    CHECK(pj["results"] == json::parse(R"([{"game":"checkers","wins":1,"draws":0,"losses":0},
        {"game":"opprimo","wins":20,"draws":0,"losses":11}])"));
    REQUIRE(pj["recent"].size() > 0);
    CHECK(pj["recent"][0]["id"] == std::to_string(key));  // newest first
    CHECK(pj["recent"][0]["players"][0] == nasty);
    CHECK(pj["recent"][0]["result"] == "White wins");
    auto catj = get(srv.port, "/api/players/CAT").j();  // names are case-insensitive
    CHECK(catj["ratings"][0]["provisional"] == true);
    CHECK(catj["ratings"][0]["display"].get<std::string>().ends_with("?"));

    auto game = get(srv.port, "/api/games/" + std::to_string(key));
    REQUIRE(game.status == 200);
    auto gj = game.j();
    CHECK(gj["id"] == std::to_string(key));
    CHECK(gj["game"] == "checkers");
    CHECK(gj["tc"] == json{{"initial_s", 300}, {"increment_s", 2}});
    CHECK(gj["players"][0]["name"] == nasty);
    CHECK(gj["players"][0]["color"] == "black");
    CHECK(gj["players"][1]["name"] == "ann");
    CHECK(gj["status"] == json{{"state", "over"}, {"winner", 1}, {"reason", "resigned"}});
    CHECK(gj["moves"] == json{"11-15", "23-19", "8-11"});
    REQUIRE(gj["record"].size() == 3);
    CHECK(gj["record"][1]["clock_ms"] == json{299000, 299000});
    CHECK(gj["record"][2]["seat"] == 0);
    REQUIRE(gj["start"].is_object());
    CHECK(gj["start"]["cells"].size() > 0);
    CHECK(gj["start"]["to_move"] == 0);
    REQUIRE(gj["boards"].size() == 3);
    CHECK(gj["boards"][0]["to_move"] == 1);
    CHECK_FALSE(gj["boards"][0].contains("cells"));

    auto exp = get(srv.port, "/api/games/" + std::to_string(key) + "/export");
    REQUIRE(exp.status == 200);
    CHECK(exp.header("Content-Type") == "text/plain; charset=utf-8");
    CHECK(exp.header("Content-Disposition") ==
          "attachment; filename=\"kibitz-checkers-" + std::to_string(key) + ".pdn\"");
    CHECK(exp.body.find("[Black \"Robert'); DROP TABLE players;-- \\\"q\\\" Ünï ♔ 日本\"]") !=
          std::string::npos);
    CHECK(exp.body.find("1. 11-15 23-19 2. 8-11") != std::string::npos);
    CHECK(exp.body.find("[Result \"1-0\"]") != std::string::npos);  // PDN: White's score first

    auto other = get(srv.port, "/api/games/" + std::to_string(first) + "/export");
    CHECK(other.status == 200);
    CHECK(other.header("Content-Disposition").find(".txt\"") != std::string::npos);

    auto recent = get(srv.port, "/api/games?recent=5");
    REQUIRE(recent.status == 200);
    auto rj = recent.j();
    CHECK(rj["games"].size() == 5);
    CHECK(get(srv.port, "/api/games/recent?limit=2").j()["games"].size() == 2);
    CHECK(get(srv.port, "/api/games/recent").j()["games"].size() == 20);  // the default count

    // A private game is reachable by its public (room) id only: row keys are guessable.
    storage::new_game pg{{"oware", 0, 0, false, true, ""}, {ann.id, ben.id}, 5, "Pr1vateRoom"};
    auto pkey = must<storage::game_key>([&](auto h) { s.start_game(pg, h); });
    CHECK(get(srv.port, "/api/games/" + std::to_string(pkey)).status == 404);
    auto priv = get(srv.port, "/api/games/Pr1vateRoom");
    REQUIRE(priv.status == 200);
    CHECK(priv.j()["id"] == "Pr1vateRoom");
    CHECK(priv.j()["key"] == pkey);
    CHECK(priv.j()["status"]["state"] == "playing");
    CHECK(priv.j()["tc"].is_null());
    CHECK(get(srv.port, "/api/games/Pr1vateRoom/export").status == 200);
    CHECK(get(srv.port, "/api/games/pr1vateroom").status == 404);

    auto head = call(srv.port, http::verb::head, "/api/players/ann");
    CHECK(head.status == 200);
    CHECK(head.body.empty());
}

TEST_CASE("api: unknown ids and hostile names are 404s, and data stays data") {
    api_server srv;
    make_account(*srv.store, "ann");
    for (std::string id : {"999999", "0", "007", "-1", "abc", "1e3", "99999999999999999999",
                           "r7Kq2mXa9b", "1%20OR%201=1", "%27"}) {
        CAPTURE(id);
        auto r = get(srv.port, "/api/games/" + id);
        CHECK(r.status == 404);
        CHECK(r.j()["error"] == "unknown_game");
        CHECK(get(srv.port, "/api/games/" + id + "/export").status == 404);
    }
    CHECK(get(srv.port, "/api/games/1/nonsense").status == 404);
    for (std::string name : std::vector<std::string>{"nobody", "%27%20OR%20%271%27%3D%271", "ann%27--", "%E2%99%94%20king",
                             "Robert%27)%3B%20DROP%20TABLE%20accounts%3B--",
                             std::string(300, 'a')}) {
        CAPTURE(name);
        auto r = get(srv.port, "/api/players/" + name);
        CHECK(r.status == 404);
        CHECK(r.j()["error"] == "unknown_player");
    }
    CHECK(get(srv.port, "/api/players/%zz").status == 400);
    CHECK(get(srv.port, "/api/players/a%00b").status == 400);
    // Still all there.
    CHECK(get(srv.port, "/api/players/ann").status == 200);
    // A Unicode name is refused at sign-up with a reason, not mangled.
    auto r = post(srv.port, "/api/register", {{"username", "Ünïcødé"}, {"password", "long enough"}});
    CHECK(r.status == 400);
    CHECK(r.j()["error"] == "bad_username");
    r = post(srv.port, "/api/login", {{"username", "' OR '1'='1"}, {"password", "' OR '1'='1"}});
    CHECK(r.status == 401);
}

TEST_CASE("api: static files, health and hostile paths still work") {
    api_server srv;
    auto index = get(srv.port, "/");
    CHECK(index.status == 200);
    CHECK(index.header("Content-Type").find("text/html") == 0);
    CHECK(get(srv.port, "/js/app.js").status == 200);
    CHECK(get(srv.port, "/healthz").body == "ok\n");
    CHECK(get(srv.port, "/metrics").status == 200);
    for (std::string bad : {"/../secret.txt", "/js/../../secret.txt", "/%2e%2e/secret.txt",
                            "/api/../secret.txt", "/api/..%2f..%2fsecret.txt", "//etc/passwd",
                            "/%00index.html", "/apix/../../secret.txt"}) {
        CAPTURE(bad);
        auto r = get(srv.port, bad);
        CHECK((r.status == 400 || r.status == 404));
        CHECK(r.body.find("SECRET") == std::string::npos);
    }
    CHECK(call(srv.port, http::verb::post, "/index.html", std::string("{}")).status == 405);
}

TEST_CASE("api: without a database the API answers 503") {
    // The router alone, with a context whose store and accounts are null.
    kibitz::server::api::api_context ctx{};
    auto ask = [&](std::string method, std::string target, std::string body = "{}") {
        kibitz::server::api::api_request req{method, target, "application/json", "", body, "127.0.0.1"};
        std::optional<kibitz::server::api::api_response> got;
        kibitz::server::api::handle_api(req, ctx, [&](auto r) { got = std::move(r); });
        REQUIRE(got);  // answered at once: nothing was queued
        return *got;
    };
    CHECK(ask("POST", "/api/login").status == 503);
    CHECK(ask("GET", "/api/players/ann").status == 503);
    CHECK(json::parse(ask("GET", "/api/games/1").body)["error"] == "no_database");
    CHECK(ask("POST", "/api/login", "not json").status == 400);  // validation comes first
    CHECK(ask("GET", "/api/elsewhere").status == 404);
}

TEST_CASE("api: a token from /api/login works in hello; a played game is served by its room id") {
    namespace t = kibitz::test;
    auto dir = fs::temp_directory_path() / ("kibitz-api-e2e-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        t::test_server srv([&](kibitz::server::server_config& c) { c.db = (dir / "k.db").string(); });
        auto r = post(srv.port(), "/api/register", {{"username", "ada"}, {"password", "correct horse"}});
        REQUIRE(r.status == 200);
        t::ws_client a(srv.port()), b(srv.port());
        auto wa = a.hello(r.j()["token"].get<std::string>());
        CHECK(wa["user"]["name"] == "ada");
        CHECK(wa["user"]["id"] == r.j()["user"]["id"]);
        b.hello();
        auto tab = t::pair_by_seek(a, b, "checkers", t::tc(300, 3));
        json board = tab.state_a["d"]["board"];
        std::vector<std::string> played;
        for (int i = 0; i < 2; ++i) {
            int to_move = board["to_move"];
            t::ws_client& mover = to_move == tab.seat_a ? a : b;
            t::ws_client& other = to_move == tab.seat_a ? b : a;
            std::string mv = board["moves"][0]["text"];
            played.push_back(mv);
            mover.send(t::move_msg(tab.room, mv, 10 + i));
            REQUIRE(!mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == 10 + i; }).is_null());
            auto ev = other.expect("move", [&](const json& j) { return j["d"]["ply"] == i + 1; });
            REQUIRE(!ev.is_null());
            board = ev["d"]["board"];
        }
        a.send({{"t", "resign"}, {"d", {{"room", tab.room}, {"ack", 50}}}});
        b.expect("end");
        // The end commits a moment after the event.
        json gj;
        t::eventually([&] {
            gj = get(srv.port(), "/api/games/" + tab.room).j();
            return gj.value("status", json::object()).value("state", "") == "over";
        });
        CHECK(gj["id"] == tab.room);
        CHECK(gj["status"]["state"] == "over");
        CHECK(gj["status"]["winner"] == 1 - tab.seat_a);
        CHECK(gj["moves"] == json(played));
        CHECK(gj["boards"].size() == 2);
        CHECK(gj["players"][tab.seat_a]["name"] == "ada");
        auto recent = get(srv.port(), "/api/games?recent=5").j();
        REQUIRE(recent["games"].size() == 1);
        CHECK(recent["games"][0]["id"] == tab.room);
        auto prof = get(srv.port(), "/api/players/ada").j();
        REQUIRE(prof["recent"].size() == 1);
        CHECK(prof["recent"][0]["id"] == tab.room);
        auto exp = get(srv.port(), "/api/games/" + tab.room + "/export");
        CHECK(exp.status == 200);
        CHECK(exp.body.find("1. " + played[0] + " " + played[1]) != std::string::npos);
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// POST /api/position: the rules core as an oracle (no database needed).
TEST_CASE("api: position — start, a position with moves, goals, and clear errors") {
    api_server srv;
    auto r = post(srv.port, "/api/position", {{"game", "checkers"}});
    REQUIRE(r.status == 200);
    auto j = r.j();
    CHECK(j["board"]["layout"] == "dark_squares8");
    CHECK(j["board"]["moves"].size() == 7);
    CHECK(j["status"]["state"] == "playing");

    json body = {{"game", "checkers"}, {"position", "W:W18:B14"}, {"moves", {"18x9"}},
                 {"goal", {{"play", {"18x9"}}}}};
    j = post(srv.port, "/api/position", body).j();
    CHECK(j["goal_met"] == true);
    CHECK(j["moves"] == json::array({"18x9"}));
    CHECK(j["status"]["reason"] == "no pieces");
    body["goal"] = {{"win", true}};
    CHECK(post(srv.port, "/api/position", body).j()["goal_met"] == true);
    body = {{"game", "oware"}, {"moves", {"c"}}, {"goal", {{"play", {"d"}}}}};
    CHECK(post(srv.port, "/api/position", body).j()["goal_met"] == false);

    r = post(srv.port, "/api/position", {{"game", "checkers"}, {"position", "W:W18:B14"}, {"moves", {"18-15"}}});
    CHECK(r.status == 400);
    CHECK(r.j()["error"] == "illegal");
    CHECK(r.j()["message"].get<std::string>().find("mandatory") != std::string::npos);
    r = post(srv.port, "/api/position", {{"game", "checkers"}, {"position", "nonsense"}});
    CHECK(r.status == 400);
    CHECK(r.j()["error"] == "bad_position");
    CHECK(post(srv.port, "/api/position", {{"game", "chess"}}).j()["error"] == "unknown_game");
    CHECK(post(srv.port, "/api/position", {{"game", "oware"}, {"moves", {1, 2}}}).status == 400);
    CHECK(get(srv.port, "/api/position").status == 405);
}

// POST /api/position/compose, the position editor: for every game, the start
// board sent back piece by piece is the start position, a board with one piece
// fewer (or seeds moved) is accepted, and boards the game can't have are
// refused with the reason, as the player will read it.
TEST_CASE("api: position editor — invalid positions refused with the reason, valid ones accepted, for every game") {
    api_server srv;
    // One board per game that its rules refuse, and the reason they give.
    const std::map<std::string, std::pair<json, std::string>> invalid = {
        {"checkers", {json::array({{{"at", "30"}, {"owner", 0}, {"kind", "man"}},
                                   {{"at", "22"}, {"owner", 1}, {"kind", "man"}}}),
                      "a man on its crowning row (it would be a king)"}},
        {"oferhlyp", {json::array({{{"at", "E7"}, {"owner", 0}, {"kind", "man"}, {"hp", 2}},
                                   {{"at", "D1"}, {"owner", 1}, {"kind", "man"}, {"hp", 1}}}),
                      "no king on the board"}},
        {"opprimo", {json::array({{{"at", "d1-d3-e2"}, {"owner", 0}, {"kind", "king"}},
                                  {{"at", "c4"}, {"owner", 1}, {"kind", "soldier"}}}),
                     "Red has no King"}},
        {"oware", {json::array({{{"at", "a"}, {"kind", "seeds"}, {"count", 47}}}),
                   "pits and stores must hold 48 seeds in all, not 47"}},
        {"ouril", {json::array({{{"at", "a"}, {"kind", "seeds"}, {"count", 47}}}),
                   "pits and stores must hold 48 seeds in all, not 47"}},
    };
    for (const auto& info : kibitz::core::all_games()) {
        const std::string id(info.id);
        CAPTURE(id);
        auto start = post(srv.port, "/api/position", {{"game", id}}).j();
        json pieces = start["board"]["pieces"];
        auto compose = [&](const json& list, int to_move) {
            return post(srv.port, "/api/position/compose",
                        {{"game", id}, {"to_move", to_move}, {"pieces", list}});
        };
        auto same = compose(pieces, 0);
        REQUIRE(same.status == 200);
        CHECK(same.j()["position"] == start["position"]);
        CHECK(same.j()["board"]["moves"] == start["board"]["moves"]);

        // Valid and new: the last piece goes (seeds: its count moves to the first).
        json edited = pieces;
        if (edited.back().contains("count") && edited.front().contains("count")) {
            edited.front()["count"] = edited.front()["count"].get<int>() + edited.back()["count"].get<int>();
            edited.erase(edited.size() - 1);
            if (edited.back().contains("count")) edited.back()["count"] = 0;
        } else {
            // Keep the kings: drop the last piece that is not one.
            for (std::size_t k = edited.size(); k-- > 0;)
                if (edited[k]["kind"] != "king") { edited.erase(k); break; }
        }
        auto changed = compose(edited, 1);
        REQUIRE_MESSAGE(changed.status == 200, changed.body);
        CHECK(changed.j()["position"] != start["position"]);
        CHECK(changed.j()["board"]["to_move"] == 1);
        auto reloaded = post(srv.port, "/api/position", {{"game", id}, {"position", changed.j()["position"]}});
        CHECK(reloaded.j()["board"]["pieces"] == changed.j()["board"]["pieces"]);

        // Invalid: what every game refuses, then what this game's rules refuse.
        json twice = pieces;
        twice.push_back(pieces[0]);
        auto r = compose(twice, 0);
        CHECK(r.status == 400);
        CHECK(r.j()["error"] == "bad_position");
        CHECK(r.j()["message"] == "two pieces on " + pieces[0]["at"].get<std::string>());
        json nowhere = pieces;
        nowhere[0]["at"] = "Z9";
        CHECK(compose(nowhere, 0).j()["message"] == "there is no cell 'Z9' on this board");
        REQUIRE_MESSAGE(invalid.count(id), "no invalid board for " << id << " in this test");
        r = compose(invalid.at(id).first, 0);
        CHECK(r.status == 400);
        CHECK(r.j()["error"] == "bad_position");
        CHECK(r.j()["message"] == invalid.at(id).second);
    }
    // Bodies that are not a board at all.
    auto r = post(srv.port, "/api/position/compose", {{"game", "checkers"}, {"pieces", "all"}});
    CHECK(r.status == 400);
    CHECK(r.j()["error"] == "bad_request");
    r = post(srv.port, "/api/position/compose",
             {{"game", "checkers"}, {"pieces", {{{"at", "11"}, {"kind", "man"}, {"owner", "me"}}}}});
    CHECK(r.j()["error"] == "bad_request");
    CHECK(post(srv.port, "/api/position/compose", {{"game", "chess"}}).j()["error"] == "unknown_game");
    CHECK(post(srv.port, "/api/position/compose", {{"game", "checkers"}, {"to_move", 1.5}}).status == 400);
    CHECK(get(srv.port, "/api/position/compose").status == 405);
}

// Every lesson of every game (web/learn/<game>.json): the intended answer of
// each step meets its goal and a wrong move does not, checked by the server.
TEST_CASE("api: every lesson's answers are accepted and a wrong move is refused") {
    api_server srv;
    for (const auto& info : kibitz::core::all_games()) {
        const std::string id(info.id);
        CAPTURE(id);
        std::ifstream in(std::string(KIBITZ_SOURCE_DIR) + "/web/learn/" + id + ".json");
        REQUIRE_MESSAGE(in.good(), "no web/learn/" << id << ".json");
        json learn = json::parse(in, nullptr, false);
        REQUIRE(!learn.is_discarded());
        CHECK(learn["sections"].size() >= 5);
        REQUIRE(learn["lessons"].size() >= 6);
        for (const auto& lesson : learn["lessons"]) {
            CAPTURE(lesson["id"]);
            json moves = json::array();
            json base = {{"game", id}, {"position", lesson.value("position", json())}};
            for (const auto& step : lesson["steps"]) {
                json goal = step.contains("accept") ? json{{"play", step["accept"]}}
                                                    : json{{"win", true}};
                std::string answer = step.contains("accept") ? step["accept"][0] : step["answer"];
                json ask = base;
                ask["moves"] = moves;
                auto here = post(srv.port, "/api/position", ask).j();
                REQUIRE_MESSAGE(here.contains("board"), here.dump());
                // A wrong move: the first legal one that misses the goal.
                bool refused_one = false;
                for (const auto& m : here["board"]["moves"]) {
                    json wrong = base;
                    wrong["moves"] = moves;
                    wrong["moves"].push_back(m["text"]);
                    wrong["goal"] = goal;
                    if (post(srv.port, "/api/position", wrong).j()["goal_met"] == false) {
                        refused_one = true;
                        break;
                    }
                }
                CHECK_MESSAGE(refused_one, "every legal move meets the goal at " << moves.dump());
                ask["moves"].push_back(answer);
                ask["goal"] = goal;
                auto res = post(srv.port, "/api/position", ask).j();
                CHECK_MESSAGE(res["goal_met"] == true, answer << " after " << moves.dump() << ": "
                                                             << res.dump().substr(0, 300));
                moves.push_back(answer);
                if (step.contains("reply")) moves.push_back(step["reply"]);
            }
            json last = base;
            last["moves"] = moves;
            CHECK_MESSAGE(post(srv.port, "/api/position", last).status == 200,
                          "the scripted replies are legal");
        }
    }
}

// The position editor's check: every game's own texts are accepted, broken
// ones refused with the rules core's reason.
TEST_CASE("api: position texts of every game — valid ones accepted, invalid ones refused with the reason") {
    api_server srv;
    for (const auto& info : kibitz::core::all_games()) {
        const std::string id(info.id);
        CAPTURE(id);
        auto g = info.new_game();
        for (int i = 0; i < 6 && g->move_count(); ++i) g->play(g->move_count() / 2);
        const std::string text = g->position_text();
        auto ok = post(srv.port, "/api/position", {{"game", id}, {"position", text}});
        CHECK(ok.status == 200);
        CHECK(ok.j()["position"] == text);
        for (const std::string& bad : {text.substr(0, text.size() / 2), std::string("x") + text,
                                       text + " extra tokens", std::string("")}) {
            CAPTURE(bad);
            auto r = post(srv.port, "/api/position", {{"game", id}, {"position", bad}});
            CHECK(r.status == 400);
            CHECK(r.j()["error"] == "bad_position");
            CHECK(!r.j()["message"].get<std::string>().empty());
        }
    }
}

TEST_CASE("static files carry a Content-Security-Policy: same origin only, nothing inline") {
    api_server srv;
    auto r = get(srv.port, "/");
    REQUIRE(r.status == 200);
    const auto csp = r.header("Content-Security-Policy");
    CHECK(csp.find("default-src 'self'") != std::string::npos);
    CHECK(csp.find("frame-ancestors 'none'") != std::string::npos);
    CHECK(csp.find("unsafe-inline") == std::string::npos);
    CHECK(get(srv.port, "/js/app.js").header("Content-Security-Policy") == csp);
}

TEST_CASE("api: logging out closes every live connection of that token, and only those") {
    namespace t = kibitz::test;
    auto dir = fs::temp_directory_path() / ("kibitz-api-logout-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        t::test_server srv([&](kibitz::server::server_config& c) { c.db = (dir / "k.db").string(); });
        auto r = post(srv.port(), "/api/register", {{"username", "ada"}, {"password", "correct horse"}});
        REQUIRE(r.status == 200);
        std::string token = r.j()["token"];
        r = post(srv.port(), "/api/login", {{"username", "ada"}, {"password", "correct horse"}});
        REQUIRE(r.status == 200);
        std::string other_device = r.j()["token"];
        // Two tabs with the token, one on another device (another token), one guest.
        t::ws_client tab1(srv.port()), tab2(srv.port()), phone(srv.port()), guest(srv.port());
        CHECK(tab1.hello(token)["user"]["name"] == "ada");
        CHECK(tab2.hello(token)["user"]["name"] == "ada");
        CHECK(phone.hello(other_device)["user"]["name"] == "ada");
        guest.hello();

        r = post(srv.port(), "/api/logout", json::object(), {{"Authorization", "Bearer " + token}});
        CHECK(r.status == 200);
        // Both sockets of that token are closed (1008, "logged out") ...
        CHECK(tab1.wait_closed());
        CHECK(tab1.close_code() == 1008);
        CHECK(tab2.wait_closed());
        CHECK(tab2.close_code() == 1008);
        // ... and can no longer act as the account: the token is stale now.
        t::ws_client again(srv.port());
        again.send({{"t", "hello"}, {"d", {{"token", token}}}});
        CHECK(again.expect("error")["d"]["code"] == "stale_token");
        CHECK(again.expect("welcome")["d"]["user"]["guest"] == true);
        // The other session and the guest go on.
        for (auto* c : {&phone, &guest}) {
            c->send({{"t", "ping"}});
            CHECK(!c->expect("pong").is_null());
        }
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("api: an account's lesson progress is kept on the server; guests keep theirs in the browser") {
    api_server srv;
    auto r = post(srv.port, "/api/register", {{"username", "lea"}, {"password", "correct horse"}});
    REQUIRE(r.status == 200);
    std::map<std::string, std::string> auth = {{"Authorization", "Bearer " + r.j()["token"].get<std::string>()}};
    auto progress = [&] { return call(srv.port, http::verb::get, "/api/learn/progress", std::nullopt, auth); };
    r = progress();
    REQUIRE(r.status == 200);
    CHECK(r.j() == json{{"done", json::object()}});

    r = post(srv.port, "/api/learn/progress", {{"game", "checkers"}, {"lesson", "capture"}}, auth);
    CHECK(r.status == 200);
    CHECK(r.j()["recorded"] == true);
    r = post(srv.port, "/api/learn/progress", {{"game", "checkers"}, {"lesson", "capture"}}, auth);
    CHECK(r.j()["recorded"] == false);  // once is enough
    CHECK(post(srv.port, "/api/learn/progress", {{"game", "oware"}, {"lesson", "sowing"}}, auth).status == 200);
    r = progress();
    CHECK(r.j()["done"] == json{{"checkers", {"capture"}}, {"oware", {"sowing"}}});

    // Logged in again elsewhere: the same progress.
    r = post(srv.port, "/api/login", {{"username", "lea"}, {"password", "correct horse"}});
    auto elsewhere = call(srv.port, http::verb::get, "/api/learn/progress", std::nullopt,
                          {{"Authorization", "Bearer " + r.j()["token"].get<std::string>()}});
    CHECK(elsewhere.j()["done"]["checkers"] == json{"capture"});

    // Refused: no token, a stale one, a guest, bad fields.
    CHECK(get(srv.port, "/api/learn/progress").status == 401);
    CHECK(call(srv.port, http::verb::get, "/api/learn/progress", std::nullopt,
               {{"Authorization", "Bearer nosuchtoken"}}).status == 401);
    // A guest that only said hello is not stored: its token is no session of the store.
    kibitz::test::ws_client g(srv.port);
    g.hello();
    r = call(srv.port, http::verb::get, "/api/learn/progress", std::nullopt,
             {{"Authorization", "Bearer " + g.token}});
    CHECK(r.status == 401);
    // Once stored (a seek), it is a guest's session: still not an account's.
    g.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", nullptr}}}});
    REQUIRE(!g.expect("seek.created").is_null());
    r = call(srv.port, http::verb::get, "/api/learn/progress", std::nullopt,
             {{"Authorization", "Bearer " + g.token}});
    CHECK(r.status == 403);
    CHECK(r.j()["error"] == "account_required");
    CHECK(post(srv.port, "/api/learn/progress", {{"game", "chess"}, {"lesson", "x"}}, auth).j()["error"] == "unknown_game");
    CHECK(post(srv.port, "/api/learn/progress", {{"game", "checkers"}, {"lesson", "../x"}}, auth).j()["error"] == "bad_lesson");
    CHECK(post(srv.port, "/api/learn/progress", {{"game", "checkers"}}, auth).status == 400);
    CHECK(call(srv.port, http::verb::delete_, "/api/learn/progress", std::nullopt, auth).status == 405);
}
