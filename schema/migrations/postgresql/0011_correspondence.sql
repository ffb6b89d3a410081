-- 0011 (PostgreSQL): correspondence games; see ../0011_correspondence.sql.
ALTER TABLE games ADD COLUMN days_per_move INTEGER;
ALTER TABLE games ADD COLUMN deadline_ms BIGINT;
CREATE INDEX games_deadline ON games(deadline_ms) WHERE deadline_ms IS NOT NULL;
