// /api/tournaments and /api/tournament/<id>[/games]: the events from the
// store (upcoming, running, finished), one event's settings and standings
// (the score and sheet each result stored with it), and its games, one JSON
// object per line. POST /api/tournaments: an account creates an arena or a
// Swiss event. A Swiss event's standings carry its tie-breaks, computed
// from its stored pairings as its service computes them (swiss_event).
#include <algorithm>
#include <map>

#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "auth/accounts.hpp"
#include "domain/person_text.hpp"
#include "play/stored_player.hpp"
#include "protocol/out_tournament.hpp"
#include "store/store.hpp"
#include "store/tournament_store.hpp"
#include "tournament/arena_service.hpp"
#include "tournament/arena_settings.hpp"
#include "tournament/swiss_event.hpp"
#include "tournament/swiss_service.hpp"
#include "tournament/swiss_settings.hpp"

namespace kibitz::server::api {

namespace {

constexpr int max_open_per_account = 3;  // unfinished events one account may have created

// `players` below 0: not counted (the list leaves the count out).
json view_json(const storage::tournament_row& r, int players) {
    auto j = to_json(tournament::view_of(r, r.status, players));
    if (players < 0) j.erase("players");
    return j;
}

// The stored standings: best score first, ties share a rank.
json standings_json(std::vector<storage::tournament_entry> entries) {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto& a, const auto& b) { return a.score > b.score; });
    json out = json::array();
    int rank = 0, place = 0, last = -1;
    for (const auto& e : entries) {
        ++place;
        if (e.score != last) rank = place, last = e.score;
        out.push_back({{"rank", rank},
                       {"player", user_json(e.who)},
                       {"score", e.score},
                       {"sheet", e.sheet},
                       {"withdrawn", e.withdrawn},
                       {"paused", e.paused}});
    }
    return out;
}

// A Swiss event's standings from its record: the service's own computation.
json swiss_standings_json(const storage::tournament_record& t) {
    tournament::swiss_event ev(t.row);
    std::vector<player_ptr> players;
    std::map<std::string, json> users;  // public id -> the stored player's form
    for (const auto& e : t.entries) {
        players.push_back(player_from_stored(e.who, ""));
        users[players.back()->id] = user_json(e.who);
    }
    ev.restore(t, players);
    json out = json::array();
    for (const auto& s : ev.standings()) {
        json row = to_json(s);
        row["player"] = users[s.player.value("id", std::string())];
        row["withdrawn"] = s.state == "withdrawn";
        out.push_back(std::move(row));
    }
    return out;
}

json result_json(const std::optional<int>& r) {
    if (!r) return nullptr;
    if (*r == storage::result_draw) return "draw";
    if (*r == storage::result_void) return "void";
    return *r == 0 ? "seat0" : "seat1";
}

api_response failed(const std::string& what, const std::string& why) {
    spdlog::error("api tournaments: {}: {}", what, why);
    return error_response(500, "internal", "the tournaments could not be read");
}

}  // namespace

void get_tournaments(api_context& ctx, api_reply reply) {
    ctx.tournament_store->list_tournaments(
        20, [reply = std::move(reply)](core::result<std::vector<storage::tournament_row>> r) {
            if (!r) return reply(failed("list", r.reason()));
            json out = {{"upcoming", json::array()},
                        {"running", json::array()},
                        {"finished", json::array()}};
            for (const auto& t : r.value()) {
                const char* key = t.status == "created"   ? "upcoming"
                                  : t.status == "started" ? "running"
                                                          : "finished";
                auto view = view_json(t, -1);
                // A private event is reached by its link, never listed (review F8).
                if (view.value("private", false)) continue;
                out[key].push_back(std::move(view));
            }
            reply(json_response(200, out));
        });
}

void get_tournament(std::string id, bool games, api_context& ctx, api_reply reply) {
    ctx.tournament_store->tournament(
        std::move(id), [games, reply = std::move(reply)](
                           core::result<std::optional<storage::tournament_record>> r) {
            if (!r) return reply(failed("one", r.reason()));
            if (!r.value())
                return reply(error_response(404, "not_found", "no tournament with that id"));
            const auto& t = *r.value();
            if (!games) {
                auto about = view_json(t.row, static_cast<int>(t.entries.size()));
                const bool swiss = t.row.settings.kind == "swiss";
                if (swiss) {
                    int round = 0;
                    for (const auto& p : t.pairings) round = std::max(round, p.round);
                    about["round"] = round;
                }
                return reply(json_response(
                    200,
                    {{"tournament", std::move(about)},
                     {"standings", swiss ? swiss_standings_json(t) : standings_json(t.entries)}}));
            }
            // One line a game, oldest first (application/x-ndjson).
            std::map<storage::player_id, std::string> names;
            for (const auto& e : t.entries) names[e.who.id] = e.who.name;
            api_response out;
            out.content_type = "application/x-ndjson; charset=utf-8";
            for (const auto& p : t.pairings) {
                json line = {{"id", p.room},
                             {"round", p.round},
                             {"players", {names[p.seats[0]], names[p.seats[1]]}},
                             {"berserk", {p.berserk[0], p.berserk[1]}},
                             {"result", result_json(p.result)},
                             {"plies", p.plies}};
                out.body += dump_json(line) + "\n";
            }
            reply(std::move(out));
        });
}

