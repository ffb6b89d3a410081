-- 0013 (PostgreSQL): conditional premoves; see ../0013_premoves.sql.
ALTER TABLE games ADD COLUMN premove_seat INTEGER;
ALTER TABLE games ADD COLUMN premove_line TEXT;
