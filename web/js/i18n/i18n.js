// The page's language: which one is spoken (choose.js), its catalogue, and
// t(key, vars) for every text a person reads (messages.js). Pages import `t`
// and call it as they draw; when the language changes, `on_language`
// listeners redraw in place (the app's header and the page on screen, see
// app.js), so a game in play goes on.
import {translator} from './messages.js';
import {choose_language, read_cookie} from './choose.js';
import {language_codes, intl_locale} from './languages.js';

const cookie_name = 'kibitz_lang';
const catalogues = {};        // code -> the loaded catalogue
let current = 'en';
let speak = translator('en', {});
const listeners = new Set();

// The catalogue files sit beside index.html, in i18n/.
async function load(code) {
    if (catalogues[code]) return catalogues[code];
    const res = await fetch(`i18n/${code}.json`);
    if (!res.ok) throw new Error(`catalogue ${code}: ${res.status}`);
    catalogues[code] = await res.json();
    return catalogues[code];
}

export function t(key, vars) { return speak(key, vars); }
export function lang() { return current; }
// The locale to give Intl (dates, numbers, lists) for the language spoken.
export function locale() { return intl_locale(current); }

// fn(code) after each change of language.
export function on_language(fn) { listeners.add(fn); return () => listeners.delete(fn); }

async function use(code) {
    const [en, mine] = await Promise.all([load('en'), load(code)]);
    current = code;
    speak = translator(intl_locale(code), mine, en);
    document.documentElement.lang = code;
    for (const fn of listeners) { try { fn(code); } catch (e) { console.error(e); } }
}

// The first choice, before the first page is drawn: the cookie, else the
// browser's languages (the account's setting comes with the log-in: from_account).
export async function start_language() {
    const code = choose_language({cookie: read_cookie(document.cookie, cookie_name), browser: navigator.languages || [navigator.language]},
        language_codes);
    // Never fails: without any catalogue (offline, nothing cached) the keys show.
    try { await use(code); } catch (e) {
        console.error(e);
        try { if (code !== 'en') await use('en'); } catch (e2) { console.error(e2); }
    }
}

// The account's stored setting, once known: it wins over the cookie and the browser.
export async function from_account(code) {
    const chosen = choose_language({account: code}, language_codes);
    if (!code || chosen === current) return;
    remember(chosen);
    await use(chosen);
}

// The picker's choice: spoken at once, remembered in the cookie for a year,
// and stored with the account when logged in (`save_to_account`).
export async function pick_language(code, save_to_account) {
    if (!language_codes.includes(code)) return;
    remember(code);
    await use(code);
    if (save_to_account) await save_to_account(code);
}

function remember(code) {
    document.cookie = `${cookie_name}=${code}; path=/; max-age=${365 * 24 * 3600}; SameSite=Lax`;
}
