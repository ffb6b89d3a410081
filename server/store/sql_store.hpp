#pragma once
// The one implementation of `store`, `tournament_store`, `token_store`,
// `notification_store`, `puzzle_store` and `relation_store`, for SQLite and
// PostgreSQL alike: every operation is written once, in SQL both databases read, over a `Dialect`
// (sqlite_dialect.hpp, pg_dialect.hpp) that names the connection type and holds what truly differs.
// sqlite_store and pg_store only open one.
//
// Owns: one writer worker (the only connection that writes; every write in
// the order made, with group commit: db_worker.hpp), `readers` reader workers
// (round robin) for queries, each job one read transaction, and a connection
// of its own that reserves game keys. Handlers run on the workers' threads.
//
// Game keys: start_game hands its key out at once, before the insert commits,
// from a block of keys the dialect reserves in the database: no two stores on
// one database hand out the same key, and a key handed out is never handed
// out again, even if its game was never stored. The first block is reserved
// at open on the store's keys connection; each next one by a writer job
// (reserve_block_in, in the writer's transaction) posted once half the block
// in use is spent, so it is committed long before it is needed and the caller
// never waits. On SQLite that keeps the writer the file's one writer: a
// reservation on the keys connection while the server runs waited for the
// writer's lock between group commits and, under load, failed with "database
// is locked" (issue 47). Only when a block runs out with the next one still
// in flight does the caller wait for it (or, on the writer's own thread or
// if it failed, reserve on the keys connection as at open).
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

#include "store/db_worker.hpp"
#include "store/notification_store.hpp"
#include "store/puzzle_store.hpp"
#include "store/relation_store.hpp"
#include "store/store.hpp"
#include "store/token_store.hpp"
#include "store/tournament_store.hpp"

