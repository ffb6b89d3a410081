-- 0020 (PostgreSQL): an account's language; see ../0020_account_language.sql.
ALTER TABLE players ADD COLUMN language TEXT NOT NULL DEFAULT '';
