#include "play/room/review.hpp"

#include <algorithm>
#include <chrono>

#include <spdlog/spdlog.h>

#include "engine/engine_pool.hpp"
#include "kibitz/core/registry.hpp"
#include "play/hub.hpp"
#include "play/room/start_position.hpp"
#include "protocol/out_engine.hpp"
#include "store/store.hpp"

namespace kibitz::server {

using json = nlohmann::json;

namespace {

// A forced result counts as this many hundredths in the graph and the losses.
constexpr int decided_cp = 3000;
// Loss thresholds, in hundredths of one unit of the game (a man, a seed...).
constexpr int inaccuracy = 40, mistake = 90, blunder = 200;

void send_error(const peer_ref& to, std::string code, std::string message) {
    send_to(to, error_frame({std::move(code), std::move(message)}, "review.request"));
}

}  // namespace

struct reviewer::task {
    std::string id;
    storage::game_key key = 0;
    std::string game_id;
    std::vector<std::string> moves;
    std::vector<int> movers;                 // seat of each move
    std::unique_ptr<core::game> at;          // the position being searched
    std::vector<json> evals;                 // one per position searched so far
    std::vector<peer_ref> watchers;          // under reviewer::mu_
};

void reviewer::request(std::string public_id, peer_ref to) {
    auto* store = hub_.deps().store;
    if (!store || !hub_.deps().engine)
        return send_error(to, "not_available", "analysis needs the database and the engine");
    {
        std::lock_guard lock(mu_);
        if (auto it = running_.find(public_id); it != running_.end()) {
            it->second->watchers.push_back(to);
            return;
        }
    }
    auto self = shared_from_this();
    store->game_by_public_id(public_id, [self, store, to, public_id](
                                            core::result<std::optional<storage::game_record>> r) {
        if (!r || !r.value()) return send_error(to, "unknown_game", "no game with that id");
        const auto& g = *r.value();
        if (g.summary.status != storage::game_status::finished)
            return send_error(to, "not_finished", "only a finished game can be analysed");
        store->analysis_of(g.summary.id, [self, to, g, public_id](
                                             core::result<std::optional<std::string>> a) {
            if (a && a.value()) {
                // Made once: served from the store, never searched again.
                json stored = json::parse(*a.value(), nullptr, false);
                return send_to(to, encode(review_done_msg{public_id, std::move(stored), true}));
            }
            self->begin(g, to);
        });
    });
}

void reviewer::begin(const storage::game_record& g, peer_ref to) {
    const auto* info = core::find_game(g.summary.settings.game_id);
    if (!info || !info->think) return send_error(to, "not_available", "no engine for this game");
    auto t = std::make_shared<task>();
    t->id = g.summary.public_id;
    t->key = g.summary.id;
    t->game_id = g.summary.settings.game_id;
    t->at = game_at_start(*info, g.summary.settings.start_position);
    for (const auto& m : g.moves) {
        t->moves.push_back(m.notation);
        t->movers.push_back(m.seat);
    }
    t->watchers.push_back(to);
    {
        std::lock_guard lock(mu_);
        if (auto it = running_.find(t->id); it != running_.end()) {
            it->second->watchers.push_back(to);  // started meanwhile by someone else
            return;
        }
        running_[t->id] = t;
    }
    search_next(t);
}

// Searches the position after t->evals.size() moves, then the next, on the
// pool; the answer arrives on a pool thread and goes on from there.
void reviewer::search_next(std::shared_ptr<task> t) {
    const std::size_t ply = t->evals.size();
    if (ply > 0) t->at->play(t->at->parse_move(t->moves[ply - 1]).value());
    const auto st = t->at->current_status();
    if (st.over() || t->at->move_count() == 0) {
        // The end: its value is the result itself.
        int cp = st.kind == core::status_kind::win ? (st.winner == 0 ? decided_cp : -decided_cp) : 0;
        t->evals.push_back({{"ply", ply}, {"cp", cp}});
        return complete(t);
    }
    engine_pool::job j;
    j.owner = "review:" + t->id;
    j.game = t->at->clone();
    j.limits.nodes = hub_.config().review_nodes;
    j.limits.score_forced_move = true;  // a forced capture's position has a value too
    const int to_move = t->at->to_move();
    auto self = shared_from_this();
    j.done = [self, t, ply, to_move](engine_pool::outcome r) {
        if (!r) {
            spdlog::warn("review {}: stopped at ply {}: {}", t->id, ply, r.reason());
            std::lock_guard lock(self->mu_);
            for (auto& w : t->watchers) send_error(w, "stopped", "the analysis was interrupted");
            self->running_.erase(t->id);
            return;
        }
        const auto& rep = r.value();
        int cp = core::engine::is_decided(rep.score)
                     ? (rep.score > 0 ? decided_cp : -decided_cp)
                     : std::clamp(rep.score, -decided_cp + 1, decided_cp - 1);
        json e = {{"ply", ply}, {"cp", to_move == 0 ? cp : -cp}, {"best", rep.text}};
        if (core::engine::is_decided(rep.score)) e["end_in"] = std::abs(core::engine::plies_to_end(rep.score));
        t->evals.push_back(std::move(e));
        self->tell(t, encode(review_progress_msg{t->id, t->evals.size(), t->moves.size() + 1}));
        if (t->evals.size() > t->moves.size()) return self->complete(t);
        self->search_next(t);
    };
    if (!hub_.deps().engine->submit(std::move(j))) {
        std::lock_guard lock(mu_);
        for (auto& w : t->watchers) send_error(w, "server_busy", "the engine is busy: try again later");
        running_.erase(t->id);
    }
}

void reviewer::complete(std::shared_ptr<task> t) {
    json analysis = judge(t->evals, t->moves, t->movers);
    analysis["nodes"] = hub_.config().review_nodes;
    auto self = shared_from_this();
    auto* store = hub_.deps().store;
    auto finish = [self, t, analysis](bool) {
        self->tell(t, encode(review_done_msg{t->id, analysis, false}));
        std::lock_guard lock(self->mu_);
        self->running_.erase(t->id);
    };
    if (!store) return finish(false);
    store->save_analysis(t->key, analysis.dump(), hub_.config().clock.now_ms(),
                         [finish](core::result<bool> r) { finish(r && r.value()); });
}

void reviewer::tell(const std::shared_ptr<task>& t, const std::shared_ptr<const std::string>& f) {
    std::lock_guard lock(mu_);
    for (auto& w : t->watchers) send_to(w, f);
}

json reviewer::judge(const std::vector<json>& evals, const std::vector<std::string>& moves,
                     const std::vector<int>& movers) {
    json marks = json::array();
    struct tally {
        int inaccuracies = 0, mistakes = 0, blunders = 0, moves = 0;
        long loss = 0;
    } seats[2];
    for (std::size_t i = 0; i < moves.size() && i + 1 < evals.size(); ++i) {
        const int seat = movers[i];
        const int before = evals[i]["cp"], after = evals[i + 1]["cp"];
        // Seat 0 wants the score high, seat 1 low.
        const int loss = std::clamp(seat == 0 ? before - after : after - before, 0, 1000);
        const std::string best = evals[i].value("best", "");
        json m = {{"ply", i + 1}, {"move", moves[i]}, {"seat", seat}, {"loss", loss}};
        auto& s = seats[seat];
        ++s.moves;
        s.loss += loss;
        if (best != moves[i] && loss >= inaccuracy) {
            const char* kind = loss >= blunder ? "blunder" : loss >= mistake ? "mistake" : "inaccuracy";
            m["mark"] = kind;
            m["better"] = best;
            ++(loss >= blunder ? s.blunders : loss >= mistake ? s.mistakes : s.inaccuracies);
        }
        marks.push_back(std::move(m));
    }
    json summary = json::array();
    for (int seat = 0; seat < 2; ++seat) {
        const auto& s = seats[seat];
        summary.push_back({{"seat", seat},
                           {"inaccuracies", s.inaccuracies},
                           {"mistakes", s.mistakes},
                           {"blunders", s.blunders},
                           {"average_loss", s.moves ? s.loss / s.moves : 0}});
    }
    return {{"evals", evals}, {"moves", marks}, {"summary", summary}};
}

}  // namespace kibitz::server
