// Unit tests of the pure i18n modules: lookup, placeholders, plural choice
// and the order in which the language is chosen.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {translator, placeholders, plural_category} from '../../web/js/i18n/messages.js';
import {choose_language, supported, read_cookie} from '../../web/js/i18n/choose.js';

const en = {'a.hello': 'Hello {name}', 'a.games': {one: '{count} game', other: '{count} games'}, 'a.only_en': 'English only'};
const fr = {'a.hello': 'Bonjour {name}', 'a.games': {one: '{count} partie', many: '{count} de parties', other: '{count} parties'}};

test('lookup with named placeholders', () => {
    const t = translator('fr', fr, en);
    assert.equal(t('a.hello', {name: 'Ama'}), 'Bonjour Ama');
    assert.equal(t('a.hello'), 'Bonjour {name}', 'a missing value leaves the placeholder visible');
});

test('a key missing in the language falls back to English, then to the key', () => {
    const t = translator('fr', fr, en);
    assert.equal(t('a.only_en'), 'English only');
    assert.equal(t('a.nowhere'), 'a.nowhere');
});

test('plurals are chosen by Intl.PluralRules', () => {
    const t_en = translator('en', en, en), t_fr = translator('fr', fr, en);
    assert.equal(t_en('a.games', {count: 1}), '1 game');
    assert.equal(t_en('a.games', {count: 0}), '0 games');
    assert.equal(t_fr('a.games', {count: 0}), '0 partie', 'French: 0 is singular');
    assert.equal(t_fr('a.games', {count: 1.5}), '1,5 partie');
    assert.equal(t_fr('a.games', {count: 2}), '2 parties');
    assert.equal(plural_category('fr', 1000000), 'many');
    assert.equal(t_fr('a.games', {count: 1000000}), '1\u202f000\u202f000 de parties');
});

test('placeholders are listed once, sorted', () => {
    assert.deepEqual(placeholders('{b} and {a} and {b}'), ['a', 'b']);
});

test('the language: account, else cookie, else the browser, else English', () => {
    const have = ['en', 'fr', 'pt', 'es'];
    assert.equal(choose_language({account: 'es', cookie: 'fr', browser: ['pt-BR']}, have), 'es');
    assert.equal(choose_language({cookie: 'fr', browser: ['pt-BR']}, have), 'fr');
    assert.equal(choose_language({browser: ['de-DE', 'pt-BR', 'fr']}, have), 'pt', 'a region falls back to its language');
    assert.equal(choose_language({account: 'xx', cookie: 'de', browser: ['de']}, have), 'en');
    assert.equal(supported('ES-mx', have), 'es');
    assert.equal(supported('', have), null);
});

test('the cookie is read from document.cookie', () => {
    assert.equal(read_cookie('a=1; kibitz_lang=pt; b=2', 'kibitz_lang'), 'pt');
    assert.equal(read_cookie('', 'kibitz_lang'), null);
});
