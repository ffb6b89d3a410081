#include "protocol/codec.hpp"
#include "domain/person_text.hpp"
#include "protocol/out_notify.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

namespace kibitz::server {

using json = nlohmann::json;

namespace {

// Thrown only inside this file, caught in decode_client: it keeps each field
// check to one line. It never leaves the codec.
struct bad_field {
    std::string message;
};

const json& field(const json& d, const char* name) {
    auto it = d.find(name);
    if (it == d.end()) throw bad_field{std::string("missing field '") + name + "'"};
    return *it;
}

std::string str(const json& d, const char* name, std::size_t max_len = 64) {
    const json& v = field(d, name);
    if (!v.is_string()) throw bad_field{std::string("field '") + name + "' must be a string"};
    auto s = v.get<std::string>();
    // Characters, not bytes: the parser has checked the UTF-8, so every byte
    // that is not a continuation byte starts one (300 × "é" is 300, not 600).
    const auto chars = static_cast<std::size_t>(std::count_if(
        s.begin(), s.end(), [](unsigned char c) { return (c & 0xC0) != 0x80; }));
    if (s.empty() || chars > max_len)
        throw bad_field{std::string("field '") + name + "' must be 1.." +
                        std::to_string(max_len) + " characters"};
    return s;
}

// What a person writes for others to read (domain/person_text.hpp).
std::string person_str(const json& d, const char* name, std::size_t max_len) {
    auto cleaned = person_text(str(d, name, 4 * max_len), max_len);
    if (!cleaned)
        throw bad_field{std::string("field '") + name + "' must be 1.." + std::to_string(max_len) +
                        " characters, not only blanks"};
    return *cleaned;
}

bool boolean(const json& d, const char* name, bool fallback) {
    auto it = d.find(name);
    if (it == d.end()) return fallback;
    if (!it->is_boolean()) throw bad_field{std::string("field '") + name + "' must be a boolean"};
    return it->get<bool>();
}

std::int64_t integer(const json& v, const char* name, std::int64_t lo, std::int64_t hi) {
    if (!v.is_number_integer())
        throw bad_field{std::string("field '") + name + "' must be an integer"};
    auto n = v.get<std::int64_t>();
    if (n < lo || n > hi)
        throw bad_field{std::string("field '") + name + "' out of range " + std::to_string(lo) +
                        ".." + std::to_string(hi)};
    return n;
}

// "tc": {"initial_s", "increment_s"} or null (untimed). Required: a client must
// say "untimed" explicitly rather than get it by omission.
std::optional<time_control> tc(const json& d) {
    const json& v = field(d, "tc");
    if (v.is_null()) return std::nullopt;
    if (!v.is_object()) throw bad_field{"field 'tc' must be an object or null"};
    time_control t;
    // Correspondence: {"days": N} alone, N one of correspondence_days (0: unlimited).
    if (auto days = v.find("days"); days != v.end()) {
        if (v.size() != 1) throw bad_field{"a correspondence 'tc' has 'days' and nothing else"};
        auto n = integer(*days, "days", 0, 14);
        if (!valid_correspondence_days(static_cast<int>(n)))
            throw bad_field{
                "field 'days' must be 1, 2, 3, 5, 7 or 14 days per move, or 0 "
                "(unlimited)"};
        t.days = static_cast<int>(n);
        return t;
    }
    t.initial_s = static_cast<int>(integer(field(v, "initial_s"), "initial_s", 0, 10800));
    t.increment_s = static_cast<int>(integer(field(v, "increment_s"), "increment_s", 0, 180));
    if (t.initial_s == 0 && t.increment_s == 0)
        throw bad_field{"time control 0+0: use null for untimed"};
    return t;
}

room_cmd_msg room_cmd(const json& d, room_action a) {
    room_cmd_msg m;
    m.action = a;
    m.room = str(d, "room");
    if (a == room_action::move) {
        m.text = str(d, "move", 128);
        // A move is always acknowledged, so the client must say which one it is.
        if (!d.contains("ack")) throw bad_field{"a move needs an 'ack' id"};
    }
    if (a == room_action::chat) m.text = person_str(d, "text", 300);
    if (a == room_action::premove) {
        const json& line = field(d, "line");
        if (!line.is_array() || line.size() > max_premove_line || line.size() % 2)
            throw bad_field{
                "field 'line' must be a list of pairs (their move, your reply), at most " +
                std::to_string(max_premove_line) + " moves"};
        for (const auto& x : line) {
            if (!x.is_string() || x.get<std::string>().empty() || x.get<std::string>().size() > 128)
                throw bad_field{"every move of the line must be a text of 1..128 characters"};
            m.line.push_back(x.get<std::string>());
        }
    }
    return m;
}

// A chosen start: absent or null for the standard start.
std::string start_position(const json& d) {
    auto it = d.find("position");
    if (it == d.end() || it->is_null()) return {};
    return str(d, "position", 512);
}

seek_create_msg seek_create(const json& d, bool invite) {
    seek_create_msg m;
    m.game = str(d, "game");
    m.tc = tc(d);
    m.rated = boolean(d, "rated", false);
    auto it = d.find("color");
    m.color = it == d.end() ? "random" : str(d, "color", 16);
    m.invite = invite;
    m.position = start_position(d);
    return m;
}

// invite.show / invite.accept / invite.decline: the invite's code; a decline
// may say why (one of the known reasons; none: generic).
client_body answer(const json& d, invite_answer a) {
    invite_answer_msg m{str(d, "code"), a};
    if (a == invite_answer::decline && d.contains("reason") && !d["reason"].is_null()) {
        m.reason = str(d, "reason", 16);
        if (!known_decline_reason(m.reason))
            throw bad_field{"field 'reason' must be a known decline reason"};
    }
    return m;
}

tournament_msg tournament(const json& d, tournament_action a) {
    tournament_msg m{a, str(d, "id"), {}, {}};
    if (a == tournament_action::join && d.contains("code") && !d["code"].is_null())
        m.code = str(d, "code", 32);
    if (a == tournament_action::chat) m.text = person_str(d, "text", 300);
    return m;
}

// notify.prefs: "all_off" and "muted" (a list of known kinds), each optional.
notify_msg notify_prefs(const json& d) {
    notify_msg m{notify_action::prefs, {}, {}, {}};
    if (d.contains("all_off")) m.all_off = boolean(d, "all_off", false);
    if (auto it = d.find("muted"); it != d.end()) {
        if (!it->is_array() || it->size() > notice_kinds.size())
            throw bad_field{"field 'muted' must be a list of notification kinds"};
        std::vector<std::string> kinds;
        for (const auto& k : *it) {
            if (!k.is_string() || !known_notice_kind(k.get<std::string>()))
                throw bad_field{"field 'muted' has an unknown notification kind"};
            kinds.push_back(k.get<std::string>());
        }
        m.muted = std::move(kinds);
    }
    return m;
}

}  // namespace

bool known_decline_reason(std::string_view reason) {
    static constexpr std::string_view known[] = {"generic",     "later", "tooFast", "tooSlow",
                                                 "timeControl", "rated", "casual",  "standard",
                                                 "variant",     "noBot", "onlyBot"};
    return std::find(std::begin(known), std::end(known), reason) != std::end(known);
}

namespace {

using parser = std::function<client_body(const json&)>;

const std::map<std::string, parser, std::less<>>& parsers() {
    static const std::map<std::string, parser, std::less<>> table = {
        {"hello",
         [](const json& d) -> client_body {
             hello_msg m;
             if (d.contains("token")) m.token = str(d, "token", 128);
             return m;
         }},
        {"ping",
         [](const json& d) -> client_body {
             ping_msg m;
             if (d.contains("at")) m.at = integer(d["at"], "at", 0, INT64_C(1) << 53);
             return m;
         }},
        {"lobby.sub", [](const json&) -> client_body { return lobby_sub_msg{true}; }},
        {"lobby.unsub", [](const json&) -> client_body { return lobby_sub_msg{false}; }},
        {"seek.create", [](const json& d) -> client_body { return seek_create(d, false); }},
        {"invite.create", [](const json& d) -> client_body { return seek_create(d, true); }},
        {"seek.cancel",
         [](const json& d) -> client_body {
             return seek_cancel_msg{str(d, "id"), false};
         }},
        {"invite.cancel",
         [](const json& d) -> client_body {
             return seek_cancel_msg{str(d, "code"), true};
         }},
        {"seek.accept", [](const json& d) -> client_body { return seek_accept_msg{str(d, "id")}; }},
        {"invite.show", [](const json& d) { return answer(d, invite_answer::show); }},
        {"invite.accept", [](const json& d) { return answer(d, invite_answer::accept); }},
        {"invite.decline", [](const json& d) { return answer(d, invite_answer::decline); }},
        {"quick.join",
         [](const json& d) -> client_body {
             return quick_join_msg{str(d, "game"), tc(d), boolean(d, "rated", false)};
         }},
        {"quick.leave", [](const json&) -> client_body { return quick_leave_msg{}; }},
        {"analysis.start",
         [](const json& d) -> client_body {
             analysis_start_msg m;
             m.game = str(d, "game");
             if (d.contains("position") && !d["position"].is_null())
                 m.position = str(d, "position", 512);
             if (d.contains("moves")) {
                 const json& ms = d["moves"];
                 if (!ms.is_array() || ms.size() > 300)
                     throw bad_field{"field 'moves' must be a list of at most 300 moves"};
                 for (const auto& x : ms) {
                     if (!x.is_string() || x.get<std::string>().empty() || x.get<std::string>().size() > 128)
                         throw bad_field{"every move must be a text of 1..128 characters"};
                     m.moves.push_back(x.get<std::string>());
                 }
             }
             m.id = integer(field(d, "id"), "id", 0, INT32_MAX);
             return m;
         }},
        {"analysis.stop", [](const json&) -> client_body { return analysis_stop_msg{}; }},
        {"review.request",
         [](const json& d) -> client_body { return review_request_msg{str(d, "id")}; }},
        {"computer.play",
         [](const json& d) -> client_body {
             computer_play_msg m;
             m.game = str(d, "game");
             m.level = static_cast<int>(integer(field(d, "level"), "level", 1, 8));
             m.tc = tc(d);
             auto it = d.find("color");
             m.color = it == d.end() ? "random" : str(d, "color", 16);
             m.position = start_position(d);
             return m;
         }},
        {"live.sub",
         [](const json& d) -> client_body {
             return live_sub_msg{str(d, "game"), true};
         }},
        {"live.unsub",
         [](const json& d) -> client_body {
             return live_sub_msg{str(d, "game"), false};
         }},
        {"room.join",
         [](const json& d) -> client_body {
             room_join_msg m{str(d, "room"), std::nullopt};
             if (d.contains("v")) m.v = integer(d["v"], "v", 0, INT64_C(1) << 40);
             return m;
         }},
        {"room.leave", [](const json& d) -> client_body { return room_leave_msg{str(d, "room")}; }},
        {"move", [](const json& d) -> client_body { return room_cmd(d, room_action::move); }},
        {"resign", [](const json& d) -> client_body { return room_cmd(d, room_action::resign); }},
        {"abort", [](const json& d) -> client_body { return room_cmd(d, room_action::abort); }},
        {"claim",
         [](const json& d) -> client_body {
             auto m = room_cmd(d, room_action::claim_win);
             auto r = str(d, "result", 8);
             if (r == "draw") m.action = room_action::claim_draw;
             else if (r != "win") throw bad_field{"field 'result' must be \"win\" or \"draw\""};
             return m;
         }},
        {"draw.offer",
         [](const json& d) -> client_body { return room_cmd(d, room_action::draw_offer); }},
        {"draw.accept",
         [](const json& d) -> client_body { return room_cmd(d, room_action::draw_accept); }},
        {"draw.decline",
         [](const json& d) -> client_body { return room_cmd(d, room_action::draw_decline); }},
        {"rematch.offer",
         [](const json& d) -> client_body { return room_cmd(d, room_action::rematch_offer); }},
        {"rematch.accept",
         [](const json& d) -> client_body { return room_cmd(d, room_action::rematch_accept); }},
        {"rematch.decline",
         [](const json& d) -> client_body { return room_cmd(d, room_action::rematch_decline); }},
        {"takeback.offer",
         [](const json& d) -> client_body { return room_cmd(d, room_action::takeback_offer); }},
        {"takeback.accept",
         [](const json& d) -> client_body { return room_cmd(d, room_action::takeback_accept); }},
        {"takeback.decline",
         [](const json& d) -> client_body { return room_cmd(d, room_action::takeback_decline); }},
        {"chat", [](const json& d) -> client_body { return room_cmd(d, room_action::chat); }},
        {"premove", [](const json& d) -> client_body { return room_cmd(d, room_action::premove); }},
        {"berserk", [](const json& d) -> client_body { return room_cmd(d, room_action::berserk); }},
        {"tournament.join",
         [](const json& d) -> client_body { return tournament(d, tournament_action::join); }},
        {"tournament.withdraw",
         [](const json& d) -> client_body { return tournament(d, tournament_action::withdraw); }},
        {"tournament.pause",
         [](const json& d) -> client_body { return tournament(d, tournament_action::pause); }},
        {"tournament.sub",
         [](const json& d) -> client_body { return tournament(d, tournament_action::subscribe); }},
        {"tournament.chat",
         [](const json& d) -> client_body { return tournament(d, tournament_action::chat); }},
        {"tournament.unsub",
         [](const json& d) -> client_body {
             return tournament(d, tournament_action::unsubscribe);
         }},
        {"notify.list",
         [](const json&) -> client_body {
             return notify_msg{notify_action::list, {}, {}, {}};
         }},
        {"notify.read",
         [](const json& d) -> client_body {
             notify_msg m{notify_action::read, {}, {}, {}};
             if (d.contains("id") && !d["id"].is_null())
                 m.id = integer(d["id"], "id", 1, INT64_C(1) << 53);
             return m;
         }},
        {"notify.prefs", [](const json& d) -> client_body { return notify_prefs(d); }},
        {"puzzle.next",
         [](const json& d) -> client_body {
             return puzzle_cmd_msg{puzzle_action::next,
                                   str(d, "game"),
                                   {},
                                   {},
                                   d.contains("theme") ? str(d, "theme") : std::string()};
         }},
        {"puzzle.streak",
         [](const json& d) -> client_body {
             return puzzle_cmd_msg{puzzle_action::streak, str(d, "game"), {}, {}, {}};
         }},
        {"puzzle.open",
         [](const json& d) -> client_body {
             return puzzle_cmd_msg{puzzle_action::open, {}, str(d, "id"), {}, {}};
         }},
        {"puzzle.move",
         [](const json& d) -> client_body {
             return puzzle_cmd_msg{puzzle_action::move, {}, str(d, "id"), str(d, "move", 128), {}};
         }},
        {"puzzle.solution",
         [](const json& d) -> client_body {
             return puzzle_cmd_msg{puzzle_action::solution, {}, str(d, "id"), {}, {}};
         }},
    };
    return table;
}

decode_failure fail(std::string code, std::string message, std::string type = {},
                    std::optional<std::int64_t> ack = {}) {
    return decode_failure{{std::move(code), std::move(message)}, std::move(type), ack};
}

// The one message every move sends, read without building a JSON tree:
// {"t":"move","d":{"room":"...","move":"...","ack":N}} with its keys in any
// order, JSON whitespace, strings of printable ASCII without escapes, and an
// ack that is a plain integer in range. Anything else — another type, another
// key, an escape, a duplicate key, a bad value — returns nothing and goes
// through the full parser, which alone decides the errors: so a message means
// exactly what it meant before, only valid moves take the short way.
class move_reader {
public:
    explicit move_reader(std::string_view s) : p_(s.data()), end_(s.data() + s.size()) {}

