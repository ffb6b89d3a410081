// A game's chat (players' or spectators'): the lines, the input, and what a
// reader may do about a line (issue 43): mute its writer or the whole chat
// (kept in this browser, safety.js), and report its writer for abuse in chat
// with this game as evidence (a logged-in account). Lines are keyed by their
// place in the log; the input is never given a value by the view, so what the
// player is typing stays. `c` (the game's controller) keeps the open report
// form and redraws.
import {socket} from '../net/socket.js';
import {v} from '../ui/vdom.js';
import {words, mutes, report_form_view, new_report_state} from './safety.js';
import {t} from '../i18n/i18n.js';

function line_view(line, i, me, act) {
    const mine = me && line.from === me.name;
    const muted = mutes.has(line.from);
    // Computers and anonymous lines have no one to mute or report.
    const person = !mine && line.from !== 'anonymous';
    return v('li', {key: i, class: muted ? 'muted-line' : ''},
        v('b', {}, line.from), ' ', muted ? null : line.text,
        person ? v('span', {class: 'chat-line-actions'},
            v('button', {class: 'link-button', type: 'button', 'data-test': 'chat-mute', onclick: () => act.mute(line.from)},
                muted ? words.unmute : words.mute),
            me && !me.guest ? v('button', {class: 'link-button', type: 'button', 'data-test': 'chat-report', onclick: () => act.report(line.from)},
                t('safety.report')) : null) : null);
}

export function chat_view(st, c, spectator) {
    const me = socket.user;
    const safety = (c.chat_safety ||= {about: null, report: new_report_state()});
    const redraw = () => c.redraw();
    const act = {
        mute: (name) => { mutes.toggle(name); redraw(); },
        report: (name) => { safety.about = name; safety.report = {...new_report_state(), open: true, reason: 'chat'}; redraw(); },
    };
    const all_muted = mutes.all();
    const lines = st.chat || [];
    return v('section', {class: 'chat'},
        v('div', {class: 'chat-head'},
            v('h2', {class: 'panel-title'}, spectator ? t('chat.spectators') : t('chat.players')),
            v('button', {class: 'btn small', type: 'button', 'data-test': 'chat-mute-all', 'aria-pressed': all_muted ? 'true' : 'false',
                onclick: () => { mutes.toggle_all(); redraw(); }}, all_muted ? words.unmute_all : words.mute_all)),
        all_muted
            ? v('p', {class: 'muted', 'data-test': 'chat-muted'}, words.chat_muted)
            : v('ul', {class: 'chat-log', 'aria-live': 'polite', 'data-test': 'chat-log'},
                lines.map((line, i) => line_view(line, i, me, act))),
        safety.about ? report_form_view(safety.report, safety.about, c.s.room, redraw) : null,
        v('form', {class: 'chat-form', onsubmit: (ev) => {
            ev.preventDefault();
            const input = ev.currentTarget.elements.chat;
            const text = input.value.trim();
            if (text) { c.chat(text); input.value = ''; }
        }},
        v('input', {type: 'text', name: 'chat', maxlength: 300, autocomplete: 'off',
            placeholder: spectator ? t('chat.with_spectators') : t('chat.with_opponent'), 'aria-label': t('chat.message'), 'data-test': 'chat-input'}),
        v('button', {class: 'btn small', type: 'submit'}, t('chat.send'))));
}
