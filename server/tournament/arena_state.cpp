#include "tournament/arena_state.hpp"

#include <algorithm>

namespace kibitz::server::tournament {

arena_state::arena_state(storage::tournament_row row, arena_rules rules)
    : row_(std::move(row)), rules_(rules) {}

std::string arena_state::status_at(std::int64_t now_ms) const {
    if (row_.status == "finished" || now_ms >= ends_ms()) return "finished";
    if (now_ms >= row_.settings.starts_ms) return "started";
    return "created";
}

void arena_state::restore(const storage::tournament_record& r,
                          const std::vector<player_ptr>& players) {
    for (std::size_t i = 0; i < r.entries.size() && i < players.size(); ++i) {
        const auto& e = r.entries[i];
        auto& en = entrants_[players[i]->key()];
        en.who = players[i];
        en.withdrawn = e.withdrawn;
        en.paused = e.paused;
        en.joined_ms = e.joined_ms;
        en.free_since_ms = e.joined_ms;
    }
    auto key_of = [&](storage::player_id row) { return "#" + std::to_string(row); };
    for (const auto& p : r.pairings) {
        auto& g = games_[p.room];
        g.pairing = p.id;
        g.keys = {key_of(p.seats[0]), key_of(p.seats[1])};
        g.berserk = p.berserk;
        for (int s = 0; s < 2; ++s) {
            auto* e = find(g.keys[s]);
            if (!e) continue;
            e->last_opponent = g.keys[1 - s];
            e->side_balance += s == 0 ? 1 : -1;
            e->last_side = s == 0 ? side::first : side::second;
            e->room = p.room;
            e->free_since_ms.reset();
        }
        if (p.result) {
            apply(p.room, g, *p.result, p.plies);
            for (const auto& k : g.keys)
                if (auto* e = find(k)) e->free_since_ms = p.ended_ms.value_or(p.created_ms);
        }
    }
}

const arena_state::entrant* arena_state::find(const std::string& key) const {
    auto it = entrants_.find(key);
    return it == entrants_.end() ? nullptr : &it->second;
}

arena_state::entrant* arena_state::find(const std::string& key) {
    auto it = entrants_.find(key);
    return it == entrants_.end() ? nullptr : &it->second;
}

void arena_state::enter(const player_ptr& who, int rating, std::int64_t now_ms) {
    auto [it, fresh] = entrants_.try_emplace(who->key());
    auto& e = it->second;
    e.who = who;
    e.rating = rating;
    e.withdrawn = e.paused = false;
    e.away_since_ms.reset();
    if (fresh) e.joined_ms = now_ms;
    if (e.room.empty()) e.free_since_ms = now_ms;
}

void arena_state::set_away(const std::string& key, bool withdrawn, bool paused) {
    if (auto* e = find(key)) {
        e->withdrawn = withdrawn;
        e->paused = paused;
    }
}

std::vector<const arena_state::entrant*> arena_state::ranked() const {
    std::vector<const entrant*> out;
    out.reserve(entrants_.size());
    for (const auto& [key, e] : entrants_) out.push_back(&e);
    std::stable_sort(out.begin(), out.end(), [](const entrant* a, const entrant* b) {
        if (a->score.total != b->score.total) return a->score.total > b->score.total;
        if (a->rating != b->rating) return a->rating > b->rating;
        return a->joined_ms < b->joined_ms;
    });
    return out;
}

std::vector<arena_state::pair_made> arena_state::wave(
    std::int64_t now_ms, std::int64_t delay_ms, std::uint64_t seed,
    const std::function<bool(const std::string&)>& present) {
    std::vector<arena_waiting> waiting;
    int rank = 0, last_score = -1, place = 0;
    for (const auto* e : ranked()) {
        ++place;
        if (e->score.total != last_score) rank = place, last_score = e->score.total;
        if (e->withdrawn || e->paused || !e->room.empty() || !e->free_since_ms) continue;
        if (now_ms - *e->free_since_ms < delay_ms || !present(e->who->key())) continue;
        waiting.push_back({e->who->key(), rank, e->rating, e->last_opponent, e->side_balance,
                           e->last_side, now_ms - *e->free_since_ms});
    }
    if (waiting.size() < 2) return {};
    std::vector<pair_made> out;
    for (auto& p : pair_arena_wave(waiting, seed).pairs) out.push_back({p.first, p.second});
    return out;
}

std::vector<std::string> arena_state::gone_away(
    std::int64_t now_ms, std::int64_t grace_ms,
    const std::function<bool(const std::string&)>& present) {
    std::vector<std::string> out;
    for (auto& [key, e] : entrants_) {
        if (e.withdrawn || e.paused || !e.room.empty() || present(key)) {
            e.away_since_ms.reset();
            continue;
        }
        if (!e.away_since_ms) e.away_since_ms = now_ms;
        else if (now_ms - *e.away_since_ms >= grace_ms) out.push_back(key);
    }
    return out;
}

void arena_state::playing(const pair_made& p, const std::string& room, std::int64_t pairing) {
    auto& g = games_[room];
    g.pairing = pairing;
    g.keys = {p.first, p.second};
    for (int s = 0; s < 2; ++s) {
        auto* e = find(g.keys[s]);
        if (!e) continue;
        e->room = room;
        e->free_since_ms.reset();
        e->last_opponent = g.keys[1 - s];
        e->side_balance += s == 0 ? 1 : -1;
        e->last_side = s == 0 ? side::first : side::second;
    }
}

const arena_state::game* arena_state::game_in(const std::string& room) const {
    auto it = games_.find(room);
    return it == games_.end() ? nullptr : &it->second;
}

std::vector<player_ptr> arena_state::entered() const {
    std::vector<player_ptr> out;
    for (const auto& [key, e] : entrants_)
        if (!e.withdrawn) out.push_back(e.who);
    return out;
}

void arena_state::set_berserk(const std::string& room, int seat) {
    if (auto it = games_.find(room); it != games_.end() && (seat == 0 || seat == 1))
        it->second.berserk[seat] = true;
}

void arena_state::apply(const std::string& room, game& g, int result, int plies) {
    g.result = result;
    for (int s = 0; s < 2; ++s) {
        auto* e = find(g.keys[s]);
        if (!e) continue;
        const auto* o = find(g.keys[1 - s]);
        arena_game ag;
        ag.counted = result != storage::result_void;
        ag.result = result == storage::result_draw ? outcome::draw
                    : result == s                  ? outcome::win
                                                   : outcome::loss;
        ag.berserk = g.berserk[s];
        ag.plies = plies;
        ag.opponent_rating = o ? o->rating : 0;
        add_arena_game(e->score, ag, rules_);
        if (e->room == room) e->room.clear();
    }
}

std::optional<storage::pairing_result> arena_state::finish(const std::string& room, int result,
                                                           int plies, std::int64_t at_ms) {
    auto it = games_.find(room);
    if (it == games_.end() || it->second.result) return std::nullopt;
    apply(room, it->second, result, plies);
    storage::pairing_result r{room, result, plies, at_ms, {}};
    for (const auto& k : it->second.keys)
        if (const auto* e = find(k))
            r.scores.push_back({e->who->row, e->score.total, sheet_text(e->score)});
    return r;
}

void arena_state::stored(const storage::pairing_result& r, std::int64_t now_ms) {
    auto it = games_.find(r.room);
    if (it == games_.end()) return;
    for (const auto& k : it->second.keys)
        if (auto* e = find(k); e && e->room.empty()) e->free_since_ms = now_ms;
}

std::string arena_state::sheet_text(const arena_score& s) {
    std::string out;
    for (const auto& g : s.sheet) {
        if (!out.empty()) out += ' ';
        if (!g.counted) {
            out += '-';
            continue;
        }
        out += g.result == outcome::win ? 'W' : g.result == outcome::draw ? 'D' : 'L';
        out += std::to_string(g.points);
        if (g.mark == arena_mark::doubled) out += '*';
        if (g.berserk_bonus) out += 'b';
    }
    return out;
}

std::vector<tournament_standing> arena_state::standings(std::size_t limit) const {
    std::vector<tournament_standing> out;
    int rank = 0, last_score = -1, place = 0;
    for (const auto* e : ranked()) {
        ++place;
        if (e->score.total != last_score) rank = place, last_score = e->score.total;
        if (limit && out.size() >= limit) break;
        std::string state = e->withdrawn       ? "withdrawn"
                            : e->paused        ? "paused"
                            : !e->room.empty() ? "playing"
                                               : "waiting";
        out.push_back({rank,
                       e->who->public_json(e->who->guest ? nlohmann::json(nullptr)
                                                         : nlohmann::json(e->rating)),
                       e->score.total, sheet_text(e->score), e->score.on_fire(), state, e->room});
    }
    return out;
}

bool arena_state::games_in_play() const {
    for (const auto& [room, g] : games_)
        if (!g.result) return true;
    return false;
}

tournament_view view_of(const storage::tournament_row& row, std::string status, int players) {
    const auto& s = row.settings;
    std::optional<time_control> tc;
    if (s.initial_ms || s.increment_ms)
        tc = time_control{static_cast<int>(s.initial_ms / 1000),
                          static_cast<int>(s.increment_ms / 1000)};
    const bool coded = s.extra.find("\"code\"") != std::string::npos;
    tournament_view v{row.public_id,
                      s.name,
                      s.kind,
                      s.game_id,
                      std::move(status),
                      tc,
                      s.rated,
                      coded,
                      s.starts_ms,
                      s.starts_ms + s.duration_ms,
                      players};
    v.rounds = s.rounds;
    v.round_interval_ms = s.round_interval_ms;
    if (s.kind == "swiss") v.ends_ms = row.ended_ms.value_or(0);  // rounds, not a duration
    return v;
}

std::string arena_state::top_room() const {
    for (const auto* e : ranked())
        if (!e->room.empty()) return e->room;
    return {};
}

}  // namespace kibitz::server::tournament
