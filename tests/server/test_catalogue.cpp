// The game catalogue: the one list of games, on the wire as documented in
// schema/protocol.md, and everything built from it (metrics, export, the API).
#include <doctest/doctest.h>

#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "api/api_router.hpp"
#include "kibitz/core/registry.hpp"
#include "observe/metrics.hpp"
#include "protocol/catalogue.hpp"
#include "store/export.hpp"

using namespace kibitz::server;
namespace core = kibitz::core;
using nlohmann::json;

TEST_CASE("catalogue: one entry per registry game, every field filled") {
    const auto& all = catalogue_json();
    REQUIRE(all.size() == core::all_games().size());
    std::set<std::string> ids;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& g = all[i];
        INFO(g.dump());
        CHECK(g["id"] == core::all_games()[i].id);
        ids.insert(g["id"].get<std::string>());
        for (const char* key : {"name", "summary", "layout", "agreed_end", "notation_hint"})
            CHECK(!g[key].get<std::string>().empty());
        REQUIRE(g["sides"].size() == 2);
        CHECK(g["sides"][0]["name"] != g["sides"][1]["name"]);
        CHECK(g["sides"][0]["colour"].get<std::string>().starts_with("#"));
        CHECK((g["export"]["dialect"] == "pdn" || g["export"]["dialect"] == "text"));
        CHECK(!g["export"]["extension"].get<std::string>().empty());
        // The position editor's pieces: the kinds the start position shows, at least.
        REQUIRE(!g["piece_kinds"].empty());
        std::set<std::string> kinds;
        for (const auto& k : g["piece_kinds"]) {
            CHECK(!k["name"].get<std::string>().empty());
            kinds.insert(k["kind"].get<std::string>());
        }
        for (const auto& p : core::all_games()[i].new_game()->view().pieces)
            CHECK(kinds.count(p.kind) == 1);
        // A game's layout is a board shape, never its own id.
        CHECK(g["layout"] != g["id"]);
        // The board a game draws is the one its entry names.
        auto game = core::all_games()[i].new_game();
        CHECK(game->view().layout == g["layout"].get<std::string>());
    }
    CHECK(ids.size() == all.size());
}

TEST_CASE("catalogue: the example in protocol.md is what the server sends") {
    std::ifstream in(std::string(KIBITZ_SOURCE_DIR) + "/schema/protocol.md");
    REQUIRE(in.good());
    std::stringstream text;
    text << in.rdbuf();
    auto doc = text.str();
    auto at = doc.find("### The game catalogue");
    REQUIRE(at != std::string::npos);
    auto open = doc.find("```json\n", at);
    auto close = doc.find("```", open + 8);
    auto example = json::parse(doc.substr(open + 8, close - open - 8));
    REQUIRE(example["games"].size() >= 1);
    CHECK(example["games"][0] == catalogue_json()[0]);
}

TEST_CASE("metrics: rooms are counted for every game in the catalogue") {
    metrics stats;
    CHECK(stats.game_count == core::all_games().size());
    for (const auto& g : core::all_games()) stats.room_opened(g.id, +2);
    stats.room_opened(core::all_games().back().id, -1);
    for (const auto& g : core::all_games()) {
        CHECK(stats.rooms_of(g.id) == (&g == &core::all_games().back() ? 1 : 2));
        CHECK(stats.render().find("kibitz_rooms{game=\"" + std::string(g.id) + "\"}") !=
              std::string::npos);
    }
    CHECK(stats.rooms_of("no-such-game") == -1);
}

TEST_CASE("export: the dialect and extension come from the catalogue") {
    for (const auto& g : core::all_games()) {
        kibitz::server::storage::game_record r;
        r.summary.settings.game_id = std::string(g.id);
        auto text = kibitz::server::storage::export_game(r);
        bool pdn = g.about.dialect == core::export_dialect::pdn;
        CHECK((text.find("[GameType \"21\"]") != std::string::npos) == pdn);
        CHECK(text.find(std::string(g.about.name)) != std::string::npos);
        CHECK(kibitz::server::storage::export_extension(g.id) == g.about.extension);
    }
}

TEST_CASE("api: GET /api/games answers the catalogue, even without a database") {
    kibitz::server::api::api_context ctx{};
    std::optional<kibitz::server::api::api_response> got;
    kibitz::server::api::handle_api({"GET", "/api/games", "", "", "", "127.0.0.1"}, ctx,
                                    [&](auto r) { got = std::move(r); });
    REQUIRE(got);
    CHECK(got->status == 200);
    CHECK(json::parse(got->body)["games"] == catalogue_json());
    // With ?recent the same path still lists recent games (which need the database).
    got.reset();
    kibitz::server::api::handle_api({"GET", "/api/games?recent=5", "", "", "", "127.0.0.1"}, ctx,
                                    [&](auto r) { got = std::move(r); });
    REQUIRE(got);
    CHECK(got->status == 503);
}
