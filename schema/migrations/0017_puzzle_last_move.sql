-- 0017: the move that led to each puzzle's position (issue 27: the page shows
-- it on the puzzle's first position) and the position before it, so the
-- server can draw its highlight. Empty where a puzzle has none. The shipped
-- files carry both; start-up fills them in for a puzzle stored without.
ALTER TABLE puzzles ADD COLUMN before_position TEXT NOT NULL DEFAULT '';
ALTER TABLE puzzles ADD COLUMN last_move TEXT NOT NULL DEFAULT '';
