// The one move picker's panel, as a view (ui/vdom.js): the choice between
// moves through the same cells, or "you may stop here" on a chain that could
// go on. Used by the game page, the lessons and the analysis board.
import {v, view_root} from './vdom.js';

// `choices`: several moves through the picked cells; `stop`: moves that may
// end where the pick is now. `play(text)` plays one; `finish(m)` ends the pick there.
export function pick_view(choices, stop, play, finish) {
    let items = [];
    if (choices) items = [v('span', {}, 'Which move? '), choices.map((m) => v('button', {key: `c-${m.text}`, type: 'button', class: 'btn small',
        onclick: () => play(m.text)}, m.text))];
    else if (stop) items = [v('span', {}, 'You may stop here: '), stop.map((m) => v('button', {key: `s-${m.text}`, type: 'button', class: 'btn small',
        'data-test': 'stop-here', onclick: () => finish(m)}, m.text)), v('span', {class: 'muted'}, ' or keep going.')];
    return v('div', {class: 'pick', 'aria-live': 'polite', 'data-test': 'pick'}, items);
}

// For pages whose panels are plain DOM (the analysis board): the same view
// patched into `host`, one patch target per host.
const roots = new WeakMap();
function render(host, node) {
    if (!roots.has(host)) roots.set(host, view_root(host));
    roots.get(host).update(node);
}
export function show_choices(host, ms, play) { render(host, pick_view(ms, null, play, null)); }
export function show_stop(host, prefix, fin, board) {
    render(host, pick_view(null, prefix.length > 1 && fin.length ? fin : null, null, (m) => board().finish(m)));
}
export function clear_pick(host) { render(host, pick_view(null, null, null, null)); }
