-- 0006: nothing for SQLite. PostgreSQL's twin (postgresql/0006_game_owner.sql)
-- adds the cluster's fencing table; a SQLite database has one server (the file
-- lock), so there is no other node to fence off. Kept so the two lists keep
-- the same numbers (schema/migrations/README.md).
SELECT 1;
