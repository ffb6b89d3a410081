-- 0021: the language an account reads the site in (issue 44). Empty: not
-- chosen, so the page follows the browser (a cookie, then Accept-Language).
-- A catalogue code such as 'fr'; the server checks it against web/i18n/.
ALTER TABLE players ADD COLUMN language TEXT NOT NULL DEFAULT '';
