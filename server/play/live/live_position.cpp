// A live game's mini board in wire form (play/live/live_position.hpp), for the
// live lists, TV and the cluster's bus. Pure functions, any thread.
#include "play/live/live_position.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "kibitz/core/registry.hpp"

namespace kibitz::server {

using steady = std::chrono::steady_clock;

json live_board_shape(const std::string& game) {
    // The same in every game of that id: built once per id for the process
    // (several servers may share it in tests).
    static std::mutex mu;
    static std::map<std::string, json, std::less<>> shapes;
    std::lock_guard lock(mu);
    auto it = shapes.find(game);
    if (it == shapes.end()) {
        json b = to_json(core::find_game(game)->new_game()->view(), true);
        for (const char* k : {"pieces", "moves", "to_move"}) b.erase(k);
        it = shapes.emplace(game, std::move(b)).first;
    }
    return it->second;
}

void put_live_position(json& out, const live_position& p, steady::time_point now) {
    auto b = live_board_of(p, now);
    out["board"] = std::move(b.board);
    out["last"] = std::move(b.last);
    out["clocks"] = std::move(b.clocks);
}

live_board live_board_of(const live_position& p, steady::time_point now) {
    core::board_view v;
    v.pieces = p.pieces;
    v.to_move = p.to_move;
    live_board out;
    out.board = to_json(v, false);
    out.board.erase("moves");
    out.last = p.last_path.empty() ? json(nullptr)
                                   : json{{"path", p.last_path}, {"affected", p.last_affected}};
    auto c = p.clocks;
    if (c) {
        // Read when the move was played; sent up to a batch period later.
        auto gone = std::chrono::duration_cast<std::chrono::milliseconds>(now - p.read_at).count();
        gone = std::max<std::int64_t>(0, gone);
        if (c->running == 0 || c->running == 1)
            c->ms[c->running] = std::max<std::int64_t>(0, c->ms[c->running] - gone);
        if (c->first_move_ms)
            c->first_move_ms = std::max<std::int64_t>(0, *c->first_move_ms - gone);
    }
    out.clocks = to_json(c);
    return out;
}

}  // namespace kibitz::server
