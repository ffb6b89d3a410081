// The `game` interface over the fast Oferhlýp functions: the position, its
// repetition window and the cached legal moves.
#include <cassert>

#include "oferhlyp/oferhlyp.hpp"
#include "oferhlyp/oferhlyp_description.hpp"

namespace kibitz::core::oferhlyp {

namespace {

class oferhlyp_game final : public game {
public:
    explicit oferhlyp_game(window w) : window_(std::move(w)) { refresh(); }

    std::string_view id() const override { return "oferhlyp"; }
    std::unique_ptr<game> clone() const override { return std::make_unique<oferhlyp_game>(*this); }

    int to_move() const override { return pos().to_move; }
    std::size_t move_count() const override { return moves_.size(); }
    std::string move_text(std::size_t index) const override {
        if (index >= moves_.size()) return {};
        return oferhlyp::move_text(pos(), moves_[index]);
    }
    result<std::size_t> parse_move(std::string_view text) const override {
        if (moves_.empty()) return error{"the game is over"};
        auto m = oferhlyp::parse_move(pos(), moves_, text);
        if (!m) return error{m.reason()};
        for (std::size_t i = 0; i < moves_.size(); ++i)
            if (moves_[i] == m.value()) return i;
        return error{"not a legal move"};  // unreachable: parse_move returns a legal one
    }
    void play(std::size_t index) override {
        // The caller's bug: stopped in Debug builds (the sanitizers' CI build);
        // a release build refuses quietly rather than corrupt the position.
        assert(index < move_count());
        if (index >= moves_.size()) return;
        const move m = moves_[index];
        position next = apply(pos(), m);
        // An attack lowers the hit-point total: nothing before it can recur.
        if (m.kind == move_kind::attack) window_.clear();
        window_.push_back(next);
        refresh();
    }

    status current_status() const override { return status_; }
    status agreed_end() const override { return {status_kind::draw, -1, "agreement"}; }

    std::string position_text() const override { return oferhlyp::position_text(window_); }
    board_view view() const override { return make_view(true); }
    // A move event sends no cells: skip building them.
    board_view view_without_cells() const override { return make_view(false); }
    // Nothing here stops a piece that looks free to move (attacks and
    // conversions are never compulsory): one that starts no move is hemmed
    // in, which the client sees from the legal moves. No words to send.
    std::vector<refusal> refusals(const board_view&) const override { return {}; }

    std::uint64_t perft(int depth) const override { return oferhlyp::perft(window_, depth); }
    bool equals(const game& other) const override {
        auto* o = dynamic_cast<const oferhlyp_game*>(&other);
        return o && o->window_ == window_;
    }

private:
    const position& pos() const { return window_.back(); }
    board_view make_view(bool with_cells) const;
    void refresh() {
        status_ = static_status(pos());
        legal_moves(window_, moves_);
        // No legal turn (pieces blocked, or every turn would repeat a third time).
        if (!status_.over() && moves_.empty()) status_ = {status_kind::draw, -1, "no legal move"};
    }

    window window_;  // since the last attack; back() is the current position
    std::vector<move> moves_;
    status status_;
};

// Without cells, also without layout and extent (as game::view_without_cells).
board_view oferhlyp_game::make_view(bool with_cells) const {
    board_view v;
    if (with_cells) {
        v.layout = std::string(description.layout);
        v.width = v.height = board_side;
        // x = file index (A = 0), y = 7 - rank (rank 7, Dark's home, is the top
        // row y = 0); a client turns the board round for the viewer's seat.
        for (int rank = board_side; rank >= 1; --rank)
            for (int file = 0; file < board_side; ++file) {
                int sq = (rank - 1) * board_side + file;
                v.cells.push_back(
                    {square_name(sq), "square", double(file), double(board_side - rank), {}, {}});
            }
    }
    const position& p = pos();
    for (int sq = 0; sq < square_count; ++sq)
        if (int o = p.owner(sq); o >= 0)
            v.pieces.push_back(
                {square_name(sq), o, p.is_king(sq) ? "king" : "man", p.hit_points(sq), 0});
    v.to_move = p.to_move;
    for (const move& m : moves_) {
        move_view mv;
        mv.text = oferhlyp::move_text(p, m);
        mv.path.push_back(square_name(m.from));
        int cur = m.from;
        for (int i = 0; i < m.length; ++i) {
            mv.path.push_back(square_name(m.to[i]));
            if (m.kind == move_kind::attack)
                mv.affected.push_back(square_name((cur + m.to[i]) / 2));
            cur = m.to[i];
        }
        v.moves.push_back(std::move(mv));
    }
    return v;
}

}  // namespace

std::unique_ptr<game> new_game() {
    return std::make_unique<oferhlyp_game>(window{start_position()});
}

result<std::unique_ptr<game>> from_position(std::string_view text) {
    auto w = parse_position(text);
    if (!w) return error{w.reason()};
    return std::unique_ptr<game>(std::make_unique<oferhlyp_game>(std::move(w).value()));
}

}  // namespace kibitz::core::oferhlyp
