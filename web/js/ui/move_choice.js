// What the board asks of the player around a move: which of several moves
// through the same cells, and whether to stop a chain where a legal move ends.
// Shared by the game page and the lessons.
import {h, clear} from './dom.js';

export function show_choices(host, ms, play) {
    clear(host).append(h('span', {}, 'Which move? '),
        ms.map((m) => h('button', {class: 'btn small', onclick: () => { clear(host); play(m.text); }}, m.text)));
}

export function show_stop(host, prefix, fin, board) {
    clear(host);
    if (prefix.length > 1 && fin.length) {
        host.append(h('span', {}, 'You may stop here: '),
            fin.map((m) => h('button', {class: 'btn small', 'data-test': 'stop-here', onclick: () => board().finish(m)}, m.text)),
            h('span', {class: 'muted'}, ' or keep going.'));
    }
}
