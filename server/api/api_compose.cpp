// POST /api/position/compose: the position editor's "Done". The page sends
// only what stands where and whose turn it is; the game's rules core turns
// that into a position (game_info::compose) or says, for the player, why it
// can't be one. An accepted board is answered as POST /api/position answers
// its position text, so the analysis board continues from it unchanged.
#include "api/api_internal.hpp"
#include "kibitz/core/registry.hpp"

namespace kibitz::server::api {

namespace {

constexpr std::size_t max_pieces = 200;  // the largest board has 98 cells

// A whole number field of a piece, or `fallback` when absent; false when it is
// present but not a small whole number (the rules core checks the range).
bool small_int(const json& j, const char* key, int fallback, int& out) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        out = fallback;
        return true;
    }
    if (!it->is_number_integer()) return false;
    auto v = it->get<long long>();
    if (v < -1000 || v > 1000) return false;
    out = static_cast<int>(v);
    return true;
}

// The body's pieces as the core's; an empty string on success, else what is wrong.
std::string read_pieces(const json& list, core::composition& c) {
    if (!list.is_array() || list.size() > max_pieces)
        return "pieces must be a list of at most 200 {\"at\", \"owner\", \"kind\"}";
    for (const auto& p : list) {
        if (!p.is_object()) return "every piece is an object {\"at\", \"owner\", \"kind\"}";
        auto at = p.find("at"), kind = p.find("kind");
        if (at == p.end() || !at->is_string() || at->get<std::string>().size() > 32 ||
            kind == p.end() || !kind->is_string() || kind->get<std::string>().size() > 32)
            return "every piece names its cell \"at\" and its \"kind\" (short texts)";
        core::piece x{at->get<std::string>(), 0, kind->get<std::string>()};
        if (!small_int(p, "owner", 0, x.owner) || !small_int(p, "hp", 0, x.hit_points) ||
            !small_int(p, "count", 0, x.count))
            return "owner, hp and count are whole numbers";
        c.pieces.push_back(std::move(x));
    }
    return {};
}

}  // namespace

api_response post_compose(const json& body) {
    if (!body.contains("game") || !body["game"].is_string())
        return bad_request("bad_request", "say which game: {\"game\": <a catalogue id>, ...}");
    const auto* info = core::find_game(body["game"].get<std::string>());
    if (!info) return bad_request("unknown_game", "no such game");
    core::composition c;
    if (!small_int(body, "to_move", 0, c.to_move))
        return bad_request("bad_request", "to_move is a seat: 0 or 1");
    if (auto why = read_pieces(body.value("pieces", json::array()), c); !why.empty())
        return bad_request("bad_request", why);
    auto composed = info->compose(c);
    if (!composed) return bad_request("bad_position", composed.reason());
    return post_position({{"game", info->id}, {"position", composed.value()->position_text()}});
}

}  // namespace kibitz::server::api
