// The account page's "API tokens" panel (issue 26): make a personal token for
// a program (a bot, a board app) with the scopes it needs, see the ones made,
// revoke them. The secret is shown once, right after it is made: the server
// keeps only a digest of it (schema/protocol.md, "API tokens").
import {api} from '../net/http.js';
import {h, clear} from '../ui/dom.js';
import {copy_text} from '../ui/copy.js';

const scopes = [
    ['bot:play', 'Play as a bot (the account must become a bot account)'],
    ['board:play', 'Play your own games from a program'],
    ['challenge:write', 'Make, accept and decline challenges'],
    ['preference:read', 'Read your preferences'],
];

function date_text(ms) {
    return ms ? new Date(ms).toLocaleString() : 'never';
}

export function api_tokens_panel() {
    const list = h('ul', {class: 'list', 'data-test': 'token-list'});
    const fresh = h('div', {'data-test': 'token-fresh'});
    const msg = h('p', {class: 'form-msg', role: 'alert'});
    const description = h('input', {name: 'description', required: true, maxlength: 100, 'aria-label': 'token description', placeholder: 'what it is for'});
    const boxes = scopes.map(([name, text]) => {
        const box = h('input', {type: 'checkbox', value: name, 'data-scope': name});
        return {box, label: h('label', {class: 'field check'}, box, h('span', {}, `${name}: ${text}`))};
    });

    async function load() {
        const r = await api('GET', '/api/tokens');
        clear(list);
        if (r.error) { msg.textContent = r.message || r.error; return; }
        if (!r.tokens.length) list.append(h('li', {class: 'muted'}, 'No tokens yet.'));
        for (const t of r.tokens)
            list.append(h('li', {'data-token-id': t.id},
                h('strong', {}, t.description), ' ', h('code', {}, t.scopes.join(' ')),
                h('small', {class: 'muted'}, ` made ${date_text(t.created_ms)}, last used ${date_text(t.last_used_ms)} `),
                h('button', {class: 'btn small', type: 'button', 'data-test': 'token-revoke', onclick: () => revoke(t)}, 'Revoke')));
    }

    async function revoke(t) {
        if (!confirm(`Revoke "${t.description}"? Programs using it stop working at once.`)) return;
        const r = await api('DELETE', `/api/token/${t.id}`);
        if (r.error) msg.textContent = r.message || r.error;
        load();
    }

    async function create(ev) {
        ev.preventDefault();
        clear(msg);
        clear(fresh);
        const chosen = boxes.filter((b) => b.box.checked).map((b) => b.box.value);
        if (!chosen.length) { msg.textContent = 'Choose at least one scope.'; return; }
        const r = await api('POST', '/api/token', {description: description.value.trim(), scopes: chosen});
        if (r.error) { msg.textContent = r.message || r.error; return; }
        const copy = h('button', {class: 'btn small', type: 'button', onclick: () => copy_text(r.token, copy)}, 'Copy');
        fresh.append(h('p', {}, 'Your new token: ', h('code', {'data-test': 'token-secret'}, r.token), ' ', copy),
            h('p', {class: 'muted'}, 'Copy it now: it will not be shown again.'));
        description.value = '';
        for (const b of boxes) b.box.checked = false;
        load();
    }

    load();
    return h('section', {class: 'api-tokens', 'data-test': 'api-tokens'},
        h('h2', {}, 'API tokens'),
        h('p', {class: 'muted'}, 'A token lets a program act for your account, with only the scopes you give it. Send it as Authorization: Bearer <token>.'),
        h('form', {onsubmit: create},
            h('label', {class: 'field'}, h('span', {}, 'For'), description),
            boxes.map((b) => b.label),
            h('button', {class: 'btn primary', type: 'submit'}, 'Make a token'),
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
        if (r.error) { msg.textContent = r.message || r.error; bots_ok.checked = !bots_ok.checked; }
    }});
    api('GET', '/api/account/bot-challenges').then((r) => { if (!r.error) bots_ok.checked = r.accept; });
    return h('section', {class: 'account-bots', 'data-test': 'account-bots'},
        h('h2', {}, 'Challenges from bots'),
        h('label', {class: 'field check'}, bots_ok, h('span', {}, 'Bots may challenge me')),
        h('p', {class: 'muted'}, 'Bots (programs playing through the API, marked BOT) can challenge only the people who allow it.'),
        msg);
}
