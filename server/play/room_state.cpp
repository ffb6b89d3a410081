// The room's state as the protocol shows it (schema/protocol.md, room.state).
// Runs on the room's strand, like everything in room.
#include <map>
#include <mutex>

#include "play/room.hpp"

namespace kibitz::server {

std::int64_t room::now_ms(int) const { return hub_.config().clock.now_ms(); }

json room::status_json() const {
    std::string state = aborted_ ? "aborted" : status_.over() ? "over" : "playing";
    json st = {{"state", state}, {"winner", status_.winner}, {"reason", status_.reason}};
    if (store_paused_) st["paused"] = "storage";  // until a "resumed" event
    return st;
}

std::optional<clocks_snapshot> room::clocks_now() const {
    if (!clock_) return std::nullopt;
    auto now = clock_type::now();
    clocks_snapshot c;
    c.ms[0] = clock_->remaining(0, now).count();
    c.ms[1] = clock_->remaining(1, now).count();
    c.running = clock_->running();
    c.initial_ms = settings_.tc->initial_s * 1000;
    c.increment_ms = settings_.tc->increment_s * 1000;
    if (first_move_deadline_ && playing()) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*first_move_deadline_ - now);
        c.first_move_ms = std::max<std::int64_t>(0, left.count());
    }
    return c;
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

json room::chat_json(bool players) const {
    json out = json::array();
    for (const auto& c : players ? players_chat_ : spectators_chat_)
        out.push_back({{"from", c.from}, {"seat", c.seat}, {"text", c.text}});
    return out;
}

void room::note_last(std::size_t index, int seat) {
    std::string text = game_->move_text(index);
    // legal_ holds the current position's moves when the last move event built
    // them; otherwise (the first move, after a restore) they are built here.
    if (legal_.empty()) legal_ = game_->view_without_cells().moves;
    last_ = core::move_view{text, {}, {}};
    last_seat_ = seat;
    for (auto& m : legal_)
        if (m.text == text) {
            last_ = std::move(m);
            break;
        }
    legal_.clear();  // the position is about to change
}

json room::last_json() const {
    if (!last_) return nullptr;
    return {{"move", last_->text}, {"ply", moves_.size()}, {"seat", last_seat_},
            {"path", last_->path}, {"affected", last_->affected}};
}

json room::state_json_without_board(int seat) const {
    json d = {{"room", id_},
              {"game", settings_.game->id},
              {"rated", settings_.rated},
              {"private", settings_.is_private},
              {"tc", to_json(settings_.tc)},
              {"you", {{"seat", seat >= 0 ? json(seat) : json(nullptr)}}},
              {"players", players_json()},
              {"clocks", clocks_json()},
              {"status", status_json()},
              {"moves", moves_},
              {"last", last_json()},
              {"offers", {{"draw", draw_offer_},
                          {"rematch", {rematch_[0], rematch_[1]}},
                          {"takeback", takeback_offer_}}},
              {"spectators", spectators_.size()},
              {"chat", chat_json(seat >= 0)}};
    if (!next_room_.empty()) d["next"] = next_room_;
    if (rating_changes_) d["ratings"] = ratings_json();
    if (!settings_.start_position.empty()) d["start_position"] = settings_.start_position;
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
    if (moves_.empty() && !status_.over() && !aborted_ && settings_.start_position.empty())
        return start_board_text(*settings_.game);
    return dump_json(to_json(game_->view_for_mover(true), true));
}

frame room::state_frame(int seat, const std::string& board) const {
    return encode(room_state_msg{board, state_json_without_board(seat), v_});
}

}  // namespace kibitz::server
