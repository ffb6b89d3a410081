// The game page's move typed in notation, as a view (ui/vdom.js); the
// picker's panel beside it is ui/pick_view.js.
import {v} from '../ui/vdom.js';
import {t} from '../i18n/i18n.js';

// The input is never given a value: what the player typed stays through patches.
export function notation_form(hint, my_turn, send_move) {
    return v('form', {class: 'notation', onsubmit: (ev) => {
        ev.preventDefault();
        const input = ev.currentTarget.elements.move;
        const text = input.value.trim();
        if (text) send_move(text, () => { input.value = ''; });
    }},
    v('input', {type: 'text', name: 'move', autocomplete: 'off', 'aria-label': t('game.move_in_notation'), 'data-test': 'notation',
        placeholder: hint ? t('game.type_move_eg', {hint}) : t('game.type_move'), disabled: !my_turn}),
    v('button', {class: 'btn small', type: 'submit'}, t('game.play')));
}
