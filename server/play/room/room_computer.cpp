// A seat played by the computer. The room asks the engine pool for a move
// when it is the computer's turn and receives the answer back on its strand,
// so the clock, storage, spectators and restart treat the computer like any
// player. Every request carries a turn number; cancelling (the game ended, the
// server stops) bumps it, so a late answer is dropped. Runs on the room's strand.
#include <functional>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "engine/engine_pool.hpp"
#include "play/room/room.hpp"

namespace kibitz::server {

namespace net = boost::asio;

namespace {
// A full pool queue is retried after this.
constexpr auto pool_full_retry = std::chrono::milliseconds(500);
}  // namespace

core::engine::clock_reading room::computer_clock(clock_type::time_point now) const {
    core::engine::clock_reading c;
    if (!clocks_.timed()) return c;
    c.timed = true;
    c.remaining_ms = clocks_.clock().remaining(computer_.seat(), now).count();
    c.increment_ms = static_cast<std::int64_t>(settings_.tc->increment_s) * 1000;
    return c;
}

void room::computer_turn() {
    if (computer_.seat() < 0 || !playing() || game_->to_move() != computer_.seat()) return;
    engine_pool* pool = hub_.deps().engine;
    if (!pool) {
        spdlog::error("room {}: a computer seat but no engine pool", id_);
        return;
    }
    const int level = seats_[computer_.seat()].who->computer_level;
    const auto now = clock_type::now();
    const core::engine::clock_reading clock = computer_clock(now);
    std::int64_t think =
        core::engine::think_time_ms(clock, level, static_cast<int>(journal_.size()));
    if (auto cap = hub_.config().computer_max_think.count(); cap > 0) think = std::min(think, cap);

    engine_pool::job j;
    j.owner = id_;
    j.game = game_->clone();
    j.limits.movetime_ms = std::max<std::int64_t>(think, 1);
    j.limits.iteration_start_percent = core::engine::iteration_start_percent(clock);
    j.limits.level = level;
    // Full strength plays the endgame tables' perfect moves; the lower levels
    // keep their mistakes (they must stay beatable).
    j.use_endgame = level == core::engine::max_level;
    // Full strength also starts from what its last search found (the pool
    // thread's table); the lower levels' node budgets stay reproducible.
    j.limits.keep_table = level == core::engine::max_level;
    // The opening book's moves at once (levels 5-8: each picks among them as
    // among searched moves, so openings still vary below full strength; 1-4
    // search, their own margins wider than the book's).
    j.limits.book = true;
    // Varied between games and plies, yet the same for a replayed position.
    j.limits.seed = std::hash<std::string>{}(id_) ^ (journal_.size() * 0x9E3779B97F4A7C15ull);
    const std::uint64_t turn = computer_.ask(j.stop);
    j.done = [self = shared_from_this(), turn, now](engine_pool::outcome r) {
        // On a pool thread: hand the answer to the room's strand.
        net::post(self->strand_, [self, turn, now, r = std::move(r)]() mutable {
            try {
                self->computer_answer(turn, now, std::move(r));
            } catch (const std::exception& e) {
                spdlog::error("room {}: computer move: {}", self->id_, e.what());
            }
        });
    };
    if (pool->submit(std::move(j))) return;
    // The pool's queue is full (many computer games at once): ask again soon.
    spdlog::warn("room {}: engine queue full, retrying", id_);
    computer_timer_.expires_after(pool_full_retry);
    computer_timer_.async_wait(
        [self = shared_from_this(), this, turn](boost::system::error_code ec) {
            if (!ec && computer_.current(turn)) computer_turn();
        });
}

void room::computer_answer(std::uint64_t turn, clock_type::time_point asked,
                           core::result<core::engine::report> r) {
    if (!computer_.current(turn) || !playing() || game_->to_move() != computer_.seat()) return;
    std::string text;
    if (r) {
        text = r.value().text;
        // A lone legal move is answered without a search (depth 0, score 0):
        // keep the last searched opinion instead.
        computer_.heard(r.value().depth, r.value().score);
    } else if (hub_.stopping()) {
        return;  // the pool is shutting down; the game goes on after the restart
    } else {
        // Never leave the game hanging: any legal move is better than none.
        spdlog::error("room {}: the engine gave no move: {}", id_, r.reason());
        text = game_->move_text(0);
    }
    const auto now = clock_type::now();
    std::int64_t delay = 0;
    if (hub_.config().computer_natural_delay) {
        const int level = seats_[computer_.seat()].who->computer_level;
        const auto spent =
            std::chrono::duration_cast<std::chrono::milliseconds>(now - asked).count();
        delay = core::engine::natural_delay_ms(computer_clock(now), level, turn) - spent;
    }
    if (delay <= 0) return computer_play(turn, text);
    computer_timer_.expires_after(std::chrono::milliseconds(delay));
    computer_timer_.async_wait(
        [self = shared_from_this(), this, turn, text](boost::system::error_code ec) {
            if (ec) return;
            try {
                computer_play(turn, text);
            } catch (const std::exception& e) {
                spdlog::error("room {}: computer move: {}", id_, e.what());
            }
        });
}

void room::computer_play(std::uint64_t turn, const std::string& text) {
    if (!computer_.current(turn) || !playing() || game_->to_move() != computer_.seat()) return;
    if (auto err = play_move(computer_.seat(), text, {}))
        spdlog::error("room {}: the computer's move '{}' was refused: {}", id_, text, err->message);
}

void room::computer_stop() {
    computer_.cancel();
    computer_timer_.cancel();
}

}  // namespace kibitz::server
