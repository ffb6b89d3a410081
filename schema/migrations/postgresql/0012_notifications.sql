-- 0012 (PostgreSQL): notifications, their preferences, Web Push
-- subscriptions and the server's keys; see ../0012_notifications.sql.
CREATE TABLE notifications (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id   BIGINT NOT NULL REFERENCES players(id),
    kind        TEXT NOT NULL,
    data        TEXT NOT NULL,
    created_ms  BIGINT NOT NULL,
    read_ms     BIGINT
);
CREATE INDEX notifications_player ON notifications(player_id, id);

CREATE TABLE notification_prefs (
    player_id   BIGINT PRIMARY KEY REFERENCES players(id),
    all_off     BOOLEAN NOT NULL DEFAULT FALSE,
    muted       TEXT NOT NULL DEFAULT ''
);

CREATE TABLE push_subscriptions (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id   BIGINT NOT NULL REFERENCES players(id),
    endpoint    TEXT NOT NULL UNIQUE,
    p256dh      TEXT NOT NULL,
    auth        TEXT NOT NULL,
    created_ms  BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions(player_id);

CREATE TABLE server_keys (
    name        TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    created_ms  BIGINT NOT NULL
);
