-- 0016 (PostgreSQL): puzzle streaks and the solver's rating after each try;
-- see ../0016_puzzle_streaks.sql.
CREATE TABLE puzzle_streaks (
    player_id   BIGINT NOT NULL REFERENCES players(id),
    game_id     TEXT NOT NULL,
    best        INTEGER NOT NULL,
    at_ms       BIGINT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);

ALTER TABLE puzzle_attempts ADD COLUMN solver_rating DOUBLE PRECISION;
