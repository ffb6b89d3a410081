// Every module of the web client parses (a slip in a long edit is caught here
// in a second, not in a browser run): each is checked by node as an ES module.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/js');

function sources(dir) {
    return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
        e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []);
}

test('every web/js module parses', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kibitz-parse-'));
    const broken = [];
    for (const file of sources(root)) {
        const copy = path.join(dir, 'module.mjs');
        fs.copyFileSync(file, copy);
        try { execFileSync(process.execPath, ['--check', copy], {stdio: 'pipe'}); } catch (e) {
            broken.push(`${path.relative(root, file)}: ${String(e.stderr).split('\n').find((l) => /Error/.test(l))}`);
        }
    }
    fs.rmSync(dir, {recursive: true, force: true});
    assert.deepEqual(broken, []);
});
