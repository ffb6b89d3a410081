// Log in / register, through POST /api/login and /api/register. A successful
// answer gives a session token; the WebSocket then reconnects with it.
import {api} from '../net/http.js';
import {socket, set_token, forget_token, get_token} from '../net/socket.js';
import {h, clear, toast} from '../ui/dom.js';
import {api_tokens_panel, bot_challenges_setting} from './api_tokens.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';
import {language_picker} from '../ui/language_picker.js';
import {blocks_panel} from './safety.js';

export function mount(el) {
    const msg = h('p', {class: 'form-msg', role: 'alert'});
    const user = h('input', {name: 'username', autocomplete: 'username', required: true, minlength: 3, maxlength: 20, 'aria-label': t('account.username')});
    const pass = h('input', {name: 'password', type: 'password', autocomplete: 'current-password', required: true, minlength: 8, 'aria-label': t('account.password')});
    const submit = (kind) => async (ev) => {
        ev.preventDefault();
        clear(msg);
        const body = {username: user.value.trim(), password: pass.value};
        // A guest's games move to the new account; an account's token is no guest's.
        if (kind === 'register' && (!socket.user || socket.user.guest)) body.guest_token = get_token();
        const r = await api('POST', `/api/${kind}`, body);
        if (r.error) { msg.textContent = error_text(r); return; }
        if (r.token) set_token(r.token);
        socket.reconnect();
        toast(kind === 'register' ? t('account.welcome') : t('account.logged_in'));
        location.hash = '#/';
    };
    const me = socket.user;
    // Logged in: the account page (who you are, log out, the settings), not the form.
    if (me && !me.guest) {
        document.title = `${t('account.title')} · Kibitz`;
        el.append(h('section', {class: 'card narrow account', 'data-test': 'account'},
            h('h1', {}, t('account.your_account')),
            h('p', {class: 'account-who'}, `${t('account.logged_in_as')} `,
                h('a', {href: `#/player/${encodeURIComponent(me.name)}`, 'data-test': 'account-name'}, me.name), ' ',
                h('button', {class: 'btn small', type: 'button', 'data-test': 'account-logout', onclick: log_out}, t('header.log_out'))),
            h('label', {class: 'field account-language'}, h('span', {}, t('header.language')), language_picker('account-language')),
            bot_challenges_setting(),
            blocks_panel(),
            api_tokens_panel()));
        return;
    }
    el.append(h('section', {class: 'card narrow'},
        h('h1', {}, t('account.log_in_or_register')),
        h('form', {class: 'login', onsubmit: submit('login')},
            h('label', {class: 'field'}, h('span', {}, t('account.username_label')), user),
            h('label', {class: 'field'}, h('span', {}, t('account.password_label')), pass),
            h('div', {class: 'row'},
                h('button', {class: 'btn primary', type: 'submit'}, t('header.log_in')),
                h('button', {class: 'btn', type: 'button', onclick: (ev) => { if (user.reportValidity() && pass.reportValidity()) submit('register')(ev); }}, t('account.register'))),
            msg),
        h('p', {class: 'muted'}, t('account.guests_explain'))));
}

// Ends the session on the server, forgets the token and comes back as a new guest.
export async function log_out() {
    await api('POST', '/api/logout', {});
    forget_token();
    socket.reconnect();
    location.hash = '#/';
}
