// The lessons (web/learn/<game>.json) and the engine agree: at every step of
// every lesson of every game, the moves the lesson accepts are not judged
// worse by the engine than a move it refuses by more than a clear margin. A
// lesson that refuses the engine's clearly better move (Oware's "A capture"
// once refused one better by over four seeds) teaches what the site's own
// analysis board contradicts.
//
// One search per step with the engine's margin mode: every legal move within
// `margin` of the best gets an exact score, the others an upper bound below
// best - margin. So an accepted move passes exactly when it is the best or
// holds an exact score within the margin.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/game.hpp"
#include "kibitz/core/registry.hpp"

namespace {

using json = nlohmann::json;
using namespace kibitz::core;

// One unit of material (a man, a seed, a hit point): the engine's scores of
// near-equal moves differ by less at this budget (the mancala games' first
// sowings by up to a third of a seed); a lesson that refuses a move better by
// a whole unit teaches a mistake.
constexpr int margin = 100;
// A fixed budget (so the same on every machine): enough to see the tactics
// the lessons are about (a recapture, a two-for-one shot), small enough for
// the whole set to take seconds.
constexpr std::uint64_t nodes = 200000;

std::unique_ptr<game> lesson_start(const game_info& info, const json& lesson) {
    if (!lesson.contains("position")) return info.new_game();
    auto g = info.from_position(lesson["position"].get<std::string>());
    REQUIRE_MESSAGE(g.ok(), g.reason());
    return std::move(g).value();
}

void play(game& g, const std::string& text) {
    auto m = g.parse_move(text);
    REQUIRE_MESSAGE(m.ok(), text << ": " << m.reason());
    g.play(m.value());
}

// The moves a step accepts: its list, or (a `win` step) every move that wins at once.
std::set<std::string> accepted(const game& g, const json& step) {
    std::set<std::string> out;
    if (step.contains("accept")) {
        for (const auto& m : step["accept"]) out.insert(m.get<std::string>());
        return out;
    }
    for (std::size_t i = 0; i < g.move_count(); ++i) {
        auto after = g.clone();
        after->play(i);
        auto s = after->current_status();
        if (s.kind == status_kind::win && s.winner == g.to_move()) out.insert(g.move_text(i));
    }
    return out;
}

}  // namespace

TEST_CASE("lessons: the engine never prefers a refused move by more than one unit") {
    engine::workspace ws(16);
    for (const auto& info : all_games()) {
        const std::string id(info.id);
        CAPTURE(id);
        std::ifstream in(std::string(KIBITZ_SOURCE_DIR) + "/web/learn/" + id + ".json");
        REQUIRE_MESSAGE(in.good(), "no web/learn/" << id << ".json");
        json learn = json::parse(in, nullptr, false);
        REQUIRE(!learn.is_discarded());
        for (const auto& lesson : learn["lessons"]) {
            CAPTURE(lesson["id"].get<std::string>());
            auto g = lesson_start(info, lesson);
            for (const auto& step : lesson["steps"]) {
                const auto ok = accepted(*g, step);
                REQUIRE(!ok.empty());
                if (g->move_count() > 1 && ok.size() < g->move_count()) {
                    engine::limits l;
                    l.nodes = nodes;
                    auto r = info.think(*g, l, margin, {}, ws);
                    const int best = *std::max_element(r.scores.begin(), r.scores.end());
                    int best_ok = -engine::win_score - 1;
                    std::string best_move, best_ok_move;
                    for (std::size_t i = 0; i < r.scores.size(); ++i) {
                        if (r.scores[i] == best) best_move = g->move_text(i);
                        if (ok.count(g->move_text(i)) && r.scores[i] > best_ok) {
                            best_ok = r.scores[i];
                            best_ok_move = g->move_text(i);
                        }
                    }
                    CAPTURE(g->position_text());
                    CHECK_MESSAGE(best_ok >= best - margin,
                                  "the engine plays " << best_move << " (" << best
                                                      << "); the lesson's best is " << best_ok_move
                                                      << " (" << best_ok << ")");
                }
                play(*g, step.contains("accept") ? step["accept"][0].get<std::string>()
                                                 : step["answer"].get<std::string>());
                if (step.contains("reply")) play(*g, step["reply"].get<std::string>());
            }
        }
    }
}
