-- 0014 (PostgreSQL): puzzles, solvers' puzzle ratings and first tries; see
-- ../0014_puzzles.sql.
CREATE TABLE puzzles (
    id          TEXT PRIMARY KEY,
    game_id     TEXT NOT NULL,
    position    TEXT NOT NULL,
    moves       TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    themes      TEXT NOT NULL,
    plays       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX puzzles_game ON puzzles(game_id, id);

CREATE TABLE puzzle_ratings (
    player_id   BIGINT NOT NULL REFERENCES players(id),
    game_id     TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    updated_ms  BIGINT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);

CREATE TABLE puzzle_attempts (
    player_id   BIGINT NOT NULL REFERENCES players(id),
    puzzle_id   TEXT NOT NULL REFERENCES puzzles(id),
    game_id     TEXT NOT NULL,
    solved      BOOLEAN NOT NULL,
    at_ms       BIGINT NOT NULL,
    PRIMARY KEY (player_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_game ON puzzle_attempts(player_id, game_id);
