#include "tournament/swiss_event.hpp"

#include <algorithm>

namespace kibitz::server::tournament {

swiss_result swiss_result_of(const std::optional<int>& result, int plies) {
    if (!result) return swiss_result::ongoing;
    switch (*result) {
    case 0:
        return swiss_result::first_won;
    case 1:
        return swiss_result::second_won;
    case storage::result_draw:
        return swiss_result::draw;
    default:  // aborted: the seat whose (first) move never came forfeits
        return plies % 2 == 0 ? swiss_result::first_forfeited : swiss_result::second_forfeited;
    }
}

std::string bye_room(const std::string& public_id, int round) {
    return public_id + "-bye-" + std::to_string(round);
}

std::string sheet_token(const swiss_record::round_entry& r) {
    if (!r.finished) return "*";
    if (r.opponent.empty()) return "B";
    if (!r.played) return r.result == outcome::win ? "F" : "X";
    return r.result == outcome::win ? "W" : r.result == outcome::draw ? "D" : "L";
}

swiss_event::swiss_event(storage::tournament_row row) : row_(std::move(row)) {}

void swiss_event::restore(const storage::tournament_record& r,
                          const std::vector<player_ptr>& players) {
    for (std::size_t i = 0; i < r.entries.size() && i < players.size(); ++i) {
        auto& en = entrants_[players[i]->key()];
        en.who = players[i];
        en.withdrawn = r.entries[i].withdrawn;
        en.joined_ms = r.entries[i].joined_ms;
    }
    auto key_of = [](storage::player_id row) { return "#" + std::to_string(row); };
    for (const auto& p : r.pairings) {
        add_board(p.round, p.room, key_of(p.seats[0]), key_of(p.seats[1]));
        auto& b = boards_[p.room];
        b.result = p.result;
        b.plies = p.plies;
    }
}

const swiss_event::entrant* swiss_event::find(const std::string& key) const {
    auto it = entrants_.find(key);
    return it == entrants_.end() ? nullptr : &it->second;
}

void swiss_event::enter(const player_ptr& who, int rating, std::int64_t now_ms) {
    auto [it, fresh] = entrants_.try_emplace(who->key());
    it->second.who = who;
    it->second.rating = rating;
    it->second.withdrawn = false;
    if (fresh) it->second.joined_ms = now_ms;
}

void swiss_event::withdraw(const std::string& key) {
    if (auto it = entrants_.find(key); it != entrants_.end()) it->second.withdrawn = true;
}

std::vector<player_ptr> swiss_event::entered() const {
    std::vector<player_ptr> out;
    for (const auto& [key, e] : entrants_)
        if (!e.withdrawn) out.push_back(e.who);
    return out;
}

std::vector<std::string> swiss_event::active() const {
    std::vector<std::string> out;
    for (const auto& [key, e] : entrants_)
        if (!e.withdrawn) out.push_back(key);
    return out;
}

std::optional<swiss_round_pairing> swiss_event::pair_next(
    const std::set<std::string>& present) const {
    std::vector<swiss_entrant> field;
    for (const auto& [key, e] : entrants_)
        if (!e.withdrawn && present.count(key)) field.push_back({key, e.rating});
    if (field.size() < 2) return std::nullopt;
    const auto h = history();
    return pair_swiss_round(field, h);
}

void swiss_event::add_board(int round, const std::string& room, const std::string& first,
                            const std::string& second) {
    auto [it, fresh] = boards_.try_emplace(room);
    it->second.round = round;
    it->second.keys = {first, second};
    if (fresh) order_.push_back(room);
    round_ = std::max(round_, round);
}

const swiss_event::board* swiss_event::board_in(const std::string& room) const {
    auto it = boards_.find(room);
    return it == boards_.end() ? nullptr : &it->second;
}

std::optional<storage::pairing_result> swiss_event::finish(const std::string& room, int result,
                                                           int plies, std::int64_t at_ms) {
    auto it = boards_.find(room);
    if (it == boards_.end() || it->second.result) return std::nullopt;
    it->second.result = result;
    it->second.plies = plies;
    storage::pairing_result r{room, result, plies, at_ms, {}};
    const auto records = swiss_records(history());
    for (const auto& k : it->second.keys) {
        const auto* e = find(k);
        if (!e || (!r.scores.empty() && r.scores.back().who == e->who->row)) continue;
        auto rec = records.find(k);
        const auto* rp = rec == records.end() ? nullptr : &rec->second;
        r.scores.push_back({e->who->row, rp ? rp->score : 0, sheet_of(rp)});
    }
    return r;
}

std::string swiss_event::forfeited_by(const std::string& room) const {
    const auto* b = board_in(room);
    if (!b || !b->result || *b->result != storage::result_void || b->keys[0] == b->keys[1])
        return {};
    return b->keys[b->plies % 2];
}

bool swiss_event::round_finished() const {
    for (const auto& [room, b] : boards_)
        if (b.round == round_ && !b.result) return false;
    return true;
}

std::vector<swiss_game> swiss_event::history() const {
    std::vector<swiss_game> out;
    out.reserve(order_.size());
    for (const auto& room : order_) {
        const auto& b = boards_.at(room);
        if (b.keys[0] == b.keys[1]) out.push_back({b.round, b.keys[0], "", swiss_result::bye});
        else out.push_back({b.round, b.keys[0], b.keys[1], swiss_result_of(b.result, b.plies)});
    }
    return out;
}

std::string swiss_event::sheet_of(const swiss_record* r) const {
    std::string out;
    for (int round = 1; round <= round_; ++round) {
        if (!out.empty()) out += ' ';
        const swiss_record::round_entry* e = nullptr;
        if (r)
            for (const auto& x : r->rounds)
                if (x.round == round) e = &x;
        out += e ? sheet_token(*e) : ".";
    }
    return out;
}

nlohmann::json swiss_event::public_of(const std::string& key) const {
    const auto* e = find(key);
    if (!e) return nullptr;
    return e->who->public_json(e->who->guest ? nlohmann::json(nullptr) : nlohmann::json(e->rating));
}

std::vector<tournament_standing> swiss_event::standings(std::size_t limit) const {
    std::vector<swiss_entrant> field;
    for (const auto& [key, e] : entrants_) field.push_back({key, e.rating});
    const auto h = history();
    const auto records = swiss_records(h);
    std::map<std::string, std::string> playing;  // player key -> room in play
    for (const auto& [room, b] : boards_)
        if (!b.result)
            for (const auto& k : b.keys) playing[k] = room;
    std::vector<tournament_standing> out;
    for (const auto& s : swiss_standings(field, h)) {
        if (limit && out.size() >= limit) break;
        const auto& e = entrants_.at(s.id);
        auto rec = records.find(s.id);
        auto room = playing.count(s.id) ? playing[s.id] : std::string();
        tournament_standing t{
            s.rank,  public_of(s.id),
            s.score, sheet_of(rec == records.end() ? nullptr : &rec->second),
            false,   e.withdrawn ? "withdrawn" : room.empty() ? "waiting" : "playing",
            room};
        t.buchholz = s.buchholz;
        t.sonneborn_berger = s.sonneborn_berger;
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<tournament_board> swiss_event::boards_of(int round) const {
    std::vector<tournament_board> out;
    for (const auto& room : order_) {
        const auto& b = boards_.at(room);
        if (b.round != round) continue;
        if (b.keys[0] == b.keys[1]) {
            out.push_back({"", public_of(b.keys[0]), nullptr, "bye"});
            continue;
        }
        std::string res;
        if (b.result)
            res = *b.result == 0                      ? "1-0"
                  : *b.result == 1                    ? "0-1"
                  : *b.result == storage::result_draw ? "1/2"
                  : b.plies % 2 == 0                  ? "-+"
                                                      : "+-";
        out.push_back({room, public_of(b.keys[0]), public_of(b.keys[1]), res});
    }
    return out;
}

std::string swiss_event::top_room() const {
    for (const auto& room : order_) {
        const auto& b = boards_.at(room);
        if (b.round == round_ && !b.result && b.keys[0] != b.keys[1]) return room;
    }
    return {};
}

}  // namespace kibitz::server::tournament
