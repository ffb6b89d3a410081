// /api/learn/progress: the lessons an account has finished, so that progress
// follows the player from browser to browser. Guests keep theirs in the
// browser (the client's localStorage), so the store holds no guest's lessons.
#include <algorithm>
#include <chrono>
#include <map>

#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "auth/accounts.hpp"
#include "kibitz/core/registry.hpp"
#include "store/store.hpp"

namespace kibitz::server::api {

namespace {

// Far more than every lesson of every game: the cap only bounds what one
// account can make the store keep.
constexpr std::size_t max_lessons_per_player = 1000;

bool lesson_id_ok(const std::string& id) {
    return !id.empty() && id.size() <= 48 && std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
           });
}

json progress_json(const std::vector<storage::lesson_done>& done) {
    json by_game = json::object();
    for (const auto& d : done) by_game[d.game_id].push_back(d.lesson);
    return {{"done", by_game}};
}

void record(storage::store* store, wall_clock clock, const storage::player& who, std::string game,
            std::string lesson, api_reply reply) {
    store->lessons_of(who.id, [store, clock, who, game = std::move(game),
                               lesson = std::move(lesson), reply = std::move(reply)](
                                  core::result<std::vector<storage::lesson_done>> r) mutable {
        if (!r) {
            spdlog::error("api learn: {}", r.reason());
            return reply(error_response(500, "internal", "the progress could not be read"));
        }
        if (r.value().size() >= max_lessons_per_player)
            return reply(error_response(409, "too_many_lessons", "no more lessons can be recorded"));
        store->record_lesson(who.id, game, lesson, clock.now_ms(),
                             [reply = std::move(reply)](core::result<bool> added) {
                                 if (!added) {
                                     spdlog::error("api learn: {}", added.reason());
                                     return reply(error_response(500, "internal", "the progress could not be saved"));
                                 }
                                 reply(json_response(200, {{"recorded", added.value()}}));
                             });
    });
}

}  // namespace

void learn_progress(const api_request& req, const json& body, api_context& ctx, api_reply reply) {
    std::string token = bearer(req.authorization);
    if (token.empty() || token.size() > 256)
        return reply(error_response(401, "missing_token",
                                    "send the session token as Authorization: Bearer <token>"));
    std::string game, lesson;
    bool post = req.method == "POST";
    if (post) {
        auto g = body.find("game"), l = body.find("lesson");
        if (g == body.end() || !g->is_string() || l == body.end() || !l->is_string())
            return reply(error_response(400, "bad_request", "send {\"game\": <id>, \"lesson\": <id>}"));
        game = g->get<std::string>();
        lesson = l->get<std::string>();
        if (!core::find_game(game)) return reply(error_response(400, "unknown_game", "no such game"));
        if (!lesson_id_ok(lesson))
            return reply(error_response(400, "bad_lesson", "a lesson id is 1..48 of a-z, 0-9, - and _"));
    }
    auto* store = ctx.store;
    ctx.accounts->resolve(std::move(token), [store, clock = ctx.clock, post, game = std::move(game),
                                             lesson = std::move(lesson), reply = std::move(reply)](
                                                core::result<std::optional<storage::player>>
                                                    r) mutable {
        if (!r) {
            spdlog::error("api learn: {}", r.reason());
            return reply(error_response(500, "internal", "the session could not be checked"));
        }
        if (!r.value())
            return reply(error_response(401, "bad_token", "no such session: log in again"));
        const auto& who = *r.value();
        if (who.guest())
            return reply(error_response(403, "account_required",
                                        "guests keep their lesson progress in their browser"));
        if (post)
            return record(store, clock, who, std::move(game), std::move(lesson), std::move(reply));
        store->lessons_of(who.id, [reply = std::move(reply)](core::result<std::vector<storage::lesson_done>> d) {
            if (!d) {
                spdlog::error("api learn: {}", d.reason());
                return reply(error_response(500, "internal", "the progress could not be read"));
            }
            reply(json_response(200, progress_json(d.value())));
        });
    });
}

}  // namespace kibitz::server::api
