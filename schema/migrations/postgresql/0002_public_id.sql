-- 0002 (PostgreSQL): a game's public id; see ../0002_public_id.sql.
ALTER TABLE games ADD COLUMN public_id TEXT;
CREATE UNIQUE INDEX games_public_id ON games(public_id) WHERE public_id IS NOT NULL;
