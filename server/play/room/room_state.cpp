// The room's state as the protocol shows it (schema/protocol.md, room.state).
// Runs on the room's strand, like everything in room.
#include <map>
#include <mutex>

#include "play/room/room.hpp"

namespace kibitz::server {

std::int64_t room::now_ms(int) const { return hub_.config().clock.now_ms(); }

json room::status_json() const {
    std::string state = aborted_ ? "aborted" : status_.over() ? "over" : "playing";
    json st = {{"state", state}, {"winner", status_.winner}, {"reason", status_.reason}};
    if (store_paused_) st["paused"] = "storage";  // until a "resumed" event
    return st;
}

std::optional<clocks_snapshot> room::clocks_now() const {
    return clocks_.snapshot(clock_type::now(), playing());
}

json room::clocks_json() const { return to_json(clocks_now()); }

json room::players_json() const {
    json out = json::array();
    auto now = clock_type::now();
    for (int s = 0; s < 2; ++s) {
        const auto& seat = seats_[s];
        json p = hub_.ratings().player_json(seat.who, settings_.game->id);
        p["seat"] = s;
        p["color"] = settings_.game->about.sides[s].name;
        p["connected"] = seat.connected();
        if (!seat.connected() && playing()) {
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(seat.claim_at - now);
            p["claim_in_ms"] = std::max<std::int64_t>(0, left.count());
        }
        out.push_back(std::move(p));
    }
    return out;
}

json room::chat_json(bool players, std::int64_t viewer_row) const {
    json out = json::array();
    const auto& blocks = *hub_.deps().blocks;
    for (const auto& c : players ? players_chat_ : spectators_chat_)
        if (!blocks.apart(viewer_row, c.from_row))
            out.push_back({{"from", c.from}, {"seat", c.seat}, {"text", c.text}});
    return out;
}

void room::note_last(std::size_t index, int seat) {
    // The journal holds the current position's moves when the last move event
    // built them; otherwise (the first move, after a restore) they are built here.
    if (!journal_.knows_legal()) journal_.keep_legal(game_->view_without_cells().moves);
    journal_.note_last(game_->move_text(index), seat);
}

json room::last_json() const {
    const auto& last = journal_.last();
    if (!last) return nullptr;
    return {{"move", last->text},
            {"ply", journal_.size()},
            {"seat", journal_.last_seat()},
            {"path", last->path},
            {"affected", last->affected}};
}

json room::state_json_without_board(int seat, std::int64_t viewer_row) const {
    json d = {{"room", id_},
              {"game", settings_.game->id},
              {"rated", settings_.rated},
              {"private", settings_.is_private},
              {"tc", to_json(settings_.tc)},
              {"you", {{"seat", seat >= 0 ? json(seat) : json(nullptr)}}},
              {"players", players_json()},
              {"clocks", clocks_json()},
              {"status", status_json()},
              {"moves", journal_.moves()},
              {"last", last_json()},
              {"offers",
               {{"draw", draw_offer_.by()},
                {"rematch", {rematch_.asked()[0], rematch_.asked()[1]}},
                {"takeback", takeback_offer_.by()}}},
              {"spectators", spectators_.size()},
              {"chat", chat_json(seat >= 0, viewer_row)}};
    if (!next_room_.empty()) d["next"] = next_room_;
    if (rating_changes_) d["ratings"] = ratings_json();
    if (!settings_.start_position.empty()) d["start_position"] = settings_.start_position;
    // A tournament's game; `berserk`: an arena's, where a seat may go berserk.
    if (!settings_.tournament.empty())
        d["tournament"] = {{"id", settings_.tournament}, {"berserk", settings_.berserk}};
    // Correspondence: when the side to move runs out of time (Unix ms).
    if (deadline_ms_ && playing()) d["deadline_ms"] = *deadline_ms_;
    // A seat's own conditional premove line (never shown to the other side).
    if (seat >= 0 && premove_.seat == seat) d["premove"] = premove_line_of(seat);
    return d;
}

namespace {

// Every game of one id starts from the same position (the core is
// deterministic), so its start board (cells, pieces, legal moves: most of a
// room.state frame) is built and printed once per id for the whole process.
const std::string& start_board_text(const core::game_info& info) {
    static std::mutex mu;
    static std::map<std::string, std::string, std::less<>> boards;  // entries never move
    std::lock_guard lock(mu);
    auto it = boards.find(info.id);
    if (it == boards.end()) {
        const auto start = info.new_game()->view_for_mover(true);
        it = boards.emplace(std::string(info.id), dump_json(to_json(start, true))).first;
    }
    return it->second;
}

}  // namespace

std::string room::board_text() const {
    if (journal_.empty() && !status_.over() && !aborted_ && settings_.start_position.empty())
        return start_board_text(*settings_.game);
    return dump_json(to_json(game_->view_for_mover(true), true));
}

frame room::state_frame(int seat, const std::string& board, std::int64_t viewer_row) const {
    return encode(room_state_msg{board, state_json_without_board(seat, viewer_row), v_});
}

}  // namespace kibitz::server
