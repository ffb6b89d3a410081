-- 0001: players, accounts, sessions, games, moves, ratings, rating history, chat.
-- Applied in one transaction by the store (server/store/migrations.cpp), which
-- also records the version in schema_version; this file must not do either.
-- Times are Unix milliseconds (INTEGER). Seat 0 is the side that moves first.

-- Everyone who plays is a player: a guest (account_id NULL) or the one player
-- row of an account. Registering as a guest turns the guest's row into the
-- account's row, so the guest's games stay theirs ("adoption").
CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    account_id  INTEGER UNIQUE REFERENCES accounts(id),
    created_ms  INTEGER NOT NULL
);

-- Usernames are ASCII only (see server/auth/username.hpp), so NOCASE (which
-- folds ASCII only) is exactly the case-insensitive uniqueness we want.
CREATE TABLE accounts (
    id             INTEGER PRIMARY KEY,
    username       TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash  TEXT NOT NULL,           -- libsodium argon2id string, never the password
    created_ms     INTEGER NOT NULL
);

-- Only a hash of each token is stored: a stolen database file cannot log anyone in.
CREATE TABLE sessions (
    token_hash    BLOB PRIMARY KEY,
    player_id     INTEGER NOT NULL REFERENCES players(id),
    created_ms    INTEGER NOT NULL,
    last_seen_ms  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_player ON sessions(player_id);

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    game_id         TEXT NOT NULL,            -- rules id: checkers, oware, ouril, ...
    initial_ms      INTEGER NOT NULL,         -- 0 and 0: untimed
    increment_ms    INTEGER NOT NULL,
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    private         INTEGER NOT NULL CHECK (private IN (0, 1)),
    start_position  TEXT,                     -- NULL: the game's standard start
    seat0           INTEGER NOT NULL REFERENCES players(id),
    seat1           INTEGER NOT NULL REFERENCES players(id),
    status          TEXT NOT NULL DEFAULT 'playing'
                    CHECK (status IN ('playing', 'finished', 'aborted')),
    winner          INTEGER CHECK (winner IN (0, 1)),   -- NULL: draw, aborted or playing
    reason          TEXT,
    created_ms      INTEGER NOT NULL,
    ended_ms        INTEGER
);
CREATE INDEX games_seat0 ON games(seat0, id);
CREATE INDEX games_seat1 ON games(seat1, id);
CREATE INDEX games_status ON games(status, ended_ms);

-- One row per move as played; clocks are the remaining times of both seats
-- just after the move (increment included), so a restart restores them exactly.
CREATE TABLE moves (
    game      INTEGER NOT NULL REFERENCES games(id),
    ply       INTEGER NOT NULL,     -- 0-based
    seat      INTEGER NOT NULL CHECK (seat IN (0, 1)),   -- who moved (Ouril extra turns)
    notation  TEXT NOT NULL,
    clock0_ms INTEGER NOT NULL,
    clock1_ms INTEGER NOT NULL,
    at_ms     INTEGER NOT NULL,
    PRIMARY KEY (game, ply)
) WITHOUT ROWID;

-- Current Glicko-2 rating per player and rules id (oware and ouril apart).
CREATE TABLE ratings (
    player_id   INTEGER NOT NULL REFERENCES players(id),
    game_id     TEXT NOT NULL,
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings(game_id, rating DESC);

-- The rating after each rated game, for graphs.
CREATE TABLE rating_history (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    game_id     TEXT NOT NULL,
    game        INTEGER NOT NULL REFERENCES games(id),
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    volatility  REAL NOT NULL,
    at_ms       INTEGER NOT NULL
);
CREATE INDEX rating_history_player ON rating_history(player_id, game_id, id);

CREATE TABLE chat (
    id         INTEGER PRIMARY KEY,
    game       INTEGER NOT NULL REFERENCES games(id),
    player_id  INTEGER REFERENCES players(id),
    channel    TEXT NOT NULL CHECK (channel IN ('players', 'spectators')),
    text       TEXT NOT NULL,
    at_ms      INTEGER NOT NULL
);
CREATE INDEX chat_game ON chat(game, id);
