-- 0020 (PostgreSQL): blocks between accounts and reports about players; see
-- ../0020_blocks_and_reports.sql.
CREATE TABLE blocks (
    blocker     BIGINT NOT NULL REFERENCES players(id),
    blocked     BIGINT NOT NULL REFERENCES players(id),
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);

CREATE TABLE reports (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reporter    BIGINT NOT NULL REFERENCES players(id),
    reported    BIGINT NOT NULL REFERENCES players(id),
    reason      TEXT NOT NULL CHECK (reason IN ('cheat', 'chat', 'stall', 'other')),
    text        TEXT NOT NULL,
    game        TEXT NOT NULL,
    evidence    TEXT NOT NULL,
    created_ms  BIGINT NOT NULL,
    open        INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1))
);
CREATE INDEX reports_by_reporter ON reports(reporter, created_ms);
CREATE INDEX reports_open ON reports(reported, open, id);
