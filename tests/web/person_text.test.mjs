// No text a person reads written into the web client outside the catalogues
// (issue 44), in every file but the pages not worded yet (docs/i18n.md,
// "Not yet worded"): that list only shrinks.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {person_text} from './person_text.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/js');
const not_yet_worded = new Set([
    'pages/player.js', 'pages/player_puzzles.js',  // the player's page: another engineer edits it this session
    'i18n/refusals.js',  // by design: it holds the rules cores' English sentences it recognises
]);

function sources(dir) {
    return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
        e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []);
}

test('the worded files hold no text for people outside the catalogues', () => {
    const found = sources(root).filter((f) => !not_yet_worded.has(path.relative(root, f)))
        .flatMap((f) => person_text(f).map((x) => `${path.relative(root, f)}:${x}`));
    assert.deepEqual(found, []);
});

test('the check finds a sentence left in the code', () => {
    const file = path.join(fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'person-text-')), 'page.js');
    fs.writeFileSync(file, "const a = v('p', {}, 'No games in play right now.');\nconst b = t('live.none');\n");
    assert.deepEqual(person_text(file), ["1: 'No games in play right now.'"]);
});
