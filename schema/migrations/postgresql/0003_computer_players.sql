-- 0003 (PostgreSQL): computer opponents; see ../0003_computer_players.sql.
ALTER TABLE players ADD COLUMN computer_level INTEGER CHECK (computer_level BETWEEN 1 AND 8);
CREATE UNIQUE INDEX players_computer ON players(computer_level) WHERE computer_level IS NOT NULL;
