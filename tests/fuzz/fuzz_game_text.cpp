// libFuzzer target: every game's position-text and move-notation parsers,
// reached through the registry (no game is named here; the seeds name them).
// An input is lines of text:
//   line 1     a game id (from the registry; any other id ends the run)
//   line 2     a position text for from_position, or empty for the start
//   lines 3..  moves, each tried with try_move in the position reached
// What must hold for every game and any input:
//   - parsing never crashes, hangs or throws, whatever the text;
//   - a position that parsed writes itself out (position_text) as text that
//     parses again to the same text;
//   - a refused move changes nothing; an accepted one is a legal index;
//   - in the position reached, each legal move's notation (move_text) parses
//     back to a move written the same way.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "kibitz/core/registry.hpp"

using namespace kibitz;

namespace {

void require(bool ok, std::string_view game, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_game_text (%.*s): broken: %s\n", static_cast<int>(game.size()),
                     game.data(), what);
        std::abort();
    }
}

std::string_view next_line(std::string_view& rest) {
    auto nl = rest.find('\n');
    auto line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    return line;
}

// Position text out, in again, out again: the same text.
void check_round_trip(const core::game_info& info, const core::game& g) {
    auto text = g.position_text();
    auto again = info.from_position(text);
    require(again.ok(), info.id, "its own position text is refused");
    require(again.value()->position_text() == text, info.id, "position text changes on a round trip");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    const core::game_info* info = core::find_game(next_line(rest));
    if (!info) return 0;

    std::string_view position = next_line(rest);
    std::unique_ptr<core::game> g;
    if (position.empty()) {
        g = info->new_game();
    } else {
        auto parsed = info->from_position(position);
        if (!parsed) {
            require(!parsed.reason().empty(), info->id, "a refusal without a reason");
            return 0;
        }
        g = std::move(parsed).value();
    }
    check_round_trip(*info, *g);
    (void)g->view();
    (void)g->current_status();

    // Bounded, so one input stays quick however many lines it has.
    for (int plies = 0; !rest.empty() && plies < 64; ++plies) {
        std::string_view move = next_line(rest);
        auto before = g->position_text();
        auto index = g->parse_move(move);
        if (!index) {
            require(g->position_text() == before, info->id, "a refused move changed the game");
            continue;
        }
        require(index.value() < g->move_count(), info->id, "a move index out of range");
        g->play(index.value());
        check_round_trip(*info, *g);
    }

    const std::size_t n = g->move_count();
    require(n == 0 || !g->current_status().over(), info->id, "moves in a finished game");
    for (std::size_t i = 0; i < n; ++i) {
        auto text = g->move_text(i);
        auto back = g->parse_move(text);
        require(back.ok(), info->id, "a legal move's own notation is refused");
        require(back.value() < n && g->move_text(back.value()) == text, info->id,
                "a legal move's notation reads back as another move");
    }
    return 0;
}
