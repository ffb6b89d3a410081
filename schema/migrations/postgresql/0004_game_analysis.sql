-- 0004 (PostgreSQL): a finished game's analysis; see ../0004_game_analysis.sql.
CREATE TABLE game_analysis (
    game        BIGINT PRIMARY KEY REFERENCES games(id),
    data        TEXT NOT NULL,
    created_ms  BIGINT NOT NULL
);
