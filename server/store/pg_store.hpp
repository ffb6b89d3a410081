#pragma once
// The PostgreSQL implementation of `store`, chosen by `--db postgresql://...`.
//
// Owns, like sqlite_store: one writer db_worker (one connection; every write,
// in the order made, with group commit: one COMMIT, so one WAL flush, covers
// every job queued meanwhile) and a pool of `readers` reader connections
// (round robin), each on its own thread. Each job's statements are prepared
// once per connection. Handlers run on those threads.
//
// Durability contract: every connection runs with synchronous_commit=on, and
// a handler that reports success runs only after COMMIT returned, i.e. after
// the server flushed the commit to its WAL: an acknowledged move survives the
// loss of this process and of the database server's process.
//
// Game keys: start_game hands the key out before the insert commits, so the
// store takes blocks of 4096 keys from the database (the game_key_blocks
// sequence). Two processes on one database never get the same key; once a
// block is used up the next is fetched on the spot (one round trip per 4096
// games, on a connection of its own).
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "store/db_worker.hpp"
#include "store/migrations.hpp"
#include "store/pg_db.hpp"
#include "store/store.hpp"

namespace kibitz::server::storage {

using pg_job = basic_db_job<pg_db>;
using pg_worker = basic_db_worker<pg_db>;
extern template class basic_db_worker<pg_db>;

struct pg_options {
    std::string url;                // postgresql://user@host:port/db?...
    int readers = 2;                // the reader connection pool
    std::size_t max_batch = 256;    // jobs per group commit
    // A cluster node's name (--cluster): its writes of a game are fenced by
    // the game_owner row (docs/cluster.md). Empty: a single node, no fence.
    std::string fence_node;
};

// True for a `--db` value that names a PostgreSQL database.
bool is_postgresql_url(const std::string& db);
// `db` fit for a log line or an error: a URL's password replaced by "***".
std::string without_password(const std::string& db);

class pg_store final : public store {
public:
    // Connects, applies pending migrations (serialised between processes by
    // an advisory lock), and refuses a schema newer than this build.
    static core::result<std::unique_ptr<pg_store>> open(const pg_options& options);
    static core::result<std::unique_ptr<pg_store>> open(const pg_options& options,
                                                        std::span<const migration> list);
    ~pg_store() override;  // finishes every queued job (their handlers run), then closes

    void create_guest(std::string name, std::int64_t now_ms, handler<player> h) override;
    void computer_players(std::int64_t now_ms, handler<std::vector<player>> h) override;
    void create_account(std::string username, std::string password_hash,
                        std::optional<player_id> guest, std::int64_t now_ms,
                        handler<player> h) override;
    void find_login(std::string username, handler<std::optional<account_login>> h) override;
    void create_session(std::string token_hash, player_id who, std::int64_t now_ms,
                        handler<bool> h) override;
    void find_session(std::string token_hash, std::int64_t now_ms,
                      handler<std::optional<player>> h) override;
    void delete_session(std::string token_hash, handler<bool> h) override;
    void expire_sessions(std::int64_t before_ms, handler<int> h) override;

    game_key start_game(new_game g, handler<game_key> h) override;
    void append_move(game_key game, move_record m, handler<bool> h) override;
    void truncate_moves(game_key game, int keep, handler<int> h) override;
    void end_game(game_end e, handler<end_summary> h) override;
    void add_chat(game_key game, std::optional<player_id> who, std::string channel,
                  std::string text, std::int64_t now_ms, handler<bool> h) override;

    void unfinished_games(handler<std::vector<game_record>> h) override;
    void game(game_key id, handler<std::optional<game_record>> h) override;
    void game_by_public_id(std::string public_id,
                           handler<std::optional<game_record>> h) override;
    void profile_of(std::string username, int recent_limit, game_key before,
                    handler<std::optional<profile>> h) override;
    void leaderboard(std::string game_id, int limit, handler<std::vector<leader>> h) override;
    void recent_games(int limit, handler<std::vector<game_summary>> h) override;
    void set_rematch(game_key game, std::string rematch_public_id, handler<bool> h) override;
    void save_analysis(game_key game, std::string data, std::int64_t now_ms,
                       handler<bool> h) override;
    void analysis_of(game_key game, handler<std::optional<std::string>> h) override;
    void record_lesson(player_id who, std::string game_id, std::string lesson,
                       std::int64_t now_ms, handler<bool> h) override;
    void lessons_of(player_id who, handler<std::vector<lesson_done>> h) override;

    // Cluster fencing (options.fence_node set): this node takes `game` over
    // from whichever node had it. Bumps the game's epoch in game_owner and
    // from then on writes the game under that epoch; the node that had it is
    // refused every further write of it. The handler gets the new epoch; a
    // write already committed by the old owner is visible to a read issued
    // after the handler ran (the owner row is locked by each fenced write).
    void claim_game(game_key game, handler<std::int64_t> h);

private:
    pg_store() = default;
    // Throws unless this node holds `game` (no-op without a fence). Locks the
    // owner row until the transaction ends, so a claim waits for the write.
    void check_fence(pg_db& db, game_key game);
    template <class T, class F>
    void write(handler<T> h, F fn);
    template <class T, class F>
    void read(handler<T> h, F fn);
    // The next game key (fetching a new block when this one is used up).
    core::result<game_key> next_key();

    std::unique_ptr<pg_worker> writer_;
    std::vector<std::unique_ptr<pg_worker>> readers_;
    std::atomic<std::size_t> next_reader_{0};
    std::mutex keys_mutex_;
    std::unique_ptr<pg_db> keys_db_;  // under keys_mutex_
    game_key next_key_ = 0, block_end_ = 0;
    std::string fence_node_;
    // The epoch this node holds per game it started or claimed; touched only
    // by jobs, which all run on the writer thread.
    std::map<game_key, std::int64_t> epochs_;
};

}  // namespace kibitz::server::storage