void post_tournament(const api_request& req, const json& body, api_context& ctx, api_reply reply) {
    std::string token = bearer(req.authorization);
    if (token.empty() || token.size() > 256)
        return reply(error_response(401, "missing_token",
                                    "send the session token as Authorization: Bearer <token>"));
    storage::tournament_settings s;
    try {
        // Cleaned as every text a person writes for others (review F12); a
        // name that is blank once cleaned, or over 64 characters, is refused.
        s.name = person_text(body.at("name").get<std::string>(), 64).value_or("");
        s.game_id = body.at("game").get<std::string>();
        s.initial_ms = body.at("tc").at("initial_s").get<std::int64_t>() * 1000;
        s.increment_ms = body.at("tc").at("increment_s").get<std::int64_t>() * 1000;
        s.kind = body.value("kind", std::string("arena"));
        if (s.kind == "swiss") {
            // Checked before they are multiplied or narrowed.
            const auto rounds = body.at("rounds").get<std::int64_t>();
            const auto interval_s = body.value("interval_s", std::int64_t{60});
            if (rounds < 1 || rounds > tournament::max_swiss_rounds || interval_s < 0 ||
                interval_s > tournament::max_round_interval_ms / 1000)
                return reply(error_response(400, "bad_tournament",
                                            "1.." + std::to_string(tournament::max_swiss_rounds) +
                                                " rounds, a round interval of 0..86400 s"));
            s.rounds = static_cast<int>(rounds);
            s.round_interval_ms = interval_s * 1000;
        } else {
            const auto minutes = body.at("minutes").get<std::int64_t>();
            if (minutes < 0 || minutes > 100'000)
                return reply(
                    error_response(400, "bad_tournament", "a duration of 1..1440 whole minutes"));
            s.duration_ms = minutes * 60'000;
        }
        s.rated = body.value("rated", false);
        const auto in_s = body.value("starts_in_s", std::int64_t{0});
        if (in_s < 0 || in_s > 40LL * 24 * 3600)
            return reply(error_response(400, "bad_request", "starts_in_s out of range"));
        s.starts_ms = ctx.clock.now_ms() + in_s * 1000;
        if (auto code = body.value("code", std::string()); !code.empty()) {
            // Six characters at least: a short code is guessed (review F8).
            if (code.size() < 6 || code.size() > 32)
                return reply(
                    error_response(400, "bad_request", "an entry code of 6..32 characters"));
            s.extra = dump_json({{"code", code}});
        }
    } catch (const std::exception&) {
        return reply(error_response(400, "bad_request",
                                    "send {name, game, tc: {initial_s, increment_s}, minutes "
                                    "(an arena) or kind: swiss, rounds, interval_s, "
                                    "starts_in_s, rated, code}"));
    }
    const bool swiss = s.kind == "swiss";
    if (auto why = swiss ? tournament::check_swiss(s, ctx.clock.now_ms())
                         : tournament::check_arena(s, ctx.clock.now_ms()))
        return reply(error_response(400, "bad_tournament", *why));
    auto* events = ctx.tournament_store;
    // Either service creates (stored, then served on its strand).
    std::function<void(storage::tournament_settings, tournament::arena_service::created)> create;
    if (swiss && ctx.swiss)
        create = [svc = ctx.swiss](auto s, auto done) {
            svc->create(std::move(s), std::move(done));
        };
    else if (!swiss && ctx.tournaments)
        create = [svc = ctx.tournaments](auto s, auto done) {
            svc->create(std::move(s), std::move(done));
        };
    if (!create) return reply(error_response(503, "unavailable", "tournaments need a database"));
    ctx.accounts->resolve(
        std::move(token), [events, create, s = std::move(s), reply = std::move(reply)](
                              core::result<std::optional<storage::player>> r) mutable {
            if (!r) return reply(failed("session", r.reason()));
            if (!r.value())
                return reply(error_response(401, "bad_token", "no such session: log in again"));
            if (r.value()->guest())
                return reply(
                    error_response(403, "account_required", "guests cannot create tournaments"));
            s.created_by = r.value()->id;
            events->list_tournaments(
                1, [create, s = std::move(s), reply = std::move(reply)](
                       core::result<std::vector<storage::tournament_row>> l) mutable {
                    if (!l) return reply(failed("list", l.reason()));
                    const auto mine =
                        std::count_if(l.value().begin(), l.value().end(), [&](const auto& t) {
                            return t.status != "finished" && t.settings.created_by == s.created_by;
                        });
                    if (mine >= max_open_per_account)
                        return reply(error_response(409, "too_many_tournaments",
                                                    "finish your open tournaments first"));
                    create(std::move(s), [reply = std::move(reply)](
                                             core::result<storage::tournament_row> made) {
                        if (!made)
                            return reply(error_response(400, "bad_tournament", made.reason()));
                        reply(json_response(201, {{"tournament", view_json(made.value(), 0)}}));
                    });
                });
        });
}

}  // namespace kibitz::server::api
