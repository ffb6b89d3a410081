// The account page's "API tokens" panel (issue 26): make a personal token for
// a program (a bot, a board app) with the scopes it needs, see the ones made,
// revoke them. The secret is shown once, right after it is made: the server
// keeps only a digest of it (schema/protocol.md, "API tokens").
import {api} from '../net/http.js';
import {h, clear} from '../ui/dom.js';
import {copy_text} from '../ui/copy.js';
import {t} from '../i18n/i18n.js';
import {error_text} from '../i18n/errors.js';
import {date_time} from '../i18n/format.js';

// The scopes a token may carry (their words: tokens.scope_<name>, ':' as '_').
const scopes = ['bot:play', 'board:play', 'challenge:write', 'preference:read'];

function date_text(ms) {
    return ms ? date_time(new Date(ms), {dateStyle: 'medium', timeStyle: 'short'}) : t('tokens.never');
}

export function api_tokens_panel() {
    const list = h('ul', {class: 'list', 'data-test': 'token-list'});
    const fresh = h('div', {'data-test': 'token-fresh'});
    const msg = h('p', {class: 'form-msg', role: 'alert'});
    const description = h('input', {name: 'description', required: true, maxlength: 100, 'aria-label': t('tokens.description'), placeholder: t('tokens.what_for')});
    const boxes = scopes.map((name) => {
        const box = h('input', {type: 'checkbox', value: name, 'data-scope': name});
        return {box, label: h('label', {class: 'field check'}, box, h('span', {}, `${name}: ${t(`tokens.scope_${name.replace(':', '_')}`)}`))};
    });

    async function load() {
        const r = await api('GET', '/api/tokens');
        clear(list);
        if (r.error) { msg.textContent = error_text(r); return; }
        if (!r.tokens.length) list.append(h('li', {class: 'muted'}, t('tokens.none')));
        for (const token of r.tokens)
            list.append(h('li', {'data-token-id': token.id},
                h('strong', {}, token.description), ' ', h('code', {}, token.scopes.join(' ')),
                h('small', {class: 'muted'}, ` ${t('tokens.made_used', {made: date_text(token.created_ms), used: date_text(token.last_used_ms)})} `),
                h('button', {class: 'btn small', type: 'button', 'data-test': 'token-revoke', onclick: () => revoke(token)}, t('tokens.revoke'))));
    }

    async function revoke(token) {
        if (!confirm(t('tokens.revoke_confirm', {name: token.description}))) return;
        const r = await api('DELETE', `/api/token/${token.id}`);
        if (r.error) msg.textContent = error_text(r);
        load();
    }

    async function create(ev) {
        ev.preventDefault();
        clear(msg);
        clear(fresh);
        const chosen = boxes.filter((b) => b.box.checked).map((b) => b.box.value);
        if (!chosen.length) { msg.textContent = t('tokens.choose_scope'); return; }
        const r = await api('POST', '/api/token', {description: description.value.trim(), scopes: chosen});
        if (r.error) { msg.textContent = error_text(r); return; }
        const copy = h('button', {class: 'btn small', type: 'button', onclick: () => copy_text(r.token, copy)}, t('lobby.copy'));
        fresh.append(h('p', {}, `${t('tokens.your_new')} `, h('code', {'data-test': 'token-secret'}, r.token), ' ', copy),
            h('p', {class: 'muted'}, t('tokens.copy_now')));
        description.value = '';
        for (const b of boxes) b.box.checked = false;
        load();
    }

    load();
    return h('section', {class: 'api-tokens', 'data-test': 'api-tokens'},
        h('h2', {}, t('tokens.title')),
        h('p', {class: 'muted'}, t('tokens.explain')),
        h('form', {onsubmit: create},
            h('label', {class: 'field'}, h('span', {}, t('tokens.for')), description),
            boxes.map((b) => b.label),
            h('button', {class: 'btn primary', type: 'submit'}, t('tokens.make')),
            msg),
        fresh, list);
}

// The account's "Bots may challenge me" setting, under its own heading. People
// choose to meet bots (schema/bot_api.md, "Bots and people"): off until ticked.
export function bot_challenges_setting() {
    const msg = h('p', {class: 'form-msg', role: 'alert'});
    const bots_ok = h('input', {type: 'checkbox', 'data-test': 'bot-challenges', onchange: async () => {
        clear(msg);
        const r = await api('POST', '/api/account/bot-challenges', {accept: bots_ok.checked});
        if (r.error) { msg.textContent = error_text(r); bots_ok.checked = !bots_ok.checked; }
    }});
    api('GET', '/api/account/bot-challenges').then((r) => { if (!r.error) bots_ok.checked = r.accept; });
    return h('section', {class: 'account-bots', 'data-test': 'account-bots'},
        h('h2', {}, t('tokens.bot_challenges')),
        h('label', {class: 'field check'}, bots_ok, h('span', {}, t('tokens.bots_may_challenge'))),
        h('p', {class: 'muted'}, t('tokens.bots_explain')),
        msg);
}
