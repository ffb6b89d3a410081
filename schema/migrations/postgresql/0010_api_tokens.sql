-- 0010 (PostgreSQL): API tokens and bot accounts; see ../0010_api_tokens.sql.
CREATE TABLE api_tokens (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash    BYTEA NOT NULL UNIQUE,
    player_id     BIGINT NOT NULL REFERENCES players(id),
    description   TEXT NOT NULL,
    scopes        TEXT NOT NULL,
    created_ms    BIGINT NOT NULL,
    last_used_ms  BIGINT
);
CREATE INDEX api_tokens_player ON api_tokens(player_id, id);

ALTER TABLE players ADD COLUMN bot_ms BIGINT;
CREATE INDEX players_bots ON players(bot_ms) WHERE bot_ms IS NOT NULL;
