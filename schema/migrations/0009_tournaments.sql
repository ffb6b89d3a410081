-- 0009: tournaments (arena and Swiss), their entries and their pairings, so
-- that a kill -9 mid-event loses no result: the service writes each as it
-- happens and rebuilds its standings from these rows at start-up.

-- One event. `kind` 'arena' runs `duration_ms` from `starts_ms`; 'swiss' runs
-- `rounds` rounds `round_interval_ms` apart. `settings` is JSON text for what
-- only the service reads (entry code, player limit); the store never parses it.
CREATE TABLE tournaments (
    id                 INTEGER PRIMARY KEY,
    public_id          TEXT NOT NULL UNIQUE,
    kind               TEXT NOT NULL CHECK (kind IN ('arena', 'swiss')),
    game_id            TEXT NOT NULL,
    initial_ms         INTEGER NOT NULL,
    increment_ms       INTEGER NOT NULL,
    rated              INTEGER NOT NULL CHECK (rated IN (0, 1)),
    name               TEXT NOT NULL,
    created_by         INTEGER REFERENCES players(id),
    starts_ms          INTEGER NOT NULL,
    duration_ms        INTEGER NOT NULL DEFAULT 0,
    rounds             INTEGER NOT NULL DEFAULT 0,
    round_interval_ms  INTEGER NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'created'
                       CHECK (status IN ('created', 'started', 'finished')),
    settings           TEXT NOT NULL DEFAULT '{}',
    created_ms         INTEGER NOT NULL,
    ended_ms           INTEGER
);
CREATE INDEX tournaments_status ON tournaments(status, starts_ms);

-- A player in an event. `score` and `sheet` (the results in order, as the
-- service writes them) are a cache the service rewrites with each result, in
-- the result's transaction; the pairings are the record.
CREATE TABLE tournament_entries (
    tournament  INTEGER NOT NULL REFERENCES tournaments(id),
    player      INTEGER NOT NULL REFERENCES players(id),
    score       INTEGER NOT NULL DEFAULT 0,
    sheet       TEXT NOT NULL DEFAULT '',
    withdrawn   INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    paused      INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    joined_ms   INTEGER NOT NULL,
    PRIMARY KEY (tournament, player)
);

-- One game of an event: `round` is the arena's wave or the Swiss round; `room`
-- the game's public id (games.public_id). `result`: NULL while it is played,
-- then -1 a draw, 0 or 1 the winning seat, -2 no game (aborted); set once.
CREATE TABLE tournament_pairings (
    id          INTEGER PRIMARY KEY,
    tournament  INTEGER NOT NULL REFERENCES tournaments(id),
    round       INTEGER NOT NULL,
    room        TEXT NOT NULL,
    seat0       INTEGER NOT NULL REFERENCES players(id),
    seat1       INTEGER NOT NULL REFERENCES players(id),
    berserk0    INTEGER NOT NULL DEFAULT 0 CHECK (berserk0 IN (0, 1)),
    berserk1    INTEGER NOT NULL DEFAULT 0 CHECK (berserk1 IN (0, 1)),
    result      INTEGER CHECK (result IN (-2, -1, 0, 1)),
    plies       INTEGER NOT NULL DEFAULT 0,
    created_ms  INTEGER NOT NULL,
    ended_ms    INTEGER
);
CREATE INDEX tournament_pairings_event ON tournament_pairings(tournament, id);
CREATE UNIQUE INDEX tournament_pairings_room ON tournament_pairings(room);
