// A tournament's chat as a view (ui/vdom.js) of its controller's state
// (tournament.js): the lines the server kept and those written since
// (tournament.chat), newest last. Its players write (the server refuses
// anyone else: `not_joined`); a follower who has not entered reads, with a
// word on how to write. The input is never given a value by the view, so
// what the player is typing stays across updates.
import {v} from '../ui/vdom.js';
import {t} from '../i18n/i18n.js';

// Lines are kept as the server keeps them: the last 50.
export const chat_kept = 50;

export function tournament_chat_view(st, act, entered) {
    return v('section', {class: 'card chat tournament-chat', 'data-test': 'tournament-chat'},
        v('h2', {class: 'panel-title'}, t('event.chat')),
        v('ul', {class: 'chat-log', 'aria-live': 'polite', 'data-test': 'chat-log'},
            st.chat.length ? st.chat.map((c, i) => v('li', {key: `${c.at_ms}-${i}`},
                v('b', {}, c.from), ' ', c.text))
                : v('li', {key: 'none', class: 'muted'}, t('event.no_messages'))),
        entered ? v('form', {class: 'chat-form', onsubmit: (ev) => {
            ev.preventDefault();
            const input = ev.currentTarget.elements.chat;
            const text = input.value.trim();
            if (text) { act.say(text); input.value = ''; }
        }},
        v('input', {type: 'text', name: 'chat', maxlength: 300, autocomplete: 'off',
            placeholder: t('event.chat_with_players'), 'aria-label': t('chat.message'), 'data-test': 'chat-input'}),
        v('button', {class: 'btn small', type: 'submit'}, t('chat.send')))
            : v('p', {class: 'muted small', 'data-test': 'chat-readonly'}, t('event.join_to_write')));
}
