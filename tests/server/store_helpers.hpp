#pragma once
// Shared steps of the database-backed server tests: a temporary directory with
// a database file, accounts registered straight through auth::accounts (no
// HTTP needed), read-only queries on the file with sqlite3, and moves chosen
// from the legal moves the server sends.
#include <string>

#include "helpers.hpp"
#include "temp_dir.hpp"  // tests/support: kibitz::test::temp_dir

namespace kibitz::test {

struct registered {
    std::string token;
    std::int64_t row = 0;
};
// Opens the database (migrating it), registers `name`, returns a session token.
registered register_account(const std::string& db, const std::string& name,
                            const std::string& password);

// One integer from a read-only query on the database file (-1 on failure).
std::int64_t db_scalar(const std::string& db, const std::string& sql,
                       const std::string& text_arg = "");
bool db_exec(const std::string& db, const std::string& sql);  // read-write
std::string db_text(const std::string& db, const std::string& sql,
                    const std::string& text_arg = "");

// A query of one column (or expression) of the game whose room id is bound
// as the text argument of db_scalar/db_text.
inline std::string by_room(const std::string& what) {
    return "SELECT " + what + " FROM games WHERE public_id = ?";
}

// The first legal move in a board (room.state's d.board or a move event's).
inline std::string first_move(const json& board) {
    if (!board.contains("moves") || board["moves"].empty()) return "";
    return board["moves"][0]["text"];
}

// The in-process server with a database file at `db`.
inline std::function<void(server::server_config&)> with_db(const std::string& db) {
    return [db](server::server_config& c) {
        c.db = db;
        c.db_sync_full = false;  // NORMAL: still survives a process kill; faster on slow disks
    };
}

}  // namespace kibitz::test
