// Every key the web client asks for is in the English catalogue: t('x.y')
// with a literal key must name an entry, and a key built from a template
// (t(`result.${kind}`)) must match at least one (a typo would show raw).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const en = JSON.parse(fs.readFileSync(path.join(root, 'i18n/en.json'), 'utf8'));

function sources(dir) {
    return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
        e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []);
}

test('every key the client uses is in the English catalogue', () => {
    const missing = [];
    for (const file of sources(path.join(root, 'js'))) {
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/\b(?:t|tr)\(\s*(['`])([a-z_]+\.[^'`]*)\1/g)) {
            const key = m[2];
            const pattern = new RegExp(`^${key.replace(/[.]/g, '\\.').replace(/\$\{[^}]*\}/g, '.+')}$`);
            if (!Object.keys(en).some((k) => pattern.test(k))) missing.push(`${path.relative(root, file)}: ${key}`);
        }
    }
    const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    for (const m of html.matchAll(/data-i18n(?:-aria-label)?="([^"]+)"/g)) if (!(m[1] in en)) missing.push(`index.html: ${m[1]}`);
    assert.deepEqual(missing, []);
});
