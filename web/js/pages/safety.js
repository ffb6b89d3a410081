// Blocks, reports and chat mutes (issue 43; schema/protocol.md "Blocks and
// reports", docs/safety.md): the calls the profile, the game page's chat and
// the account page share, and the report form. Mutes are this browser's own
// (localStorage), as lichess keeps them: muting hides lines, the server still
// sends them.
import {api} from '../net/http.js';
import {v} from '../ui/vdom.js';
import {h} from '../ui/dom.js';
import {t} from '../i18n/i18n.js';

// What a person reads here, from the catalogues (web/i18n, keys safety.*):
// looked up as drawn, so a change of language shows at the next redraw.
const word = (key) => () => t(`safety.${key}`);
const word_keys = ['block', 'unblock', 'blocked_note', 'report', 'report_title', 'report_reason', 'report_text',
    'report_send', 'report_cancel', 'report_sent', 'blocks_title', 'blocks_none', 'blocks_note', 'mute', 'unmute',
    'mute_all', 'unmute_all', 'chat_muted'];
export const words = Object.defineProperties({
    reasons: Object.defineProperties({}, Object.fromEntries(['cheat', 'chat', 'stall', 'other'].map((r) =>
        [r, {get: word(`reason_${r}`), enumerable: true}]))),
    muted_lines: (count) => t('safety.muted_lines', {count}),
}, Object.fromEntries(word_keys.map((k) => [k, {get: word(k), enumerable: true}])));

export const report_reasons = ['cheat', 'chat', 'stall', 'other'];
export const max_report_text = 500;

export const blocks = {
    list: () => api('GET', '/api/rel/blocks'),
    set: (name, on) => api('POST', `/api/rel/${on ? 'block' : 'unblock'}/${encodeURIComponent(name)}`),
};

export function send_report(player, reason, text, game) {
    const body = {player, reason};
    if (text) body.text = text;
    if (game) body.game = game;
    return api('POST', '/api/report', body);
}

// Chat mutes, kept in this browser: the names muted, and the whole chat.
const muted_key = 'kibitz.chat.muted', all_key = 'kibitz.chat.all_muted';
function read_names() {
    try { return new Set(JSON.parse(localStorage.getItem(muted_key) || '[]')); } catch { return new Set(); }
}
export const mutes = {
    has: (name) => read_names().has(name),
    all: () => localStorage.getItem(all_key) === '1',
    toggle(name) {
        const names = read_names();
        if (names.has(name)) names.delete(name); else names.add(name);
        localStorage.setItem(muted_key, JSON.stringify([...names].slice(-500)));
    },
    toggle_all() { localStorage.setItem(all_key, this.all() ? '0' : '1'); },
};

// The report form: `st` holds its state ({open, reason, text, msg, sent}),
// `redraw` draws it again; `game` (optional) is the room it is about.
export function report_form_view(st, player, game, redraw) {
    if (st.sent) return v('p', {class: 'form-msg ok', role: 'status', 'data-test': 'report-sent'}, words.report_sent);
    if (!st.open) return null;
    const send = async (ev) => {
        ev.preventDefault();
        st.msg = '';
        const r = await send_report(player, st.reason, st.text.trim(), game);
        if (r.error) st.msg = r.message || r.error;
        else { st.sent = true; st.open = false; }
        redraw();
    };
    return v('form', {class: 'report-form', 'data-test': 'report-form', onsubmit: send},
        v('h3', {}, words.report_title),
        v('fieldset', {class: 'reasons'}, v('legend', {}, words.report_reason),
            report_reasons.map((r) => v('label', {key: r, class: 'field check'},
                v('input', {type: 'radio', name: 'reason', value: r, 'data-test': `report-reason-${r}`,
                    props: {checked: st.reason === r}, onchange: () => { st.reason = r; }}),
                v('span', {}, words.reasons[r])))),
        v('label', {class: 'field'}, v('span', {}, words.report_text),
            v('textarea', {name: 'text', rows: 3, maxlength: max_report_text, 'data-test': 'report-text',
                oninput: (ev) => { st.text = ev.target.value; }})),
        v('div', {class: 'row'},
            v('button', {class: 'btn primary', type: 'submit', 'data-test': 'report-send'}, words.report_send),
            v('button', {class: 'btn', type: 'button', onclick: () => { st.open = false; redraw(); }}, words.report_cancel)),
        st.msg ? v('p', {class: 'form-msg', role: 'alert', 'data-test': 'report-error'}, st.msg) : null);
}

export function new_report_state() { return {open: false, reason: 'other', text: '', msg: '', sent: false}; }

// The account page's list of blocked players, each with Unblock (plain DOM,
// as the account page is made).
export function blocks_panel() {
    const list = h('ul', {class: 'blocks-list', 'data-test': 'blocks-list'});
    const msg = h('p', {class: 'form-msg', role: 'alert'});
    const show = (names) => {
        list.replaceChildren(...(names.length ? names.map((name) => {
            const unblock = h('button', {class: 'btn small', type: 'button', 'data-test': 'unblock', onclick: async () => {
                unblock.disabled = true;
                const r = await blocks.set(name, false);
                if (r.error) { msg.textContent = r.message || r.error; unblock.disabled = false; return; }
                show(names.filter((n) => n !== name));
            }}, words.unblock);
            return h('li', {'data-name': name}, h('a', {href: `#/player/${encodeURIComponent(name)}`}, name), unblock);
        }) : [h('li', {class: 'muted', 'data-test': 'blocks-none'}, words.blocks_none)]));
    };
    blocks.list().then((r) => { if (r.error) msg.textContent = r.message || r.error; else show(r.blocks || []); });
    return h('section', {class: 'account-blocks', 'data-test': 'account-blocks'},
        h('h2', {}, words.blocks_title),
        h('p', {class: 'muted'}, words.blocks_note),
        list, msg);
}
