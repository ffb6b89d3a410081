-- 0008: a guest's profile is looked up by its generated name (accounts go
-- through accounts.username); without this index that lookup reads every player.
CREATE INDEX players_guest_name ON players(name) WHERE account_id IS NULL;
