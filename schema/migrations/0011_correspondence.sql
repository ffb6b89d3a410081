-- 0011: correspondence games. days_per_move: NULL for a live (or untimed)
-- game, else the days each move is allowed (0: unlimited). deadline_ms: when
-- the side to move runs out of time (Unix ms); NULL when none runs (live,
-- unlimited, or the game is over). Written with each move, in the move's
-- transaction, so a restart finds every deadline as the last move left it.
ALTER TABLE games ADD COLUMN days_per_move INTEGER;
ALTER TABLE games ADD COLUMN deadline_ms INTEGER;
CREATE INDEX games_deadline ON games(deadline_ms) WHERE deadline_ms IS NOT NULL;
