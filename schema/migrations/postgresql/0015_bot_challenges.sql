-- 0015 (PostgreSQL): people's opt-in to bot challenges; see ../0015_bot_challenges.sql.
ALTER TABLE players ADD COLUMN bot_challenges INTEGER NOT NULL DEFAULT 0;
