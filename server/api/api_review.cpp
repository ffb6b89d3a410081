// GET /api/games/<public id>/analysis: the computer's stored review of a
// finished game (made on request over the WebSocket, `review.request`).
#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "store/store.hpp"

namespace kibitz::server::api {

void get_analysis(std::string id, api_context& ctx, api_reply reply) {
    auto* store = ctx.store;
    if (!store) return reply(error_response(503, "no_database", "the database is closing"));
    store->game_by_public_id(std::move(id), [store, reply = std::move(reply)](
                                                core::result<std::optional<storage::game_record>>
                                                    r) {
        if (!r) {
            spdlog::error("api analysis: {}", r.reason());
            return reply(error_response(500, "internal", "internal error"));
        }
        if (!r.value()) return reply(error_response(404, "unknown_game", "no game with that id"));
        store->analysis_of(
            r.value()->summary.id, [reply](core::result<std::optional<std::string>> a) {
                if (!a) return reply(error_response(500, "internal", "internal error"));
                if (!a.value())
                    return reply(error_response(404, "not_analysed",
                                                "no computer analysis of this game yet"));
                reply(json_response(200, {{"analysis", json::parse(*a.value(), nullptr, false)}}));
            });
    });
}

}  // namespace kibitz::server::api
