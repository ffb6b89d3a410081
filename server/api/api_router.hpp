#pragma once
// The HTTP JSON API under /api/ (schema/protocol.md, "HTTP API"): accounts
// (register, log in, log out), profiles, leaderboards, game records and their
// export, recent games. Transport-free: http_session turns a Beast request
// into an api_request and writes the api_response back on its own strand.
//
// Threading: handle_api returns at once. `reply` runs exactly once, either
// before handle_api returns (validation errors) or later on a store or hash
// pool thread, so the caller must post back to its executor before writing.
// Nothing here touches SQLite directly; every query goes through storage::store
// or auth::accounts, which run it on their own threads.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "domain/wall_clock.hpp"
#include "push/endpoint.hpp"

namespace kibitz::server {
namespace storage {
class notification_store;
class store;
class tournament_store;
class token_store;
class puzzle_store;
}  // namespace storage
namespace auth {
class accounts;
class api_tokens;
}  // namespace auth
namespace tournament {
class arena_service;
class swiss_service;
}  // namespace tournament
class hub;
class puzzle_desk;
namespace relation {
class blocks;
}
namespace report {
class reports;
}
}  // namespace kibitz::server

namespace kibitz::server::api {

class line_feed;
class stream_caps;

// Web Push's part of the API (api_push.cpp, docs/push.md): the server's key
// and the accounts' subscriptions. Off (503) without a database.
struct push_api {
    storage::notification_store* store = nullptr;
    std::string public_key;  // the VAPID key, base64url of the uncompressed point
    push::subscription_rules rules;
    int max_per_account = 10;
    boost::asio::any_io_executor lookups;  // where endpoint names are resolved
};

// What the API reads and writes through: the store and the accounts, owned by
// app; null when the server runs without a database (answers 503 then) or once
// it is shutting down.
struct api_context {
    storage::store* store = nullptr;
    auth::accounts* accounts = nullptr;
    wall_clock clock;  // the app's (server_config::clock)
    storage::tournament_store* tournament_store = nullptr;  // the same store's events
    tournament::arena_service* tournaments = nullptr;       // creates arenas
    tournament::swiss_service* swiss = nullptr;             // creates Swiss events
    auth::api_tokens* tokens = nullptr;                     // personal API tokens (issue 26)
    storage::token_store* token_store = nullptr;  // the same store's tokens and bots
    // The bot and board APIs (api_bot_play.cpp): the play layer they act in,
    // the connection ids they share with the sockets (net_context::next_conn),
    // and the caps on open streams.
    std::weak_ptr<hub> play;
    std::atomic<std::uint64_t>* next_conn = nullptr;
    std::shared_ptr<stream_caps> streams;
    push_api push;
    puzzle_desk* puzzles = nullptr;  // the puzzle service (GET /api/puzzle...)
    storage::puzzle_store* puzzle_store = nullptr;  // puzzle histories (the profile's dashboard)
    // The catalogues the web client ships (net/page_language.hpp): the
    // languages an account may choose.
    std::vector<std::string> languages{"en"};
    relation::blocks* blocks = nullptr;  // blocks between accounts (api_relations.cpp)
    report::reports* reports = nullptr;  // reports about players (api_relations.cpp)
};

struct api_request {
    std::string method;         // "GET", "HEAD", "POST", ...
    std::string target;         // raw request target, "/api/players/ada?x=1"
    std::string content_type;   // the Content-Type header, as sent
    std::string authorization;  // the Authorization header, as sent
    std::string body;           // already capped by the HTTP layer (max_body)
    std::string address;        // client IP, the key for rate limiting
};

struct api_response {
    int status = 200;
    std::string content_type = "application/json; charset=utf-8";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;  // extra ones
    // A streamed answer (one JSON object per line, schema/bot_api.md): the
    // HTTP layer keeps the connection and writes what this feed gives it.
    std::shared_ptr<line_feed> feed;
};

using api_reply = std::function<void(api_response)>;

// Request bodies above this are refused with 413 before they are read whole.
inline constexpr std::size_t max_body = 8 * 1024;

// True for targets this router answers ("/api" and "/api/...").
bool is_api_target(std::string_view target);

// `ctx` outlives every operation (app owns it); its pointers go null at shutdown.
void handle_api(api_request req, api_context& ctx, api_reply reply);

// {"error": code, "message": text} with the given status.
api_response error_response(int status, std::string_view code, std::string_view message);

// A 400 with that error code and message.
api_response bad_request(std::string_view code, std::string_view message);

}  // namespace kibitz::server::api
