-- 0003: computer opponents. Each level of the computer is one player row,
-- made on first use, so its games are stored, replayed and exported like any
-- other. NULL for people; 1..8 for the computer at that level.
ALTER TABLE players ADD COLUMN computer_level INTEGER CHECK (computer_level BETWEEN 1 AND 8);
CREATE UNIQUE INDEX players_computer ON players(computer_level) WHERE computer_level IS NOT NULL;
