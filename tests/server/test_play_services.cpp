// Unit tests of the play layer's small services (play/hub.hpp): each player's
// connections, the rating cache, the counts and the computer's players. No
// executor: each is a plain thread-safe object.
#include <doctest/doctest.h>

#include <memory>

#include "play/computer_players.hpp"
#include "play/peer.hpp"
#include "play/play_counts.hpp"
#include "play/rating_cache.hpp"
#include "play/session/player_peers.hpp"

using namespace kibitz::server;

namespace {
struct test_peer : peer {
    std::uint64_t id;
    explicit test_peer(std::uint64_t i) : id(i) {}
    void send(std::shared_ptr<const std::string>) override {}
    std::uint64_t conn_id() const override { return id; }
    void end_connection(const std::string&) override {}
};

player_ptr someone(bool guest, std::int64_t row, int rating = 1500) {
    auto p = std::make_shared<player>();
    p->id = guest ? "g-1" : "u-" + std::to_string(row);
    p->guest = guest;
    p->row = row;
    p->rating = rating;
    return p;
}
}  // namespace

TEST_CASE("player_peers: every connection of a player, moved at once to a stored key") {
    player_peers peers;
    auto a = std::make_shared<test_peer>(1), b = std::make_shared<test_peer>(2);
    peers.bind("g-5e8f", 1, a);
    peers.bind("g-5e8f", 2, b);
    CHECK(peers.of("g-5e8f").size() == 2);
    peers.rebind("g-5e8f", "#42");
    CHECK(peers.of("g-5e8f").empty());
    REQUIRE(peers.of("#42").size() == 2);
    CHECK(peers.of("#42").at(2).lock() == b);
    peers.unbind("#42", 1);
    peers.unbind("#42", 2);
    CHECK(peers.of("#42").empty());
    peers.unbind("#42", 2);  // twice: nothing
    peers.rebind("nobody", "#43");
    CHECK(peers.of("#43").empty());
}

TEST_CASE("rating_cache: guests have none, an account 1500 provisional until it has one") {
    rating_cache cache;
    auto guest = someone(true, 0), account = someone(false, 7);
    CHECK_FALSE(cache.of(*guest, "oware"));
    REQUIRE(cache.of(*account, "oware"));
    CHECK(cache.of(*account, "oware")->rating == 1500);
    CHECK(cache.of(*account, "oware")->provisional());
    CHECK(cache.player_json(guest, "oware")["rating"].is_null());
    CHECK(cache.pairing_rating(guest, "oware") == 1500);

    cache.set(7, "oware", {1712.4, 60, 0.06, 40});
    CHECK(cache.player_json(account, "oware")["rating"] == 1712);
    CHECK(cache.player_json(account, "oware")["provisional"] == false);
    CHECK(cache.pairing_rating(account, "oware") == 1712);
    CHECK(cache.pairing_rating(account, "checkers") == 1500);  // another game: its own
    auto all = cache.all_of(7);
    REQUIRE(all.size() == 1);
    CHECK(all.begin()->first == "oware");
    CHECK(cache.all_of(8).empty());
}

TEST_CASE("play_counts: this node's, plus the other nodes' sums") {
    play_counts counts;
    counts.connection_up();
    counts.connection_up();
    counts.connection_down();
    counts.game_started();
    CHECK(counts.online() == 1);
    CHECK(counts.games_in_play() == 1);
    counts.set_elsewhere(10, 4);
    CHECK(counts.online() == 11);
    CHECK(counts.games_in_play() == 5);
    CHECK(counts.online_here() == 1);
    counts.game_over();
    CHECK(counts.games_here() == 0);
    CHECK(counts.games_in_play() == 4);
}

TEST_CASE("computer_players: one per level, the stored ones when all eight are given") {
    computer_players in_memory;
    REQUIRE(in_memory.at(1));
    CHECK(in_memory.at(1)->id == "c-1");
    CHECK(in_memory.at(8)->computer_level == 8);
    CHECK_FALSE(in_memory.at(0));
    CHECK_FALSE(in_memory.at(9));
    std::vector<player_ptr> stored;
    for (int level = 1; level <= 8; ++level) {
        auto p = std::make_shared<player>(*in_memory.at(level));
        p->row = 100 + level;
        stored.push_back(p);
    }
    CHECK(computer_players(stored).at(3)->row == 103);
    stored.pop_back();
    CHECK(computer_players(stored).at(3)->row == 0);  // not all eight: in memory
}
