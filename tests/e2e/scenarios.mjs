// Every scenario file under scenarios/: each exports `scenarios`, a list of
// [name, async ({browser, base, artifacts}) => ...]. The games come first (the
// quickest sign that something basic broke), then the other files by name; a
// new topic is a new file there, found without being listed here, so work
// done in parallel never collides in this file.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');
const first = ['games.mjs', 'computer.mjs', 'learn.mjs'];
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs'))
    .sort((a, b) => (first.indexOf(a) + 1 || 99) - (first.indexOf(b) + 1 || 99) || a.localeCompare(b));

export const scenarios = [];
for (const f of files) scenarios.push(...(await import(pathToFileURL(path.join(dir, f)).href)).scenarios);
