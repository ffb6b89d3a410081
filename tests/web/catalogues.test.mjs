// The catalogue check (docs/i18n.md): every language has exactly English's
// keys, the same placeholders, and every plural category its language's
// Intl.PluralRules names; every note is about a key that exists.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {check_catalogues, load_catalogues} from './catalogue_check.mjs';

test('the shipped catalogues pass the check', () => {
    assert.deepEqual(check_catalogues(load_catalogues()), []);
});

test('a missing key fails the check', () => {
    const all = load_catalogues();
    delete all.fr['nav.play'];
    assert.match(check_catalogues(all).join('\n'), /fr: missing key nav\.play/);
});

test('a key English lacks fails the check', () => {
    const all = load_catalogues();
    all.es['nav.nowhere'] = 'Ninguna parte';
    assert.match(check_catalogues(all).join('\n'), /es: key nav\.nowhere is not in English/);
});

test('a placeholder that differs fails the check', () => {
    const all = load_catalogues();
    all.pt['lobby.return_to'] = 'Voltar a {jogo}';
    assert.match(check_catalogues(all).join('\n'), /pt: lobby\.return_to: placeholders/);
});

test('a plural message lacking a category fails the check', () => {
    const all = load_catalogues();
    delete all.fr['game.watching'].many;
    assert.match(check_catalogues(all).join('\n'), /fr: game\.watching: plural categories/);
});

test('a note about no key fails the check', () => {
    const all = load_catalogues();
    all.notes['nav.gone'] = 'about nothing';
    assert.match(check_catalogues(all).join('\n'), /notes: nav\.gone is not a key/);
});
