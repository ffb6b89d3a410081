-- 0016: puzzle streaks and the solver's rating after each try (issue 27).
-- Each player's best streak per game (puzzles of rising difficulty solved in
-- a row before the first mistake); a streak rates nothing, only its length
-- is kept.
CREATE TABLE puzzle_streaks (
    player_id   INTEGER NOT NULL REFERENCES players(id),
    game_id     TEXT NOT NULL,
    best        INTEGER NOT NULL,
    at_ms       INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
);

-- The solver's puzzle rating after each counted first try, for the rating
-- graph on the profile (tries recorded before this migration have none).
ALTER TABLE puzzle_attempts ADD COLUMN solver_rating REAL;
