// GET /api/games/<id>/analysis: the computer's stored review of a finished
// game (made on request over the WebSocket, `review.request`):
// {"status": "done", "analysis": {...}}, or {"status": "none", "analysis": null}
// while there is none; 404 only for a game that does not exist. <id> is the
// public id or, for a game that is not private, its row key (as GET /api/games/<id>).
#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "store/store.hpp"

namespace kibitz::server::api {

namespace {

// The stored analysis of a game found; runs on a store thread.
void answer_analysis(storage::store* store, storage::game_key key, api_reply reply) {
    store->analysis_of(key, [reply](core::result<std::optional<std::string>> a) {
        if (!a) return reply(error_response(500, "internal", "internal error"));
        // Not analysed yet is an ordinary answer about a game that exists:
        // 200 with the status, so that the page asks without an error.
        if (!a.value())
            return reply(json_response(200, {{"status", "none"}, {"analysis", nullptr}}));
        reply(json_response(
            200, {{"status", "done"}, {"analysis", json::parse(*a.value(), nullptr, false)}}));
    });
}

void by_public_id(storage::store* store, std::string id, api_reply reply) {
    store->game_by_public_id(
        std::move(id),
        [store, reply = std::move(reply)](core::result<std::optional<storage::game_record>> r) {
            if (!r) {
                spdlog::error("api analysis: {}", r.reason());
                return reply(error_response(500, "internal", "internal error"));
            }
            if (!r.value())
                return reply(error_response(404, "unknown_game", "no game with that id"));
            answer_analysis(store, r.value()->summary.id, reply);
        });
}

}  // namespace

void get_analysis(std::string id, api_context& ctx, api_reply reply) {
    auto* store = ctx.store;
    if (!store) return reply(error_response(503, "no_database", "the database is closing"));
    auto key = game_key_of(id);
    if (!key) return by_public_id(store, std::move(id), std::move(reply));
    // Row keys are guessable: a private game is found only by its public id.
    store->game(*key, [store, id = std::move(id), reply = std::move(reply)](
                          core::result<std::optional<storage::game_record>> r) mutable {
        if (r && r.value() && !r.value()->summary.settings.is_private)
            return answer_analysis(store, r.value()->summary.id, reply);
        by_public_id(store, std::move(id), std::move(reply));
    });
}

}  // namespace kibitz::server::api
