-- 0018 (PostgreSQL): which cluster node may write the tournaments
-- (docs/cluster.md, "Tournaments"). The node that takes the lobby's lead, and
-- with it every tournament, bumps `epoch`; the store of a node started with a
-- fence (--cluster) writes entries, pairings, results and an event's status
-- only while this one row names it with the epoch it took, checked in the same
-- transaction, so a leader that stalled past its lease writes nothing after
-- another node took over.
CREATE TABLE tournament_lead (
    one    INTEGER PRIMARY KEY CHECK (one = 1),
    node   TEXT NOT NULL,
    epoch  BIGINT NOT NULL
);
