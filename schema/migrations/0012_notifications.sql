-- 0012: notifications (issue 25). A notification is what happened for one
-- stored player (a game started, your turn in a correspondence game, a game
-- over, a challenge received, a tournament starting soon): `kind` names it,
-- `data` is its JSON (rooms, names; made by the server), `read_ms` is NULL
-- until the player has read it. The server keeps the newest few per player
-- (the notifications service's bound) and deletes older ones as it adds.
CREATE TABLE notifications (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    kind        TEXT NOT NULL,
    data        TEXT NOT NULL,
    created_ms  INTEGER NOT NULL,
    read_ms     INTEGER
);
CREATE INDEX notifications_player ON notifications(player_id, id);

-- What a player has turned off: `muted` the space-separated kinds, `all_off`
-- every kind at once (kept apart, so turning all back on restores the kinds).
-- No row: everything on.
CREATE TABLE notification_prefs (
    player_id   INTEGER PRIMARY KEY REFERENCES players(id),
    all_off     INTEGER NOT NULL DEFAULT 0,
    muted       TEXT NOT NULL DEFAULT ''
);

-- Web Push (RFC 8030): each browser subscription of a player, by its push
-- service endpoint (an https URL, unique), with the browser's P-256 public
-- key (65 bytes, uncompressed) and auth secret (16 bytes) for RFC 8291, both
-- in base64url as the browser gives them (text reads alike on both backends).
CREATE TABLE push_subscriptions (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    endpoint    TEXT NOT NULL UNIQUE,
    p256dh      TEXT NOT NULL,
    auth        TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions(player_id);

-- The server's own keys made at first start and kept (the VAPID key pair of
-- RFC 8292, by name): `value` is the private key in PEM (PKCS#8).
CREATE TABLE server_keys (
    name        TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    created_ms  INTEGER NOT NULL
);
