// The game page's move input besides the board, as views (ui/vdom.js): the
// move typed in notation, and the choice between moves through the same
// cells (or "you may stop here" on a chain that could go on).
import {v} from '../ui/vdom.js';

// The input is never given a value: what the player typed stays through patches.
export function notation_form(hint, my_turn, send_move) {
    return v('form', {class: 'notation', onsubmit: (ev) => {
        ev.preventDefault();
        const input = ev.currentTarget.elements.move;
        const text = input.value.trim();
        if (text) send_move(text, () => { input.value = ''; });
    }},
    v('input', {type: 'text', name: 'move', autocomplete: 'off', 'aria-label': 'move in notation', 'data-test': 'notation',
        placeholder: hint ? `Type a move, e.g. ${hint}` : 'Type a move', disabled: !my_turn}),
    v('button', {class: 'btn small', type: 'submit'}, 'Play'));
}

// `choices`: several moves through the picked cells; `stop`: moves that may
// end where the pick is now. `finish(m)` ends the pick there.
export function pick_view(choices, stop, send_move, finish) {
    let items = [];
    if (choices) items = [v('span', {}, 'Which move? '), choices.map((m) => v('button', {key: `c-${m.text}`, type: 'button', class: 'btn small',
        onclick: () => send_move(m.text)}, m.text))];
    else if (stop) items = [v('span', {}, 'You may stop here: '), stop.map((m) => v('button', {key: `s-${m.text}`, type: 'button', class: 'btn small',
        'data-test': 'stop-here', onclick: () => finish(m)}, m.text)), v('span', {class: 'muted'}, ' or keep going.')];
    return v('div', {class: 'pick', 'aria-live': 'polite', 'data-test': 'pick'}, items);
}
