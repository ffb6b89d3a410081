// The one move picker's panel, as a view (ui/vdom.js): the choice between
// moves through the same cells, or "you may stop here" on a chain that could
// go on. Used by the game page, the lessons and the analysis board.
import {v} from './vdom.js';
import {t} from '../i18n/i18n.js';

// `choices`: several moves through the picked cells; `stop`: moves that may
// end where the pick is now. `play(text)` plays one; `finish(m)` ends the pick there.
export function pick_view(choices, stop, play, finish) {
    let items = [];
    if (choices) items = [v('span', {}, `${t('pick.which')} `), choices.map((m) => v('button', {key: `c-${m.text}`, type: 'button', class: 'btn small',
        onclick: () => play(m.text)}, m.text))];
    else if (stop) items = [v('span', {}, t('pick.stop_here')), stop.map((m) => v('button', {key: `s-${m.text}`, type: 'button', class: 'btn small',
        'data-test': 'stop-here', onclick: () => finish(m)}, m.text)), v('span', {class: 'muted'}, ` ${t('pick.keep_going')}`)];
    return v('div', {class: 'pick', 'aria-live': 'polite', 'data-test': 'pick'}, items);
}
