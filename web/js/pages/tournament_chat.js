// A tournament's chat as a view (ui/vdom.js) of its controller's state
// (tournament.js): the lines the server kept and those written since
// (tournament.chat), newest last. Its players write (the server refuses
// anyone else: `not_joined`); a follower who has not entered reads, with a
// word on how to write. The input is never given a value by the view, so
// what the player is typing stays across updates.
import {v} from '../ui/vdom.js';

// Lines are kept as the server keeps them: the last 50.
export const chat_kept = 50;

export function tournament_chat_view(st, act, entered) {
    return v('section', {class: 'card chat tournament-chat', 'data-test': 'tournament-chat'},
        v('h2', {class: 'panel-title'}, 'Chat'),
        v('ul', {class: 'chat-log', 'aria-live': 'polite', 'data-test': 'chat-log'},
            st.chat.length ? st.chat.map((c, i) => v('li', {key: `${c.at_ms}-${i}`},
                v('b', {}, c.from), ' ', c.text))
                : v('li', {key: 'none', class: 'muted'}, 'No messages yet.')),
        entered ? v('form', {class: 'chat-form', onsubmit: (ev) => {
            ev.preventDefault();
            const input = ev.currentTarget.elements.chat;
            const text = input.value.trim();
            if (text) { act.say(text); input.value = ''; }
        }},
        v('input', {type: 'text', name: 'chat', maxlength: 300, autocomplete: 'off',
            placeholder: 'Chat with the players', 'aria-label': 'chat message', 'data-test': 'chat-input'}),
        v('button', {class: 'btn small', type: 'submit'}, 'Send'))
            : v('p', {class: 'muted small', 'data-test': 'chat-readonly'}, 'Join the tournament to write here.'));
}
