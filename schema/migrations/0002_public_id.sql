-- 0002: a game's public id. Row ids (games.id) are consecutive and so
-- guessable; a private game must be reachable only by whoever was given its
-- link. The server uses its room id (random, base62) as the public id, and a
-- restarted server recreates the room under the same id from this column.
-- NULL for games stored without one (tests, tools).
ALTER TABLE games ADD COLUMN public_id TEXT;
CREATE UNIQUE INDEX games_public_id ON games(public_id) WHERE public_id IS NOT NULL;
