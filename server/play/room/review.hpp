#pragma once
// The computer's review of finished games: on request, every position of the
// game is searched on the engine pool at a fixed node budget (one position
// at a time, so a long game never holds the pool), each move's loss against
// the best move is marked (inaccuracy, mistake, blunder), and the result is
// stored with the game: made once, then served from the store. Everyone who
// asked while it runs gets its progress. Thread-safe (one mutex, short
// sections); the work hops between the store's threads and the pool's.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "play/peer.hpp"
#include "store/records.hpp"

namespace kibitz::core { class game; }

namespace kibitz::server {

class hub;

class reviewer : public std::enable_shared_from_this<reviewer> {
public:
    explicit reviewer(hub& h) : hub_(h) {}
    // Answers `to` with review.progress frames and one review.done, or an error.
    void request(std::string public_id, peer_ref to);

    // From the positions' scores (seat 0's side) and the moves: the marks and
    // the per-seat summary. Pure; public for its tests.
    static nlohmann::json judge(const std::vector<nlohmann::json>& evals,
                                const std::vector<std::string>& moves,
                                const std::vector<int>& movers);

private:
    struct task;
    void begin(const storage::game_record& g, peer_ref to);
    void search_next(std::shared_ptr<task> t);
    void complete(std::shared_ptr<task> t);
    // To everyone waiting for t.
    void tell(const std::shared_ptr<task>& t, const std::shared_ptr<const std::string>& f);

    hub& hub_;
    std::mutex mu_;
    std::map<std::string, std::shared_ptr<task>> running_;  // by public id
};

}  // namespace kibitz::server
