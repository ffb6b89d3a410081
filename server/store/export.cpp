#include "store/export.hpp"

#include <array>
#include <ctime>

#include "kibitz/core/registry.hpp"

namespace kibitz::server::storage {

namespace {
std::string capitalised(std::string_view word) {
    std::string out(word);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z')
        out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

// Header names for the two seats: the game's colours, capitalised ("Black").
std::array<std::string, 2> seat_names(std::string_view game_id) {
    if (const auto* info = core::find_game(game_id))
        return {capitalised(info->about.sides[0].name), capitalised(info->about.sides[1].name)};
    return {"First", "Second"};
}

std::string game_name(std::string_view id) {
    if (const auto* info = core::find_game(id)) return std::string(info->about.name);
    return std::string(id);
}

std::string tag(std::string_view name, std::string_view value) {
    std::string out = "[";  // appended piecewise: GCC 12 -O3 warns falsely on "lit" + string
    out += name;
    out += " \"";
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out + "\"]\n";
}

std::string pdn_date(std::int64_t ms) {
    std::time_t t = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    return buf;
}

// Seat 0's score first.
std::string seat0_result(const game_summary& s) {
    if (s.status != game_status::finished) return "*";
    if (s.winner == 0) return "1-0";
    if (s.winner == 1) return "0-1";
    return "1/2-1/2";
}

std::string event(const game_summary& s) {
    return std::string("Kibitz ") + (s.settings.rated ? "rated " : "casual ") +
           game_name(s.settings.game_id) + " game";
}

std::string time_control(const game_settings& s) {
    if (s.initial_ms == 0 && s.increment_ms == 0) return "-";
    return std::to_string(s.initial_ms / 1000) + "+" + std::to_string(s.increment_ms / 1000);
}

void common_tail(std::string& out, const game_summary& s) {
    out += tag("TimeControl", time_control(s.settings));
    if (!s.reason.empty()) out += tag("Termination", s.reason);
    out += tag("KibitzGame", std::to_string(s.id));  // our key: the file points back to its record
}
}  // namespace

std::string numbered_moves(const game_record& g) {
    std::string out;
    auto put = [&](const std::string& token) {
        if (!out.empty()) out += ' ';
        out += token;
    };
    int number = 1, slot = 0;  // slot: which seat's turn in the current numbered pair
    bool first = true;
    for (const auto& m : g.moves) {
        if (m.seat == 1 && slot == 0) {
            // Seat 0's turn in this pair did not happen.
            put(std::to_string(number) + (first ? "..." : ". --"));
            slot = 1;
        } else if (m.seat == 0 && slot == 1) {
            put("--");  // seat 1 was skipped (an extra turn)
            ++number;
            slot = 0;
        }
        if (slot == 0) put(std::to_string(number) + ".");
        put(m.notation);
        if (slot == 1) ++number;
        slot ^= 1;
        first = false;
    }
    return out;
}

std::string export_pdn(const game_record& g) {
    const auto& s = g.summary;
    std::string result = "*";
    if (s.status == game_status::finished)
        result = s.winner == 1 ? "1-0" : s.winner == 0 ? "0-1" : "1/2-1/2";  // White first
    std::string out;
    out += tag("Event", event(s));
    out += tag("Site", "Kibitz");
    out += tag("Date", pdn_date(s.created_ms));
    out += tag("White", s.seats[1].name);
    out += tag("Black", s.seats[0].name);
    out += tag("Result", result);
    out += tag("GameType", "21");
    if (!s.settings.start_position.empty()) {
        out += tag("SetUp", "1");
        out += tag("FEN", s.settings.start_position);
    }
    common_tail(out, s);
    out += '\n';
    std::string moves = numbered_moves(g);
    out += moves.empty() ? result : moves + " " + result;
    return out + "\n";
}

std::string export_text(const game_record& g) {
    const auto& s = g.summary;
    auto names = seat_names(s.settings.game_id);
    std::string result = seat0_result(s);
    std::string out;
    out += tag("Game", game_name(s.settings.game_id));
    out += tag("Event", event(s));
    out += tag("Site", "Kibitz");
    out += tag("Date", pdn_date(s.created_ms));
    out += tag(names[0], s.seats[0].name);
    out += tag(names[1], s.seats[1].name);
    out += tag("Result", result);
    if (s.status == game_status::finished)
        out += tag("Winner", s.winner == 0 || s.winner == 1 ? names[s.winner] : "none (draw)");
    if (!s.settings.start_position.empty()) out += tag("Position", s.settings.start_position);
    common_tail(out, s);
    out += '\n';
    std::string moves = numbered_moves(g);
    out += moves.empty() ? result : moves + " " + result;
    return out + "\n";
}

std::string export_game(const game_record& g) {
    const auto* info = core::find_game(g.summary.settings.game_id);
    bool pdn = info && info->about.dialect == core::export_dialect::pdn;
    return pdn ? export_pdn(g) : export_text(g);
}

std::string export_extension(std::string_view game_id) {
    const auto* info = core::find_game(game_id);
    return info ? std::string(info->about.extension) : "txt";
}

}  // namespace kibitz::server::storage