namespace kibitz::server::storage {

template <class Dialect>
class sql_store : public store,
                  public tournament_store,
                  public token_store,
                  public notification_store,
                  public puzzle_store,
                  public relation_store {
public:
    using db_type = typename Dialect::db;
    using worker = basic_db_worker<db_type>;

    ~sql_store() override;  // finishes every queued job (their handlers run), then closes

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
    void set_rematch(game_key game, std::string rematch_public_id, handler<bool> h) override;
    void set_premove(game_key game, int seat, std::vector<std::string> line,
                     handler<bool> h) override;

    void unfinished_games(handler<std::vector<game_record>> h) override;
    void correspondence_games_of(player_id who, handler<std::vector<game_record>> h) override;
    void unfinished_live_games(handler<std::vector<game_record>> h) override;
    void correspondence_in_play(handler<std::vector<game_summary>> h) override;
    void game(game_key id, handler<std::optional<game_record>> h) override;
    void game_by_public_id(std::string public_id, handler<std::optional<game_record>> h) override;
    void profile_of(std::string username, int recent_limit, game_key before,
                    handler<std::optional<profile>> h) override;
    void leaderboard(std::string game_id, int limit, handler<std::vector<leader>> h) override;
    void recent_games(int limit, handler<std::vector<game_summary>> h) override;

    void save_analysis(game_key game, std::string data, std::int64_t now_ms,
                       handler<bool> h) override;
    void analysis_of(game_key game, handler<std::optional<std::string>> h) override;
    void record_lesson(player_id who, std::string game_id, std::string lesson, std::int64_t now_ms,
                       handler<bool> h) override;
    void lessons_of(player_id who, handler<std::vector<lesson_done>> h) override;

    // tournament_store (sql_store_tournaments_impl.hpp).
    void create_tournament(std::string public_id, tournament_settings s, std::int64_t now_ms,
                           handler<tournament_row> h) override;
    void set_tournament_status(tournament_key id, std::string status, std::int64_t now_ms,
                               handler<bool> h) override;
    void set_tournament_extra(tournament_key id, std::string extra, handler<bool> h) override;
    void list_tournaments(int finished_limit, handler<std::vector<tournament_row>> h) override;
    void tournament(std::string public_id, handler<std::optional<tournament_record>> h) override;
    void unfinished_tournaments(handler<std::vector<tournament_record>> h) override;
    void join_tournament(tournament_key id, player_id who, std::int64_t now_ms,
                         handler<bool> h) override;
    void set_entry_state(tournament_key id, player_id who, bool withdrawn, bool paused,
                         handler<bool> h) override;
    void add_pairing(tournament_key id, tournament_pairing p, handler<std::int64_t> h) override;
    void set_berserk(std::string room, int seat, handler<bool> h) override;
    void record_result(pairing_result r, handler<bool> h) override;
    void claim_tournaments(handler<std::int64_t> h) override;
    void add_tournament_chat(tournament_key id, tournament_chat_entry line,
                             handler<bool> h) override;
    // token_store (sql_store_tokens_impl.hpp).
    void create_api_token(std::string token_hash, api_token t, handler<api_token> h) override;
    void api_tokens_of(player_id owner, handler<std::vector<api_token>> h) override;
    void find_api_token(std::string token_hash, std::int64_t now_ms, std::int64_t touch_every_ms,
                        handler<std::optional<token_holder>> h) override;
    void revoke_api_token(player_id owner, std::int64_t id, handler<bool> h) override;
    void make_bot(player_id who, std::int64_t now_ms,
                  std::function<std::optional<std::string>(int rated_games)> admit,
                  handler<player> h) override;
    void bots(int limit, int recent_limit, handler<std::vector<bot_listing>> h) override;
    void set_bot_challenges(player_id who, bool accept, handler<bool> h) override;
    void bot_challenges(player_id who, handler<bool> h) override;
    void set_language(player_id who, std::string code, handler<bool> h) override;
    void language(player_id who, handler<std::string> h) override;
    // notification_store (sql_store_notifications_impl.hpp).
    void add_notification(player_id who, std::string kind, std::string data, std::int64_t now_ms,
                          int keep, handler<notification_row> h) override;
    void notifications_of(player_id who, int limit, handler<notification_page> h) override;
    void mark_notifications_read(player_id who, std::optional<std::int64_t> id, std::int64_t now_ms,
                                 handler<int> h) override;
    void notification_prefs_of(player_id who, handler<notification_prefs> h) override;
    void set_notification_prefs(player_id who, notification_prefs p, handler<bool> h) override;
    void add_push_subscription(push_subscription s, handler<push_subscription> h) override;
    void push_subscriptions_of(player_id who, handler<std::vector<push_subscription>> h) override;
    void remove_push_subscription(std::string endpoint, handler<bool> h) override;
    void server_key(std::string name, std::function<std::string()> make, std::int64_t now_ms,
                    handler<std::string> h) override;
    // puzzle_store (sql_store_puzzles_impl.hpp).
    void load_puzzles(std::vector<puzzle_row> puzzles, handler<std::vector<puzzle_row>> h) override;
    void puzzle_solver_of(player_id who, std::string game, handler<puzzle_solver> h) override;
    void record_puzzle_try(puzzle_try t, puzzle_rater rate,
                           handler<std::optional<puzzle_try_rated>> h) override;
    void record_puzzle_streak(player_id who, std::string game, int count, std::int64_t at_ms,
                              handler<bool> h) override;
    void puzzle_history_of(std::string name, handler<std::optional<puzzle_history>> h) override;
    // relation_store (sql_store_relations_impl.hpp).
    void block(player_id blocker, std::string name, int cap, std::int64_t now_ms,
               handler<block_answer> h) override;
    void unblock(player_id blocker, std::string name, handler<std::optional<player>> h) override;
    void blocks_of(player_id blocker, handler<std::vector<player>> h) override;
    void all_blocks(handler<std::vector<block_pair>> h) override;
    void file_report(report_record r, int per_day, evidence_maker evidence,
                     handler<report_answer> h) override;
    void open_reports(player_id reported, handler<std::vector<stored_report>> h) override;

protected:
    // The connections a backend's open() made, migrated: `keys` reserves the
    // game keys. Then open() calls first_key() to fail now, not at the first game.
    sql_store(Dialect dialect, std::unique_ptr<db_type> keys, std::unique_ptr<worker> writer,
              std::vector<std::unique_ptr<worker>> readers);
    // Reserves the first block of keys; its first key stays the next handed out.
    core::result<game_key> first_key();
    // Finishes every queued job, and what their handlers queue in turn. The
    // final backend calls it first in its destructor: a handler may call the
    // store again, which must still be the whole object then, not a base
    // part being destroyed (ThreadSanitizer's "data race on vptr").
    void drain();

    // Runs fn(db) -> T as a job on the writer (write) or a reader (read); the
    // handler gets the value after commit, or the reason (db_error text).
    template <class T, class F>
    void write(handler<T> h, F fn);
    template <class T, class F>
    void read(handler<T> h, F fn);

    Dialect dialect_;  // its fencing state is touched by writer jobs only

private:
    core::result<game_key> next_key();
    core::result<game_key> reserve_now();  // on keys_db_; under keys_mutex_
    void reserve_ahead();                  // posts the writer job; not under keys_mutex_

    std::mutex keys_mutex_;
    std::condition_variable ahead_done_;
    std::unique_ptr<db_type> keys_db_;  // under keys_mutex_
    game_key next_key_ = 0, block_end_ = 0;
    std::int64_t ahead_block_ = -1;  // reserved and committed, not yet in use; -1: none
    bool reserving_ = false;         // a writer job is reserving the next block
    std::unique_ptr<worker> writer_;
    std::vector<std::unique_ptr<worker>> readers_;
    std::atomic<std::size_t> next_reader_{0};
};

}  // namespace kibitz::server::storage
