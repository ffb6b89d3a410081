// The puzzle service (puzzles.hpp): set-up, the HTTP questions, and each
// solver's standing. Solving itself is puzzles_solve.cpp.
#include "puzzle/puzzles.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

namespace kibitz::server {

namespace net = boost::asio;

puzzles::puzzles(net::io_context& ioc, storage::puzzle_store* store, puzzles_config cfg)
    : strand_(net::make_strand(ioc)), store_(store), cfg_(std::move(cfg)) {}

void puzzles::load(const std::vector<storage::puzzle_row>& rows) {
    for (const auto& row : rows) {
        puzzle_entry e{row.id,
                       row.game,
                       row.position,
                       row.moves,
                       {row.rating.r, row.rating.rd, row.rating.vol},
                       row.themes,
                       row.before,
                       row.last_move};
        if (auto ok = puzzle_attempt::start(e); !ok) {
            spdlog::warn("puzzles: {} left out: {}", row.id, ok.reason());
            continue;
        }
        if (!e.last_move.empty() && lead_in_json(e).is_null()) {
            spdlog::warn("puzzles: {}: its last move {} does not lead to it; not shown", row.id,
                         e.last_move);
            e.before.clear();
            e.last_move.clear();
        }
        auto& list = by_game_[row.game];
        by_id_[row.id] = {row.game, list.size()};
        plays_[row.id] = row.plays;
        list.push_back(std::move(e));
    }
}

puzzle_entry* puzzles::find(const std::string& id) {
    auto it = by_id_.find(id);
    if (it == by_id_.end()) return nullptr;
    return &by_game_[it->second.first][it->second.second];
}

nlohmann::json puzzles::public_json(const puzzle_entry& p) const {
    auto plays = plays_.find(p.id);
    nlohmann::json j = {{"id", p.id},
                        {"game", p.game},
                        {"position", p.position},
                        {"moves", p.moves},
                        {"rating", static_cast<int>(std::lround(p.rating.r))},
                        {"themes", p.themes},
                        {"plays", plays == plays_.end() ? 0 : plays->second}};
    if (!p.last_move.empty()) {
        j["last_move"] = p.last_move;
        j["before"] = p.before;
    }
    return j;
}

void puzzles::describe(puzzle_query q, puzzle_answer h) {
    net::post(strand_, [self = shared_from_this(), q = std::move(q), h = std::move(h)] {
        std::vector<nlohmann::json> out;
        if (q.what == puzzle_query::kind::by_id) {
            if (auto* p = self->find(q.key)) out.push_back(self->public_json(*p));
        } else if (auto it = self->by_game_.find(q.key); it != self->by_game_.end()) {
            const auto& list = it->second;
            if (q.what == puzzle_query::kind::of_game)
                for (const auto& p : list) out.push_back(self->public_json(p));
            else if (!list.empty())
                out.push_back(self->public_json(
                    list[daily_index(q.key, self->cfg_.clock.now_ms(), list.size())]));
        }
        h(std::move(out));
    });
}

void puzzles::message(const player_ptr& who, const peer_ref& p, const puzzle_cmd_msg& m,
                      std::optional<std::int64_t> ack, const std::string& type) {
    net::post(strand_,
              [self = shared_from_this(), r = request{who, p, m, ack, type}] { self->handle(r); });
}

void puzzles::fail(const request& r, std::string code, std::string message) const {
    send_to(r.peer, error_frame({std::move(code), std::move(message)}, r.type, r.ack));
}

puzzles::solver& puzzles::solver_of(const std::string& key) {
    auto [it, added] = solvers_.try_emplace(key);
    if (added) {
        solver_order_.push_back(key);
        // The oldest go first; a stored player's standing comes back from the store.
        while (solvers_.size() > std::max<std::size_t>(1, cfg_.max_solvers)) {
            solvers_.erase(solver_order_.front());
            solver_order_.pop_front();
        }
    }
    return solvers_[key];
}

void puzzles::with_standing(const request& r, const std::string& game, std::function<void()> then) {
    const auto key = r.who->key();
    if (!store_ || !r.who->row) {
        // A guest kept in memory only: from the default rating.
        solver_of(key).games.try_emplace(game);
        return then();
    }
    // A stored solver's standing is read every time: in a cluster another
    // node may have rated a try of theirs since.
    std::weak_ptr<puzzles> weak = shared_from_this();
    store_->puzzle_solver_of(
        r.who->row, game,
        [weak, key, game, r, then = std::move(then)](core::result<storage::puzzle_solver> got) {
            auto self = weak.lock();
            if (!self) return;
            net::post(self->strand_, [self, key, game, r, then, got = std::move(got)] {
                if (!got) {
                    spdlog::warn("puzzles: the standing of {}: {}", key, got.reason());
                    return self->fail(r, "unavailable", "your puzzle rating could not be read");
                }
                // What this node knows and the store may not have yet (a
                // streak being written) is kept; the rating is the store's.
                auto& st = self->solver_of(key).games[game];
                if (const auto& v = got.value().rating) st.rating = {v->r, v->rd, v->vol};
                st.seen.insert(got.value().seen.begin(), got.value().seen.end());
                st.best_streak = std::max(st.best_streak, got.value().best_streak);
                then();
            });
        });
}

void puzzles::handle(const request& r) {
    const auto& m = r.m;
    switch (m.action) {
    case puzzle_action::next:
        if (!by_game_.count(m.game))
            return fail(r, "unknown_game", "no puzzles for '" + m.game + "'");
        return with_standing(r, m.game, [this, r] { next(r); });
    case puzzle_action::streak:
        if (!by_game_.count(m.game))
            return fail(r, "unknown_game", "no puzzles for '" + m.game + "'");
        return with_standing(r, m.game, [this, r] { streak(r); });
    case puzzle_action::open: {
        auto* p = find(m.id);
        if (!p) return fail(r, "unknown_puzzle", "no puzzle '" + m.id + "'");
        return with_standing(r, p->game, [this, r] { show(r, r.m.id); });
    }
    case puzzle_action::move:
        return move(r);
    case puzzle_action::solution:
        return solution(r);
    }
}

std::size_t daily_index(const std::string& game, std::int64_t now_ms, std::size_t count) {
    if (count == 0) return 0;
    const std::int64_t day = now_ms >= 0 ? now_ms / 86400000 : (now_ms + 1) / 86400000 - 1;
    // FNV-1a over "<game>:<day>": the same on every build and every node.
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : game + ":" + std::to_string(day)) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return static_cast<std::size_t>(h % count);
}

}  // namespace kibitz::server
