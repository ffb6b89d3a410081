-- 0004: the computer's analysis of a finished game, made once on request and
-- kept with the game: every position's score and the best move there, and
-- the marks the server derived from them (JSON, written by the server; the
-- store keeps it as given).
CREATE TABLE game_analysis (
    game        INTEGER PRIMARY KEY REFERENCES games(id),
    data        TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
);
