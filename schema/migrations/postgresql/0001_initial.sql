-- 0001 (PostgreSQL): the same tables as ../0001_initial.sql, in PostgreSQL's
-- dialect; the comments there explain each table. Applied in one transaction
-- by the store (server/store/pg_store.cpp), which also records the version in
-- schema_version; this file must not do either.
-- Differences from SQLite: BIGINT/DOUBLE PRECISION/BOOLEAN/BYTEA types,
-- identity columns for row ids, and a unique index on lower(username) for
-- case-insensitive usernames (SQLite: COLLATE NOCASE).

CREATE TABLE accounts (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username       TEXT NOT NULL,
    password_hash  TEXT NOT NULL,
    created_ms     BIGINT NOT NULL
);
-- Usernames are ASCII only (server/auth/username.hpp): lower() is exact.
CREATE UNIQUE INDEX accounts_username ON accounts (lower(username));

CREATE TABLE players (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        TEXT NOT NULL,
    account_id  BIGINT UNIQUE REFERENCES accounts(id),
    created_ms  BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash    BYTEA PRIMARY KEY,
    player_id     BIGINT NOT NULL REFERENCES players(id),
    created_ms    BIGINT NOT NULL,
    last_seen_ms  BIGINT NOT NULL
);
CREATE INDEX sessions_player ON sessions(player_id);
CREATE INDEX sessions_last_seen ON sessions(last_seen_ms);

-- Game keys are handed out by the store before the row is inserted (the room
-- needs its key at once): each store takes a block of keys from this sequence
-- (block * 4096 .. block * 4096 + 4095), so two processes never collide.
CREATE SEQUENCE game_key_blocks START WITH 1;

CREATE TABLE games (
    id              BIGINT PRIMARY KEY,
    game_id         TEXT NOT NULL,
    initial_ms      BIGINT NOT NULL,
    increment_ms    BIGINT NOT NULL,
    rated           BOOLEAN NOT NULL,
    private         BOOLEAN NOT NULL,
    start_position  TEXT,
    seat0           BIGINT NOT NULL REFERENCES players(id),
    seat1           BIGINT NOT NULL REFERENCES players(id),
    status          TEXT NOT NULL DEFAULT 'playing'
                    CHECK (status IN ('playing', 'finished', 'aborted')),
    winner          INTEGER CHECK (winner IN (0, 1)),
    reason          TEXT,
    created_ms      BIGINT NOT NULL,
    ended_ms        BIGINT
);
CREATE INDEX games_seat0 ON games(seat0, id);
CREATE INDEX games_seat1 ON games(seat1, id);
CREATE INDEX games_status ON games(status, ended_ms);

CREATE TABLE moves (
    game      BIGINT NOT NULL REFERENCES games(id),
    ply       INTEGER NOT NULL,
    seat      INTEGER NOT NULL CHECK (seat IN (0, 1)),
    notation  TEXT NOT NULL,
    clock0_ms BIGINT NOT NULL,
    clock1_ms BIGINT NOT NULL,
    at_ms     BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);

CREATE TABLE ratings (
    player_id   BIGINT NOT NULL REFERENCES players(id),
    game_id     TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    updated_ms  BIGINT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX ratings_board ON ratings(game_id, rating DESC);

CREATE TABLE rating_history (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id   BIGINT NOT NULL REFERENCES players(id),
    game_id     TEXT NOT NULL,
    game        BIGINT NOT NULL REFERENCES games(id),
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    at_ms       BIGINT NOT NULL
);
CREATE INDEX rating_history_player ON rating_history(player_id, game_id, id);

CREATE TABLE chat (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game       BIGINT NOT NULL REFERENCES games(id),
    player_id  BIGINT REFERENCES players(id),
    channel    TEXT NOT NULL CHECK (channel IN ('players', 'spectators')),
    text       TEXT NOT NULL,
    at_ms      BIGINT NOT NULL
);
CREATE INDEX chat_game ON chat(game, id);
