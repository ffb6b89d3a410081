// The Opprimo `game`: a position plus the positions seen so far (for threefold
// repetition), the cached legal moves and the result. The rules decisions are
// in opprimo.hpp.
#include <algorithm>
#include <cassert>
#include <tuple>
#include <vector>

#include "opprimo/opprimo.hpp"
#include "opprimo/opprimo_description.hpp"
#include "opprimo/opprimo_engine.hpp"

namespace kibitz::core::opprimo {

namespace {

class opprimo_game final : public game {
public:
    explicit opprimo_game(const position& pos) : pos_(pos), history_{pos} {
        // A loaded position may already be over: the side to move trapped or stuck.
        if (king_trapped(pos_, pos_.side))
            status_ = {status_kind::win, pos_.side ^ 1, "king trapped"};
        refresh_moves();
    }

    std::string_view id() const override { return "opprimo"; }
    std::unique_ptr<game> clone() const override { return std::make_unique<opprimo_game>(*this); }

    int to_move() const override { return pos_.side; }
    std::size_t move_count() const override { return static_cast<std::size_t>(moves_.size); }

    std::string move_text(std::size_t index) const override {
        if (index >= move_count()) return {};
        return move_to_text(moves_.items[index]);
    }

    result<std::size_t> parse_move(std::string_view text) const override {
        if (status_.over()) return error{"the game is over"};
        if (text.size() > 64) return error{"move text too long"};
        for (int i = 0; i < moves_.size; ++i) {
            const move& m = moves_.items[i];
            if (matches(m, text)) return static_cast<std::size_t>(i);
        }
        return error{"not a legal move: '" + std::string(text) + "'"};
    }

    void play(std::size_t index) override {
        // The caller's bug: stopped in Debug builds (the sanitizers' CI build);
        // a release build refuses quietly rather than corrupt the position.
        assert(index < move_count());
        if (index >= move_count()) return;
        const int mover = pos_.side;
        apply_move(pos_, moves_.items[index]);
        history_.push_back(pos_);
        if (king_trapped(pos_, pos_.side)) {
            // Trapping wins at once, even when it also completes a repetition.
            status_ = {status_kind::win, mover, "king trapped"};
        } else if (std::count(history_.begin(), history_.end(), pos_) >= 3) {
            status_ = {status_kind::draw, -1, "threefold repetition"};
        }
        refresh_moves();
    }

    status current_status() const override { return status_; }
    // For the engine: the position, the ones before it, and the legal moves.
    game_state state() const {
        return {pos_, std::span<const position>(history_.data(), history_.size() - 1),
                std::span<const move>(moves_.items.data(), static_cast<std::size_t>(moves_.size))};
    }
    status agreed_end() const override { return {status_kind::draw, -1, "agreement"}; }

    std::string position_text() const override { return position_to_text(pos_); }
    board_view view() const override { return make_view(true); }
    // A move event sends no cells: skip building them.
    board_view view_without_cells() const override { return make_view(false); }
    // Nothing here stops a piece that looks free to move (attacks and
    // conversions are never compulsory): one that starts no move is hemmed
    // in, which the client sees from the legal moves. No words to send.
    std::vector<refusal> refusals(const board_view&) const override { return {}; }

    std::uint64_t perft(int depth) const override {
        if (depth > 0 && status_.over()) return 0;
        return opprimo::perft(pos_, depth);
    }

    bool equals(const game& other) const override {
        const auto* o = dynamic_cast<const opprimo_game*>(&other);
        if (o == nullptr || !(pos_ == o->pos_) || !(status_ == o->status_)) return false;
        // Repetition depends on which positions occurred how often, not their order.
        return sorted_history() == o->sorted_history();
    }

private:
    board_view make_view(bool with_cells) const;

    // Full text, or a promotion written without "=N".
    static bool matches(const move& m, std::string_view text) {
        const std::string full = move_to_text(m);
        if (text == full) return true;
        return m.promotes && text == std::string_view(full).substr(0, full.size() - 2);
    }

    void refresh_moves() {
        moves_.size = 0;
        if (status_.over()) return;
        generate_moves(pos_, moves_);
        if (moves_.size == 0) status_ = {status_kind::win, pos_.side ^ 1, "no legal move"};
    }

    std::vector<position> sorted_history() const {
        auto h = history_;
        std::sort(h.begin(), h.end(), [](const position& a, const position& b) {
            return std::tie(a.men, a.knights, a.king, a.side) <
                   std::tie(b.men, b.knights, b.king, b.side);
        });
        return h;
    }

    position pos_;
    std::vector<position> history_;  // every position so far, the current one included
    move_list moves_;
    status status_;
};

// Layout "triangle_lattice": point (file, rank) at x = file (0..6), y = 13 - rank (rank 13
// at the top, y 0..12), so width 6 and height 12; triangles at their centroid.
// Without cells, also without layout and extent (as game::view_without_cells).
board_view opprimo_game::make_view(bool with_cells) const {
    board_view v;
    if (with_cells) {
        v.layout = std::string(description.layout);
        v.width = 6;
        v.height = 12;
        for (int p = 0; p < point_count; ++p) {
            const double x = points[p].file, y = 13 - points[p].rank;
            cell c{point_name(p), "point", x, y, {}, {}};
            if ((promotion_mask[0] >> p) & 1) c.tags.push_back("promote-yellow");
            if ((promotion_mask[1] >> p) & 1) c.tags.push_back("promote-red");
            v.cells.push_back(std::move(c));
        }
        for (int t = 0; t < triangle_count; ++t) {
            cell c{triangle_name(t), "triangle", 0, 0, {}, {}};
            for (int p : triangle_corners[t]) {
                c.corners.push_back(point_name(p));
                c.x += points[p].file / 3.0;
                c.y += (13 - points[p].rank) / 3.0;
            }
            if (castle_owner[t] == 0) c.tags.push_back("castle-yellow");
            if (castle_owner[t] == 1) c.tags.push_back("castle-red");
            v.cells.push_back(std::move(c));
        }
    }
    for (int s = 0; s < 2; ++s) {
        for (int p = 0; p < point_count; ++p)
            if ((pos_.men[s] >> p) & 1)
                v.pieces.push_back(
                    {point_name(p), s, ((pos_.knights >> p) & 1) ? "knight" : "soldier", 0, 0});
        v.pieces.push_back({triangle_name(pos_.king[s]), s, "king", 0, 0});
    }
    v.to_move = pos_.side;
    for (int i = 0; i < moves_.size; ++i) {
        const move& m = moves_.items[i];
        move_view mv{move_to_text(m), {}, {}};
        if (m.kind == move_kind::king) {
            mv.path = {triangle_name(m.from), triangle_name(m.to)};
        } else {
            mv.path = {point_name(m.from), point_name(m.to)};
            if (m.kind == move_kind::convert) mv.affected.push_back(point_name(m.over));
        }
        v.moves.push_back(std::move(mv));
    }
    return v;
}

}  // namespace

game_state state_of(const game& g) { return static_cast<const opprimo_game&>(g).state(); }

std::unique_ptr<game> new_game() { return std::make_unique<opprimo_game>(start_position()); }

result<std::unique_ptr<game>> from_position(std::string_view text) {
    auto pos = parse_position(text);
    if (!pos) return error{pos.reason()};
    return std::unique_ptr<game>(std::make_unique<opprimo_game>(pos.value()));
}

}  // namespace kibitz::core::opprimo
