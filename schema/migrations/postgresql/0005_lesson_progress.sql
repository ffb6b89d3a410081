-- 0005 (PostgreSQL): lessons finished; see ../0005_lesson_progress.sql.
CREATE TABLE lesson_progress (
    player   BIGINT NOT NULL REFERENCES players(id),
    game     TEXT NOT NULL,
    lesson   TEXT NOT NULL,
    done_ms  BIGINT NOT NULL,
    PRIMARY KEY (player, game, lesson)
);
