-- 0015: people's opt-in to challenges from bots (issue 26). A bot may
-- challenge a person only when that person said yes (1); the default (0)
-- keeps every person out of bots' reach, as lichess does, so nobody meets a
-- program they did not choose. Bots challenge bots whatever this says.
ALTER TABLE players ADD COLUMN bot_challenges INTEGER NOT NULL DEFAULT 0;