    std::optional<client_msg> read() {
        std::string_view type, room, move;
        std::int64_t ack = -1;
        bool have_t = false, have_d = false;
        if (!take('{')) return std::nullopt;
        do {
            std::string_view key;
            if (!string(key) || !take(':')) return std::nullopt;
            if (key == "t" && !have_t) {
                if (!string(type) || type != "move") return std::nullopt;
                have_t = true;
            } else if (key == "d" && !have_d) {
                if (!body(room, move, ack)) return std::nullopt;
                have_d = true;
            } else {
                return std::nullopt;
            }
        } while (take(','));
        if (!take('}') || !have_t || !have_d) return std::nullopt;
        skip_space();
        if (p_ != end_) return std::nullopt;
        // The full parser's bounds (room_cmd): ASCII, so bytes are characters.
        if (room.empty() || room.size() > 64 || move.empty() || move.size() > 128) return std::nullopt;
        return client_msg{"move", ack,
                          room_cmd_msg{room_action::move, std::string(room), std::string(move)}};
    }

private:
    bool body(std::string_view& room, std::string_view& move, std::int64_t& ack) {
        bool have_room = false, have_move = false, have_ack = false;
        if (!take('{')) return false;
        do {
            std::string_view key;
            if (!string(key) || !take(':')) return false;
            if (key == "room" && !have_room) have_room = string(room);
            else if (key == "move" && !have_move) have_move = string(move);
            else if (key == "ack" && !have_ack) have_ack = integer(ack);
            else return false;
            if (!(key == "room" ? have_room : key == "move" ? have_move : have_ack)) return false;
        } while (take(','));
        return take('}') && have_room && have_move && have_ack;
    }
    void skip_space() {
        while (p_ != end_ && (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) ++p_;
    }
    bool take(char c) {
        skip_space();
        if (p_ == end_ || *p_ != c) return false;
        ++p_;
        return true;
    }
    bool string(std::string_view& out) {
        skip_space();
        if (p_ == end_ || *p_ != '"') return false;
        const char* start = ++p_;
        for (; p_ != end_; ++p_) {
            const auto c = static_cast<unsigned char>(*p_);
            if (c == '"') {
                out = {start, static_cast<std::size_t>(p_ - start)};
                ++p_;
                return true;
            }
            if (c < 0x20 || c > 0x7e || c == '\\') return false;
        }
        return false;
    }
    // 0..INT32_MAX written as JSON writes an integer: no sign, no leading zero,
    // no fraction or exponent (those make a float, which the full parser refuses).
    bool integer(std::int64_t& out) {
        skip_space();
        const char* start = p_;
        std::int64_t v = 0;
        while (p_ != end_ && *p_ >= '0' && *p_ <= '9' && p_ - start < 11) v = v * 10 + (*p_++ - '0');
        const auto digits = p_ - start;
        if (digits == 0 || digits > 10 || (digits > 1 && *start == '0') || v > INT32_MAX) return false;
        if (p_ != end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E' || (*p_ >= '0' && *p_ <= '9')))
            return false;
        out = v;
        return true;
    }

    const char* p_;
    const char* end_;
};

}  // namespace

decode_result decode_client(std::string_view frame) {
    if (auto m = move_reader(frame).read()) return std::move(*m);
    return decode_client_full(frame);
}

decode_result decode_client_full(std::string_view frame) {
    // No exceptions from the parser: malformed text is an ordinary event.
    json j = json::parse(frame, nullptr, false);
    if (j.is_discarded()) return fail("bad_message", "not valid JSON");
    if (!j.is_object()) return fail("bad_message", "a message must be a JSON object");
    auto t = j.find("t");
    if (t == j.end() || !t->is_string()) return fail("bad_message", "field 't' must be a string");
    std::string type = t->get<std::string>();
    if (type.size() > 32) return fail("bad_message", "field 't' too long");

    static const json empty = json::object();
    const json* d = &empty;
    if (auto it = j.find("d"); it != j.end() && !it->is_null()) {
        if (!it->is_object()) return fail("bad_message", "field 'd' must be an object", type);
        d = &*it;
    }
    std::optional<std::int64_t> ack;
    try {
        if (auto it = d->find("ack"); it != d->end()) ack = integer(*it, "ack", 0, INT32_MAX);
    } catch (const bad_field& e) {
        return fail("bad_message", e.message, type);
    }

    const auto& table = parsers();
    auto p = table.find(type);
    if (p == table.end()) return fail("unknown_type", "unknown message type '" + type + "'", type, ack);
    try {
        return client_msg{type, ack, p->second(*d)};
    } catch (const bad_field& e) {
        return fail("bad_message", e.message, type, ack);
    } catch (const std::exception& e) {
        // nlohmann type errors from an unexpected shape; still the client's fault.
        return fail("bad_message", e.what(), type, ack);
    }
}

}  // namespace kibitz::server
