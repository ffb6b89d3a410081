-- 0021 (PostgreSQL): an account's language; see ../0021_account_language.sql.
ALTER TABLE players ADD COLUMN language TEXT NOT NULL DEFAULT '';
