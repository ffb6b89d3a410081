-- 0007 (PostgreSQL): the rematch a finished game led to; see ../0007_rematch.sql.
ALTER TABLE games ADD COLUMN rematch TEXT;
