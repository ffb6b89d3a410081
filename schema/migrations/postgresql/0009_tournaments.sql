-- 0009 (PostgreSQL): tournaments, their entries and pairings; see
-- ../0009_tournaments.sql for what each table and column means.
CREATE TABLE tournaments (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    public_id          TEXT NOT NULL UNIQUE,
    kind               TEXT NOT NULL CHECK (kind IN ('arena', 'swiss')),
    game_id            TEXT NOT NULL,
    initial_ms         BIGINT NOT NULL,
    increment_ms       BIGINT NOT NULL,
    rated              BOOLEAN NOT NULL,
    name               TEXT NOT NULL,
    created_by         BIGINT REFERENCES players(id),
    starts_ms          BIGINT NOT NULL,
    duration_ms        BIGINT NOT NULL DEFAULT 0,
    rounds             INTEGER NOT NULL DEFAULT 0,
    round_interval_ms  BIGINT NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'created'
                       CHECK (status IN ('created', 'started', 'finished')),
    settings           TEXT NOT NULL DEFAULT '{}',
    created_ms         BIGINT NOT NULL,
    ended_ms           BIGINT
);
CREATE INDEX tournaments_status ON tournaments(status, starts_ms);

CREATE TABLE tournament_entries (
    tournament  BIGINT NOT NULL REFERENCES tournaments(id),
    player      BIGINT NOT NULL REFERENCES players(id),
    score       INTEGER NOT NULL DEFAULT 0,
    sheet       TEXT NOT NULL DEFAULT '',
    withdrawn   BOOLEAN NOT NULL DEFAULT FALSE,
    paused      BOOLEAN NOT NULL DEFAULT FALSE,
    joined_ms   BIGINT NOT NULL,
    PRIMARY KEY (tournament, player)
);

CREATE TABLE tournament_pairings (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tournament  BIGINT NOT NULL REFERENCES tournaments(id),
    round       INTEGER NOT NULL,
    room        TEXT NOT NULL,
    seat0       BIGINT NOT NULL REFERENCES players(id),
    seat1       BIGINT NOT NULL REFERENCES players(id),
    berserk0    BOOLEAN NOT NULL DEFAULT FALSE,
    berserk1    BOOLEAN NOT NULL DEFAULT FALSE,
    result      INTEGER CHECK (result IN (-2, -1, 0, 1)),
    plies       INTEGER NOT NULL DEFAULT 0,
    created_ms  BIGINT NOT NULL,
    ended_ms    BIGINT
);
CREATE INDEX tournament_pairings_event ON tournament_pairings(tournament, id);
CREATE UNIQUE INDEX tournament_pairings_room ON tournament_pairings(room);
