-- 0010: personal API tokens and bot accounts (issue 26).
-- A token is an account's key for programs: only a BLAKE2b digest of it is
-- stored (server/auth/token.hpp), as for sessions, so a stolen database file
-- opens no door. `scopes` is the space-separated list granted at creation
-- (server/auth/api_scopes.hpp); revoking a token deletes its row.
CREATE TABLE api_tokens (
    id            INTEGER PRIMARY KEY,
    token_hash    BLOB NOT NULL UNIQUE,
    player_id     INTEGER NOT NULL REFERENCES players(id),
    description   TEXT NOT NULL,
    scopes        TEXT NOT NULL,
    created_ms    INTEGER NOT NULL,
    last_used_ms  INTEGER             -- NULL: never used
);
CREATE INDEX api_tokens_player ON api_tokens(player_id, id);

-- When an account turned itself into a bot (irreversible); NULL for everyone else.
ALTER TABLE players ADD COLUMN bot_ms INTEGER;
CREATE INDEX players_bots ON players(bot_ms) WHERE bot_ms IS NOT NULL;
