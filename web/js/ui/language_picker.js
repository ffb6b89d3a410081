// The language picker (the header's and the account page's): a select
// listing each language in its own name. Picking speaks the language at once
// (every page redraws in place, i18n/i18n.js), remembers it in a cookie and,
// for an account, stores it on the server.
import {h} from './dom.js';
import {t, lang, pick_language} from '../i18n/i18n.js';
import {languages} from '../i18n/languages.js';
import {socket} from '../net/socket.js';
import {api} from '../net/http.js';

// Stores the choice with the account. A server without the endpoint yet
// answers 404: the cookie keeps the choice for this browser all the same.
async function save_to_account(code) {
    const user = socket.user;
    if (!user || user.guest) return;
    await api('POST', '/api/account/language', {language: code});
}

export function language_picker(test_id = 'language-picker') {
    const select = h('select', {class: 'language-picker', 'data-test': test_id, 'aria-label': t('header.language'), title: t('header.language'),
        onchange: () => pick_language(select.value, save_to_account)},
    languages.map(([code, name]) => h('option', {value: code, lang: code}, name)));
    select.value = lang();
    return select;
}
