#pragma once
// The game_recorder that writes every game to the store as it happens: the
// start (settings, seats, start position, the room id as the game's public
// id), each move with both clocks and its time, the chat, then the result.
//
// Owns the room id -> game key map (under a mutex; rooms call from their own
// strands). Every call returns at once: the store queues the work on its
// writer thread, in call order, and runs the handlers there. A move's `done`
// runs once the store reports it committed, which is when the room acks it.
// Starts and ends go through rating::rated_games (guests casual only, Glicko-2
// for rated games); rating changes are handed to `on_rating` (the hub's cache).
#include <functional>
#include <map>
#include <mutex>

#include "play/game_recorder.hpp"
#include "rating/rated_games.hpp"
#include "store/store.hpp"

namespace kibitz::server {

class store_recorder final : public game_recorder {
public:
    using rating_sink =
        std::function<void(std::int64_t row, const std::string& game, storage::rating_value)>;

    store_recorder(storage::store& s, rating_sink on_rating);

    void on_start(const game_started& g) override;
    void on_move(const move_played& m, move_done done) override;
    void on_end(const game_ended& e, ratings_done done) override;
    void on_takeback(const std::string& room, int plies_left) override;
    void on_chat(const chat_said& c) override;
    void on_rematch(const std::string& room, const std::string& next) override;
    void on_premove(const std::string& room, int seat,
                    const std::vector<std::string>& line) override;
    void on_forget(const std::string& room) override;
    void on_restore(const std::string& room, std::int64_t key,
                    const std::string& game_id) override;
    std::optional<std::int64_t> key_of(const std::string& room) override;

private:
    struct entry {
        storage::game_key key = 0;
        std::string game_id;  // its rating pool (time_control.hpp rating_pool)
        bool ended = false;  // kept until forgotten: chat after the end is stored too
    };
    std::optional<entry> find(const std::string& room, bool end = false);

    storage::store& store_;
    rating::rated_games rated_;  // the platform's rules over store_
    rating_sink on_rating_;
    std::mutex mu_;
    std::map<std::string, entry> games_;  // by room id, until the room is forgotten
};

}  // namespace kibitz::server
