// The checkers game: a position plus the history its draw rules need, behind
// the kibitz::core::game interface. Move generation and perft are the fast
// non-virtual functions of checkers.hpp; this class only keeps the record.
#include <algorithm>
#include <cassert>
#include <utility>
#include <vector>

#include "checkers/checkers_description.hpp"
#include "checkers/checkers_engine.hpp"
#include "checkers/checkers_movegen.hpp"

namespace kibitz::core::checkers {

namespace {

class checkers_game final : public game {
public:
    explicit checkers_game(const position& p) : pos_(p), history_{p} { refresh(); }

    std::string_view id() const override { return "checkers"; }
    std::unique_ptr<game> clone() const override { return std::make_unique<checkers_game>(*this); }

    int to_move() const override { return pos_.side; }
    std::size_t move_count() const override { return moves_.size(); }
    std::string move_text(std::size_t index) const override {
        return index < moves_.size() ? checkers::move_text(moves_[index]) : std::string();
    }
    result<std::size_t> parse_move(std::string_view text) const override {
        if (status_.over()) return error{"the game is over (" + status_.reason + ")"};
        return checkers::parse_move(moves_, text);
    }

    void play(std::size_t index) override {
        // The caller's bug: stopped in Debug builds (the sanitizers' CI build);
        // a release build refuses quietly rather than corrupt the position.
        assert(index < move_count());
        if (index >= moves_.size()) return;
        const move& m = moves_[index];
        const bool man_moved = pos_.men[pos_.side] & (detail::u64{1} << bit_of_square(m.path[0]));
        pos_ = apply(pos_, m);
        if (m.is_capture() || man_moved) {
            // Irreversible: no earlier position can occur again, and the
            // 40-move count starts over.
            history_.clear();
            quiet_plies_ = 0;
        } else {
            ++quiet_plies_;
        }
        history_.push_back(pos_);
        refresh();
    }

    status current_status() const override { return status_; }
    status agreed_end() const override { return {status_kind::draw, -1, "agreement"}; }

    std::string position_text() const override { return fen(pos_); }
    board_view view() const override { return make_view(true); }
    board_view view_without_cells() const override { return make_view(false); }

    // Captures are compulsory: while one exists, every other piece waits, and
    // a click on one is told which must jump. A piece merely blocked needs no
    // words from here: the client sees it starts no legal move.
    std::vector<refusal> refusals(const board_view& v) const override {
        if (moves_.empty() || !moves_.front().is_capture()) return {};
        const std::string why =
            "A capture is compulsory: " + either_of(move_starts(v)) + " must jump";
        return group_refusals(v, own_piece_cells(v), [&](const std::string&) { return why; });
    }

    std::uint64_t perft(int depth) const override { return checkers::perft(pos_, depth); }

    bool equals(const game& other) const override {
        const auto* o = dynamic_cast<const checkers_game*>(&other);
        if (!o || o->pos_ != pos_ || o->quiet_plies_ != quiet_plies_ ||
            o->history_.size() != history_.size())
            return false;
        // Repetition depends on how often each position occurred, not on order.
        for (const position& p : history_)
            if (std::count(history_.begin(), history_.end(), p) !=
                std::count(o->history_.begin(), o->history_.end(), p))
                return false;
        return true;
    }

    game_state state() const {
        return {pos_, std::span(history_).first(history_.size() - 1), quiet_plies_, moves_};
    }

private:
    board_view make_view(bool with_cells) const;

    // Recomputes the legal moves and the status after a change of position.
    void refresh() {
        moves_ = legal_moves(pos_);
        const int s = pos_.side;
        // Losing comes first: a move that completes a repetition or the
        // 40-move count and leaves the opponent without a move wins.
        if (!pos_.pieces(s))
            status_ = {status_kind::win, s ^ 1, "no pieces"};
        else if (moves_.empty())
            status_ = {status_kind::win, s ^ 1, "no legal move"};
        else if (std::count(history_.begin(), history_.end(), pos_) >= 3)
            status_ = {status_kind::draw, -1, "threefold repetition"};
        else if (quiet_plies_ >= quiet_ply_limit)
            status_ = {status_kind::draw, -1, "40-move rule"};
        else
            status_ = {};
        if (status_.over()) moves_.clear();
    }

    position pos_;
    std::vector<position> history_;  // since the last capture or man move, current last
    int quiet_plies_ = 0;            // plies since the last capture or man move
    std::vector<move> moves_;        // legal moves; empty once the game is over
    status status_;
};

board_view checkers_game::make_view(bool with_cells) const {
    board_view v;
    v.to_move = pos_.side;
    if (with_cells) {
        v.layout = std::string(description.layout);
        v.width = v.height = 8;
    }
    v.pieces.reserve(24);
    v.moves.reserve(moves_.size());
    for (int sq = 1; sq <= 32; ++sq) {
        const detail::u64 bit = detail::u64{1} << bit_of_square(sq);
        for (int s : {black, white})
            if (pos_.pieces(s) & bit)
                v.pieces.push_back(
                    {std::to_string(sq), s, (pos_.kings[s] & bit) ? "king" : "man", 0, 0});
        if (!with_cells) continue;
        // Standard diagram orientation: row 0 at the top (Black's back row),
        // square 1 on b8. Coordinates are column and row indices.
        const int row = (sq - 1) / 4, col = 2 * ((sq - 1) % 4) + (row % 2 == 0 ? 1 : 0);
        cell c{std::to_string(sq), "square", double(col), double(row), {}, {"dark"}};
        if (row == 7) c.tags.push_back("promote-black");
        if (row == 0) c.tags.push_back("promote-white");
        v.cells.push_back(std::move(c));
    }
    for (const move& m : moves_) {
        move_view mv;
        mv.text = checkers::move_text(m);
        for (int i = 0; i < m.length; ++i) mv.path.push_back(std::to_string(m.path[i]));
        // The jumped squares, in the order they are jumped: each lies midway
        // between two landings (squares of the same colour, two rows apart).
        if (m.is_capture()) {
            for (int i = 1; i < m.length; ++i) {
                const int a = bit_of_square(m.path[i - 1]), b = bit_of_square(m.path[i]);
                mv.affected.push_back(std::to_string(square_of_bit((a + b) / 2)));
            }
        }
        v.moves.push_back(std::move(mv));
    }
    return v;
}

}  // namespace

game_state state_of(const game& g) {
    assert(g.id() == "checkers");
    return static_cast<const checkers_game&>(g).state();
}

std::unique_ptr<game> new_game() {
    return std::make_unique<checkers_game>(start_position());
}

result<std::unique_ptr<game>> from_position(std::string_view text) {
    auto p = parse_fen(text);
    if (!p) return error{p.reason()};
    return std::unique_ptr<game>(std::make_unique<checkers_game>(p.value()));
}

}  // namespace kibitz::core::checkers
