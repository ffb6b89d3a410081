// The `game` wrapper: position + the history repetition needs, notation, view.
#include <algorithm>
#include <cassert>
#include <cstring>
#include <vector>

#include "oware/oware.hpp"
#include "oware/oware_description.hpp"
#include "oware/oware_engine.hpp"

namespace kibitz::core::oware {

namespace {

// A player's one-line answer to "why can I not sow this legal-looking pit?"
// (the checks of illegal_reason, in the words of the rules page); called
// only for pits that start no legal move.
std::string why_not_sown(variant v, const position& p, int pit) {
    const std::string other = p.side == 0 ? "North" : "South";
    if (!p.pits[pit]) return "That pit is empty";
    const sowing s = sow(v, p, pit);
    if (p.extra && s.next.row_sum(1 - p.side) == 0)
        return "This extra turn must leave a seed on " + other + "'s row";
    if (!p.extra && p.row_sum(1 - p.side) == 0 && !s.fed)
        return other + "'s row is empty: you must sow a pit that reaches it";
    if (v == variant::oware && s.grand_slam)
        return "That would capture all of " + other +
               "'s seeds (a grand slam), which is not allowed";
    return "A single seed may be sown only when none of your other pits holds more than one";
}

bool key_less(const position& a, const position& b) {
    return std::memcmp(&a, &b, sizeof(position)) < 0;
}

// Perft that honours threefold repetition along the path. `path` holds the
// game's history then the current line; stores never decrease along it, so a
// scan back may stop at the first entry with different stores.
int occurrences(const std::vector<position>& path) {
    const position& cur = path.back();
    int n = 0;
    for (auto it = path.rbegin(); it != path.rend() && it->stores == cur.stores; ++it)
        if (*it == cur) ++n;
    return n;
}

std::uint64_t perft_path(variant v, std::vector<position>& path, int depth) {
    if (occurrences(path) >= 3) return 0;
    move_set ms;
    generate(v, path.back(), ms);
    if (depth == 1) return std::uint64_t(ms.size);
    std::uint64_t n = 0;
    for (int i = 0; i < ms.size; ++i) {
        path.push_back(ms.next[i]);
        n += perft_path(v, path, depth - 1);
        path.pop_back();
    }
    return n;
}

class oware_game final : public game {
public:
    oware_game(variant v, const position& p) : v_(v) {
        history_.push_back(p);  // a loaded position counts once
        refresh();
    }

    std::string_view id() const override { return v_ == variant::oware ? "oware" : "ouril"; }
    std::unique_ptr<game> clone() const override { return std::make_unique<oware_game>(*this); }
    int to_move() const override { return pos().side; }
    std::size_t move_count() const override {
        return status_.over() ? 0 : std::size_t(moves_.size);
    }

    std::string move_text(std::size_t index) const override {
        if (index >= move_count()) return {};
        return std::string(1, pit_letter(moves_.pit[index]));
    }

    result<std::size_t> parse_move(std::string_view text) const override {
        if (status_.over()) return error{"the game is over (" + status_.reason + ")"};
        if (text.size() != 1 || pit_of_letter(text[0]) < 0)
            return error{"a move is one pit letter: a-f for South, A-F for North"};
        const int pit = pit_of_letter(text[0]);
        for (int i = 0; i < moves_.size; ++i)
            if (moves_.pit[i] == pit) return std::size_t(i);
        std::string why = illegal_reason(v_, pos(), pit);
        return error{why.empty() ? "illegal move" : why};
    }

    void play(std::size_t index) override {
        // The caller's bug: stopped in Debug builds (the sanitizers' CI build);
        // a release build refuses quietly rather than corrupt the position.
        assert(index < move_count());
        if (index >= move_count()) return;
        history_.push_back(moves_.next[index]);
        refresh();
    }

    status current_status() const override { return status_; }
    status agreed_end() const override { return rows_to_owners(pos(), "agreement"); }
    std::string position_text() const override { return to_text(pos()); }
    board_view view() const override { return make_view(true); }
    // A move event sends no cells: skip building them.
    board_view view_without_cells() const override { return make_view(false); }

    // Each of the mover's pits that cannot be sown says why (the opponent's
    // row needs no words: the client sees whose seeds they are).
    std::vector<refusal> refusals(const board_view& v) const override {
        std::vector<std::string> pits;
        for (int i = 0; i < 6; ++i) pits.emplace_back(1, pit_letter(6 * pos().side + i));
        return group_refusals(v, pits, [&](const std::string& cell) {
            return why_not_sown(v_, pos(), pit_of_letter(cell[0]));
        });
    }

    std::uint64_t perft(int depth) const override {
        if (depth <= 0) return 1;
        if (status_.over()) return 0;
        std::vector<position> path;
        for (auto it = history_.rbegin(); it != history_.rend() && it->stores == pos().stores; ++it)
            path.push_back(*it);
        std::reverse(path.begin(), path.end());
        path.reserve(path.size() + std::size_t(depth) + 1);
        return perft_path(v_, path, depth);
    }

