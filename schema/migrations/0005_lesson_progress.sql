-- 0005: the lessons an account has finished, so that its progress follows it
-- from browser to browser (guests keep theirs in the browser only).
CREATE TABLE lesson_progress (
    player   INTEGER NOT NULL REFERENCES players(id),
    game     TEXT NOT NULL,
    lesson   TEXT NOT NULL,
    done_ms  INTEGER NOT NULL,
    PRIMARY KEY (player, game, lesson)
) WITHOUT ROWID;
