-- 0019 (PostgreSQL): a tournament's chat lines, kept so that the chat
-- outlives a restart and the node that ran the event (docs/tournaments.md,
-- "Chat"). The writer's public id and name as they were shown; the service
-- reads the last 50 lines of each unfinished event when it restores it.
CREATE TABLE tournament_chat (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tournament  BIGINT NOT NULL REFERENCES tournaments(id),
    player      TEXT NOT NULL,
    name        TEXT NOT NULL,
    text        TEXT NOT NULL,
    at_ms       BIGINT NOT NULL
);
CREATE INDEX tournament_chat_by_event ON tournament_chat(tournament, id);
