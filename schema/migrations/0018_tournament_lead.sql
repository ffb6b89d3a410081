-- 0018: nothing for SQLite. PostgreSQL's twin (postgresql/0018_tournament_lead.sql)
-- adds the fence on the tournaments' writes in a cluster; a SQLite database
-- has one server, so there is no other node to fence off. Kept so the two
-- lists keep the same numbers (schema/migrations/README.md).
SELECT 1;
