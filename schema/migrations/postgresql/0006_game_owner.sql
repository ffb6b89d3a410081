-- 0006 (PostgreSQL): which cluster node may write each game (docs/cluster.md).
-- A node that takes a room bumps `epoch`; the store of a node started with a
-- fence (--cluster) writes a game's moves, takebacks and end only while this
-- row names it with the epoch it took, checked in the same transaction, so a
-- node that lost a room can never write it again.
CREATE TABLE game_owner (
    game   BIGINT PRIMARY KEY REFERENCES games(id),
    node   TEXT NOT NULL,
    epoch  BIGINT NOT NULL
);
