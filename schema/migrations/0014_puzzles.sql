-- 0014: puzzles (issue 27). The puzzles themselves, loaded at start from the
-- shipped files (schema/puzzles/<game>.jsonl) when missing, with their
-- current Glicko-2 puzzle rating and how many first tries counted; `moves`
-- and `themes` are JSON arrays of strings (the line in the game's notation,
-- the themes' names).
CREATE TABLE puzzles (
    id          TEXT PRIMARY KEY,
    game_id     TEXT NOT NULL,
    position    TEXT NOT NULL,
    moves       TEXT NOT NULL,
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    volatility  REAL NOT NULL,
    themes      TEXT NOT NULL,
    plays       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX puzzles_game ON puzzles(game_id, id);

-- Each solver's puzzle rating per game (guests too, while their row lives).
CREATE TABLE puzzle_ratings (
    player_id   INTEGER NOT NULL REFERENCES players(id),
    game_id     TEXT NOT NULL,
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    volatility  REAL NOT NULL,
    updated_ms  INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
);

-- A solver's first try of each puzzle: one row per solver and puzzle, so a
-- puzzle seen stays seen and a second try never counts.
CREATE TABLE puzzle_attempts (
    player_id   INTEGER NOT NULL REFERENCES players(id),
    puzzle_id   TEXT NOT NULL REFERENCES puzzles(id),
    game_id     TEXT NOT NULL,
    solved      INTEGER NOT NULL,
    at_ms       INTEGER NOT NULL,
    PRIMARY KEY (player_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_game ON puzzle_attempts(player_id, game_id);
