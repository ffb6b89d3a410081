// Every module of the web client parses (a slip in a long edit is caught here
// in a second, not in a browser run): each is checked by node as an ES module
// (`node --check` on a copy named .mjs), as many at once as there are cores.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {fileURLToPath} from 'node:url';

const run = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/js');

function sources(dir) {
    return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
        e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []);
}

test('every web/js module parses', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kibitz-parse-'));
    const queue = sources(root), broken = [];
    const worker = async (n) => {
        for (let file; (file = queue.shift());) {
            const copy = path.join(dir, `module-${n}.mjs`);
            fs.copyFileSync(file, copy);
            try { await run(process.execPath, ['--check', copy]); } catch (e) {
                broken.push(`${path.relative(root, file)}: ${String(e.stderr).split('\n').find((l) => /Error/.test(l))}`);
            }
        }
    };
    await Promise.all(Array.from({length: Math.max(1, os.cpus().length)}, (_, n) => worker(n)));
    fs.rmSync(dir, {recursive: true, force: true});
    assert.deepEqual(broken, []);
});
