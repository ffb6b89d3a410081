#pragma once
// The SQLite implementation of `store`: one database file, WAL mode.
//
// Owns: one writer db_worker (the only connection that writes; group commit,
// see db_worker.hpp) and `readers` reader workers (round robin) for queries.
// Handlers run on those threads. A third connection reserves game keys.
//
// Game keys: start_game hands its key out at once, before the insert commits,
// from a block reserved in the database (blocks of 1024, counted in the
// header's PRAGMA user_version, under BEGIN IMMEDIATE), as pg_store takes
// its blocks from a sequence: no two stores on one file (the server's lock
// file forbids a second server; a tool might not) hand out the same key, and
// a key handed out is never handed out again, even if its game was never
// stored. A reservation is one short transaction, made on the caller's
// thread once every 1024 games.
//
// Durability contract (synchronous=FULL, the default): a handler that reports
// success runs only after COMMIT returned, and with FULL the WAL is fsynced at
// every commit, so an acknowledged move survives a process kill AND an OS crash
// or power cut. With synchronous_full=false (NORMAL) it survives a process kill
// (SIGKILL) but the last commits may be lost on a power cut; that trade is
// there for disks where fsync is slow. Group commit keeps FULL affordable:
// one fsync covers every write queued meanwhile.
#include <atomic>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "store/db_worker.hpp"
#include "store/migrations.hpp"
#include "store/store.hpp"

namespace kibitz::server::storage {

struct store_options {
    std::string path;               // database file; created when missing
    bool synchronous_full = true;
    int readers = 1;
    int busy_timeout_ms = 5000;
    std::size_t max_batch = 256;    // jobs per group commit
    // Largest database in pages (PRAGMA max_page_count on the writer), 0: no
    // cap. Past it writes fail as on a full disk (SQLITE_FULL).
    std::int64_t max_pages = 0;
};

class sqlite_store final : public store {
public:
    // Opens (creating when missing), applies pending migrations, and refuses a
    // database newer than this build with a clear reason.
    static core::result<std::unique_ptr<sqlite_store>> open(const store_options& options);
    static core::result<std::unique_ptr<sqlite_store>> open(const store_options& options,
                                                            std::span<const migration> list);
    // Bytes SQLite holds in this process (every connection's page cache, up
    // to cache_size each: sqlite_db.cpp, and prepared statements); any thread.
    static long long memory_in_use();
    ~sqlite_store() override;  // finishes every queued job (their handlers run), then closes

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

private:
    sqlite_store() = default;
    template <class T, class F>
    void write(handler<T> h, F fn);
    template <class T, class F>
    void read(handler<T> h, F fn);
    core::result<game_key> next_key();

    std::unique_ptr<db_worker> writer_;
    std::vector<std::unique_ptr<db_worker>> readers_;
    std::atomic<std::size_t> next_reader_{0};
    std::mutex keys_mutex_;
    std::unique_ptr<sqlite_db> keys_db_;  // under keys_mutex_
    game_key next_key_ = 0, block_end_ = 0;
};

}  // namespace kibitz::server::storage
