-- 0007: the rematch a finished game led to (its public id, the rematch's room
-- id), so that the game's link still leads there once its room has closed.
ALTER TABLE games ADD COLUMN rematch TEXT;
