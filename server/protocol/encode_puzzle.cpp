// The codec's encoders of the puzzle messages (out_puzzle.hpp).
#include "protocol/envelope.hpp"
#include "protocol/out_puzzle.hpp"

namespace kibitz::server {

namespace {
json to_json(const puzzle_rating_view& r) { return {{"rating", r.rating}, {"rd", r.rd}}; }
json to_json(const puzzle_ratings_view& r) {
    return {{"solver", to_json(r.solver)},
            {"puzzle", to_json(r.puzzle)},
            {"solver_change", r.solver_change}};
}
json to_json(const puzzle_streak_view& s) {
    return {{"count", s.count}, {"best", s.best}, {"over", s.over}};
}
}  // namespace

frame encode(const puzzle_shown_msg& m) {
    json d = {{"id", m.id},
              {"game", m.game},
              {"position", m.position},
              {"side", m.side},
              {"board", m.board},
              {"last", m.last},
              {"rating", to_json(m.rating)},
              {"themes", m.themes},
              {"solver", to_json(m.solver)},
              {"seen", m.seen}};
    if (m.streak) d["streak"] = to_json(*m.streak);
    return make_frame("puzzle", d);
}

frame encode(const puzzle_result_msg& m) {
    json d = {{"id", m.id},           {"verdict", m.verdict}, {"move", m.move},
              {"replies", m.replies}, {"board", m.board},     {"last", m.last}};
    if (!m.expected.empty()) d["expected"] = m.expected;
    if (m.ratings) d["ratings"] = to_json(*m.ratings);
    if (m.streak) d["streak"] = to_json(*m.streak);
    return make_frame("puzzle.result", d);
}

frame encode(const puzzle_solution_msg& m) {
    json d = {{"id", m.id}, {"moves", m.moves}};
    if (m.ratings) d["ratings"] = to_json(*m.ratings);
    if (m.streak) d["streak"] = to_json(*m.streak);
    return make_frame("puzzle.solution", d);
}

}  // namespace kibitz::server
