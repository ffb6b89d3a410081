// A board drawn from a position text: the server computes it (POST
// /api/position), the board renderer draws it. Used by the rules pages and
// the lessons, so no rule is ever written in the browser.
import {api} from '../net/http.js';
import {h, clear} from './dom.js';
import {v} from './vdom.js';
import {create_board} from '../board/board.js';
import {colour_names} from '../catalogue.js';

// The server's answer for `position` (null: the standard start) after `moves`.
export function position_of(game, position, moves = [], goal = undefined) {
    const body = {game, moves};
    if (position) body.position = position;
    if (goal) body.goal = goal;
    return api('POST', '/api/position', body);
}

// Draws the answer `pos` into `host` (replacing what was there); returns the board.
export function draw_position(host, game, pos, opts = {}) {
    // The pieces are drawn in their sides' colours (the catalogue's side names).
    const board = create_board(clear(host), pos.board, {game, label: opts.label || `${game} diagram`, colours: colour_names[game],
        on_move: opts.on_move, on_choose: opts.on_choose, on_select: opts.on_select});
    board.set_pieces(pos.board.pieces);
    // The move that led here is marked unless the page says otherwise.
    const last = opts.last !== undefined ? opts.last : pos.last ? {last: pos.last.path, affected: pos.last.affected} : null;
    if (last) board.set_marks(last);
    return board;
}

// A static diagram with its caption, as a view (ui/vdom.js): a figure whose
// board is drawn into it when the server answers (its data-ready and
// data-marked are set then, outside the view, which never names them).
export function diagram_view(game, d, key) {
    return v('figure', {key, class: 'diagram', 'data-test': 'diagram', hook: {insert: (vn) => fill(vn.elm, game, d)}},
        v('div', {class: 'diagram-board'}), d.caption ? v('figcaption', {}, d.caption) : null);
}

async function fill(fig, game, d) {
    const host = fig.querySelector('.diagram-board');
    const pos = await position_of(game, d.position, d.moves || []);
    if (pos.error) { host.append(h('p', {class: 'muted'}, `(diagram: ${pos.message})`)); return; }
    // The move the caption talks about: the last one played, or the cells
    // the diagram names (`highlight`) for a move it only describes.
    const last = pos.last ? {last: pos.last.path, affected: pos.last.affected} : d.highlight ? {last: d.highlight} : null;
    draw_position(host, game, pos, {label: d.caption, last});
    if (last) fig.dataset.marked = last.last.join(' ');
    fig.dataset.ready = 'true';
}
