// The checks tests/web/catalogues.test.mjs runs over web/i18n/*.json.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {placeholders} from '../../web/js/i18n/messages.js';
import {language_codes, intl_locale} from '../../web/js/i18n/languages.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/i18n');

// {en: {...}, fr: {...}, …, notes: {...}}: fresh copies, a test may change them.
export function load_catalogues() {
    const out = {};
    for (const code of [...language_codes, 'notes']) out[code] = JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8'));
    return out;
}

// The placeholders of an entry: of its text, or of all its plural forms together.
function names_in(entry) {
    const texts = typeof entry === 'object' ? Object.values(entry) : [entry];
    return [...new Set(texts.flatMap(placeholders))].sort().join(',');
}

// A list of problems, empty when all is well.
export function check_catalogues(all) {
    const problems = [];
    const en = all.en;
    for (const code of language_codes) {
        const cat = all[code];
        const categories = new Intl.PluralRules(intl_locale(code)).resolvedOptions().pluralCategories.slice().sort();
        for (const key of Object.keys(en)) if (!(key in cat)) problems.push(`${code}: missing key ${key}`);
        for (const [key, entry] of Object.entries(cat)) {
            if (!(key in en)) { problems.push(`${code}: key ${key} is not in English`); continue; }
            if (typeof entry !== typeof en[key]) { problems.push(`${code}: ${key}: plural in one language, not in the other`); continue; }
            if (names_in(entry) !== names_in(en[key]))
                problems.push(`${code}: ${key}: placeholders {${names_in(entry)}}, English has {${names_in(en[key])}}`);
            if (typeof entry === 'object') {
                const have = Object.keys(entry).sort();
                if (have.join() !== categories.join()) problems.push(`${code}: ${key}: plural categories ${have.join()}, ${code} needs ${categories.join()}`);
            } else if (typeof entry !== 'string' || !entry.length) problems.push(`${code}: ${key}: empty`);
        }
    }
    for (const key of Object.keys(all.notes)) if (!(key in en)) problems.push(`notes: ${key} is not a key`);
    return problems;
}
