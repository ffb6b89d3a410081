// The puzzles over HTTP (issue 27; schema/protocol.md, "HTTP API"):
// GET /api/puzzles/{game} every puzzle of a game, one JSON object a line;
// GET /api/puzzle/{id} one; GET /api/puzzle/daily/{game} the game's puzzle
// of the UTC day. Asked of the puzzle service, which answers on its strand.
#include "api/api_internal.hpp"
#include "kibitz/core/registry.hpp"
#include "play/puzzle_desk.hpp"
#include "protocol/percent_decode.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::api {

namespace {
// The line is the answer: served here, anyone could read the solution of the
// puzzle they have open, then play it for rating (security review F11). The
// solver sees it on the puzzle page after a try (`puzzle.solution`); the
// HTTP API says only how long it is.
void without_line(json& puzzle) {
    auto moves = puzzle.find("moves");
    if (moves == puzzle.end()) return;
    puzzle["plies"] = moves->size();
    puzzle.erase(moves);
}
}  // namespace

bool is_puzzle_route(const std::vector<std::string_view>& seg) {
    if (seg.empty()) return false;
    if (seg[0] == "puzzles") return seg.size() == 2;
    return seg[0] == "puzzle" && (seg.size() == 2 || (seg.size() == 3 && seg[1] == "daily"));
}

void puzzle_routes(const api_request& req, const std::vector<std::string_view>& seg,
                   api_context& ctx, api_reply reply) {
    if (req.method != "GET" && req.method != "HEAD") {
        auto r = error_response(405, "method_not_allowed", "use GET, HEAD");
        r.headers.emplace_back("Allow", "GET, HEAD");
        return reply(std::move(r));
    }
    if (!ctx.puzzles) return reply(error_response(503, "unavailable", "no puzzles here"));
    auto key = percent_decode(seg.back());
    if (!key || key->empty() || key->size() > 64)
        return reply(error_response(400, "bad_id", "bad game or puzzle id in the path"));
    puzzle_query q{puzzle_query::kind::by_id, *key};
    if (seg[0] == "puzzles" || seg.size() == 3) {
        if (!core::find_game(*key))
            return reply(error_response(404, "unknown_game", "no such game"));
        q.what = seg[0] == "puzzles" ? puzzle_query::kind::of_game : puzzle_query::kind::daily;
    }
    ctx.puzzles->describe(std::move(q), [what = q.what, reply](std::vector<json> found) {
        for (auto& p : found) without_line(p);
        if (what == puzzle_query::kind::of_game) {
            api_response out;
            out.content_type = "application/x-ndjson; charset=utf-8";
            for (const auto& p : found) out.body += dump_json(p) + "\n";
            return reply(std::move(out));
        }
        if (found.empty()) return reply(error_response(404, "not_found", "no such puzzle"));
        reply(json_response(200, found.front()));
    });
}

}  // namespace kibitz::server::api
