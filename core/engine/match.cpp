#include "engine/match.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "kibitz/core/game.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace kibitz::core::engine {

namespace {

// The first number of a generator seeded with z.
std::uint64_t mix(std::uint64_t z) { return splitmix64{z}.next(); }

double elo_of(double p) { return -400.0 * std::log10(1.0 / p - 1.0); }

bool read_number(std::string_view s, long long& out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && out >= 0;
}

}  // namespace

result<player_spec> parse_spec(std::string_view text) {
    player_spec spec;
    spec.label = std::string(text.substr(0, 60));
    if (text.empty()) return error{"an engine spec is level=L, depth=D, nodes=N or movetime=MS"};
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view part = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
        const auto eq = part.find('=');
        long long v = 0;
        if (eq == std::string_view::npos || !read_number(part.substr(eq + 1), v))
            return error{"'" + std::string(part.substr(0, 40)) + "' is not name=number"};
        const std::string_view name = part.substr(0, eq);
        if (name == "level" && v >= min_level && v <= max_level)
            spec.budget.level = int(v);
        else if (name == "depth" && v >= 1 && v <= max_ply)
            spec.budget.depth = int(v);
        else if (name == "nodes" && v >= 1)
            spec.budget.nodes = std::uint64_t(v);
        else if (name == "movetime" && v >= 1)
            spec.budget.movetime_ms = v;
        else if (name == "keep" && v <= 1) spec.budget.keep_table = v == 1;
        else if (name == "book" && v <= 1) spec.budget.book = v == 1;
        else if (name == "spend" && v >= 1 && v <= 100)
            spec.budget.iteration_start_percent = int(v);
        else
            return error{"'" + std::string(part.substr(0, 40)) +
                         "': level is 1-8, depth 1-128, nodes and movetime from 1, keep and book 0"
                         " or 1, spend 1-100"};
    }
    return spec;
}

double match_summary::elo() const {
    const int n = games();
    if (n == 0) return 0;
    const double p = std::clamp(points() / n, 0.5 / n, 1 - 0.5 / n);
    return elo_of(p);
}

double match_summary::elo_error() const {
    const int n = games();
    if (n < 2) return 0;
    // A Wilson-style interval on the score with the games' own variance (draws
    // narrow it); unlike the plain normal one it stays open at 100% or 0%.
    const double p = points() / n, z = 1.96;
    const double var = (wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p) / n;
    const double denom = 1 + z * z / n;
    const double center = (p + z * z / (2.0 * n)) / denom;
    const double half = z * std::sqrt(var / n + z * z / (4.0 * n * n)) / denom;
    const double lo = std::clamp(center - half, 0.5 / n, 1 - 0.5 / n);
    const double hi = std::clamp(center + half, 0.5 / n, 1 - 0.5 / n);
    return (elo_of(hi) - elo_of(lo)) / 2;
}

match_summary play_match(const game_info& info, const player_spec& a, const player_spec& b,
                         const match_settings& s, const game_sink& sink) {
    match_summary sum;
    workspace wa, wb;
    for (int i = 0; i < s.games; ++i) {
        std::unique_ptr<game> g;
        if (s.start_position.empty()) {
            g = info.new_game();
        } else {
            auto loaded = info.from_position(s.start_position);
            if (!loaded) return sum;
            g = std::move(loaded).value();
        }
        // Both games of a pair open the same way.
        std::uint64_t opening = mix(s.seed * 0x100000001B3ull + std::uint64_t(i / 2));
        for (int k = 0; k < s.opening_plies && !g->current_status().over(); ++k) {
            opening = mix(opening);
            g->play(opening % g->move_count());
        }
        const int a_seat = i % 2;
        int plies = 0;
        while (!g->current_status().over() && plies < s.max_plies) {
            const bool a_moves = g->to_move() == a_seat;
            limits l = (a_moves ? a : b).budget;
            l.seed = mix(s.seed ^ mix(std::uint64_t(i) << 20 | std::uint64_t(plies)));
            auto r = think(*g, l, {}, a_moves ? wa : wb);
            if (!r) break;
            g->play(r.value().move);
            ++plies;
        }
        const status st = g->current_status();
        game_outcome out{a_seat, 0.5, st.over() ? st.reason : "move limit", plies,
                         g->position_text()};
        if (st.kind == status_kind::win) out.a_points = st.winner == a_seat ? 1.0 : 0.0;
        if (out.a_points == 1.0)
            ++sum.wins;
        else if (out.a_points == 0.0)
            ++sum.losses;
        else
            ++sum.draws;
        if (sink) sink(i, out);
    }
    return sum;
}

}  // namespace kibitz::core::engine