    bool equals(const game& other) const override {
        const auto* o = dynamic_cast<const oware_game*>(&other);
        if (!o || o->v_ != v_ || !(o->pos() == pos())) return false;
        // Repetition depends only on the positions sharing the current stores,
        // as a multiset.
        return relevant_history() == o->relevant_history();
    }

    game_state state() const {
        // Positions only recur while the stores stay the same.
        std::size_t first = history_.size() - 1;
        while (first > 0 && history_[first - 1].stores == pos().stores) --first;
        return {v_, pos(), std::span(history_).subspan(first, history_.size() - 1 - first), moves_};
    }

private:
    const position& pos() const { return history_.back(); }
    board_view make_view(bool with_cells) const;

    std::vector<position> relevant_history() const {
        std::vector<position> r;
        for (auto it = history_.rbegin(); it != history_.rend() && it->stores == pos().stores; ++it)
            r.push_back(*it);
        std::sort(r.begin(), r.end(), key_less);
        return r;
    }

    void refresh() {
        generate(v_, pos(), moves_);
        status_ = position_status(pos(), moves_.size);
        // The 25-seed win comes first; a repeated position cannot be one with
        // no legal move (that one ends the game the first time it occurs).
        if (!status_.over() && occurrences(history_) >= 3)
            status_ = rows_to_owners(pos(), "threefold repetition");
    }

    variant v_;
    std::vector<position> history_;  // every position of the game, current last
    move_set moves_;
    status status_;
};

// Without cells, also without layout and extent (as game::view_without_cells).
board_view oware_game::make_view(bool with_cells) const {
    board_view b;
    if (with_cells) {
        b.layout = std::string(oware_description.layout);  // Ouril's board is the same
        // Pits at x = 0..5; stores at x = -1 (North's, on North's right) and x = 6
        // (South's, on South's right), both at y = 0.5: 8 units wide, 2 high.
        b.width = 8;
        b.height = 2;
    }
    const position& p = pos();
    for (int i = 0; i < pit_count; ++i) {
        if (with_cells) {
            cell c;
            c.id = std::string(1, pit_letter(i));
            c.kind = "pit";
            c.x = i < 6 ? i : 11 - i;  // A faces f
            c.y = i < 6 ? 1 : 0;
            c.tags = {i < 6 ? "south" : "north"};
            b.cells.push_back(std::move(c));
        }
        if (p.pits[i]) b.pieces.push_back({std::string(1, pit_letter(i)), i < 6 ? 0 : 1, "seeds", 0, p.pits[i]});
    }
    if (with_cells) {
        b.cells.push_back({"store-south", "store", 6, 0.5, {}, {"south"}});
        b.cells.push_back({"store-north", "store", -1, 0.5, {}, {"north"}});
    }
    // Decision: a store always has a piece (count may be 0), so a client always
    // has a number to show.
    b.pieces.push_back({"store-south", 0, "seeds", 0, p.stores[0]});
    b.pieces.push_back({"store-north", 1, "seeds", 0, p.stores[1]});
    b.to_move = p.side;
    for (std::size_t m = 0; m < move_count(); ++m) {
        move_view mv;
        mv.text = move_text(m);
        mv.path = {mv.text};
        for (int i = 0; i < pit_count; ++i)
            if (moves_.captured[m] & (1u << i)) mv.affected.emplace_back(1, pit_letter(i));
        b.moves.push_back(std::move(mv));
    }
    return b;
}

}  // namespace

game_state state_of(const game& g) {
    assert(g.id() == "oware" || g.id() == "ouril");
    return static_cast<const oware_game&>(g).state();
}

std::unique_ptr<game> new_oware() { return std::make_unique<oware_game>(variant::oware, position{}); }
std::unique_ptr<game> new_ouril() { return std::make_unique<oware_game>(variant::ouril, position{}); }

result<std::unique_ptr<game>> oware_from_position(std::string_view text) {
    auto p = parse_position(variant::oware, text);
    if (!p) return error{p.reason()};
    return std::unique_ptr<game>(std::make_unique<oware_game>(variant::oware, p.value()));
}

result<std::unique_ptr<game>> ouril_from_position(std::string_view text) {
    auto p = parse_position(variant::ouril, text);
    if (!p) return error{p.reason()};
    return std::unique_ptr<game>(std::make_unique<oware_game>(variant::ouril, p.value()));
}

result<std::string> write_move_list(const game& start, std::span<const std::string> moves) {
    auto g = start.clone();
    std::string out;
    int number = 1, slot = 0;  // slot: the seat whose turn the next written entry is
    const auto put = [&](const std::string& s) {
        if (slot == 0) {
            if (!out.empty()) out += ' ';
            out += std::to_string(number) + ". ";
        } else {
            out += ' ';
        }
        out += s;
        if (slot == 1) ++number;
        slot = 1 - slot;
    };
    for (const auto& m : moves) {
        const int mover = g->to_move();
        if (mover != slot) put("--");  // that seat's turn was skipped
        auto r = g->try_move(m);
        if (!r) return error{"move " + std::to_string(&m - moves.data() + 1) + " '" + m + "': " + r.reason()};
        put(m);
    }
    return out;
}

}  // namespace kibitz::core::oware
