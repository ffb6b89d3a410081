-- 0017 (PostgreSQL): each puzzle's last move and the position before it;
-- see ../0017_puzzle_last_move.sql.
ALTER TABLE puzzles ADD COLUMN before_position TEXT NOT NULL DEFAULT '';
ALTER TABLE puzzles ADD COLUMN last_move TEXT NOT NULL DEFAULT '';
