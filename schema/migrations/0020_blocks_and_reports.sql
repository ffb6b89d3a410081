-- 0020: blocks between accounts and reports about players (issue 43,
-- docs/safety.md). A block is one account's choice about another: the
-- blocked one cannot challenge the blocker, is not paired with them, and
-- neither sees the other's seeks or chat. Only the blocker ever reads it.
CREATE TABLE blocks (
    blocker     INTEGER NOT NULL REFERENCES players(id),
    blocked     INTEGER NOT NULL REFERENCES players(id),
    created_ms  INTEGER NOT NULL,
    PRIMARY KEY (blocker, blocked)
) WITHOUT ROWID;

-- A report keeps its evidence as it was when made: the game's public id and,
-- for a chat report, the chat lines of that game around the reported one
-- (a JSON array). `open` until a moderator closes it; one open report per
-- reporter, reported player and reason.
CREATE TABLE reports (
    id          INTEGER PRIMARY KEY,
    reporter    INTEGER NOT NULL REFERENCES players(id),
    reported    INTEGER NOT NULL REFERENCES players(id),
    reason      TEXT NOT NULL CHECK (reason IN ('cheat', 'chat', 'stall', 'other')),
    text        TEXT NOT NULL,
    game        TEXT NOT NULL,
    evidence    TEXT NOT NULL,
    created_ms  INTEGER NOT NULL,
    open        INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1))
);
CREATE INDEX reports_by_reporter ON reports(reporter, created_ms);
CREATE INDEX reports_open ON reports(reported, open, id);
