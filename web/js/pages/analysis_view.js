// The analysis board's side column as one view (snabbdom, ui/vdom.js) of the
// controller's state (analysis.js): whose turn, the engine's evaluation in
// words with a bar in the sides' own colours, its best line, the move tree,
// the position text, the actions and "play from here" (play_from_here.js);
// and around it the page: the board's column and the position editor's
// column, hosts on which the controller hangs the SVG board and the editor.
import {v} from '../ui/vdom.js';
import {capitalise} from '../ui/dom.js';
import {game_names, colour_names, side_colour} from '../catalogue.js';
import {tree_view, eval_words} from './move_tree.js';
import {pick_view} from '../ui/pick_view.js';
import {here_view} from './play_from_here.js';

function side_name(game, seat) { return (colour_names[game] || [])[seat] || `seat ${seat + 1}`; }


function turn_line(st) {
    const pos = st.pos;
    if (!pos) return v('p', {class: 'turn muted', 'data-test': 'turn'}, 'Loading the position…');
    if (pos.status.state === 'over') {
        const w = pos.status.winner;
        return v('p', {class: 'banner', 'data-test': 'status'},
            `Game over: ${w >= 0 ? `${capitalise(side_name(st.game, w))} wins` : 'draw'} (${pos.status.reason})`);
    }
    const seat = pos.board.to_move;
    return v('p', {class: 'turn', 'data-test': 'turn'}, v('span', {class: 'dot', style: {background: side_colour(st.game, side_name(st.game, seat)) || ''}}),
        `${capitalise(side_name(st.game, seat))} to play`);
}

function eval_block(st) {
    const e = st.engine, g = st.game;
    const words = e.score ? `Depth ${e.depth}: ${eval_words(e.score, (seat) => side_name(g, seat))}` : `Engine: ${e.note}`;
    // The bar: the first side's share from the left, in its colour; the rest in the second side's.
    const first = capitalise(side_name(g, 0)), second = capitalise(side_name(g, 1));
    return [
        v('div', {class: 'eval-bar', 'aria-hidden': 'true', title: `${first}'s share (left) against ${second}'s`,
            style: {background: side_colour(g, side_name(g, 1)) || '#333'}},
        v('div', {class: 'eval-fill', style: {width: `${Math.round(e.share * 100)}%`, background: side_colour(g, side_name(g, 0)) || '#eee'}})),
        v('p', {class: 'eval', 'data-test': 'eval', role: 'status', 'data-depth': e.score ? e.depth : null, 'data-done': e.done ? 'true' : null}, words),
        v('p', {class: 'pv muted', 'data-test': 'pv'}, e.pv ? `Best line: ${e.pv.join(' ')}` : ''),
    ];
}

// The page: `act.host(name, element)` is told of the board's and the
// editor's hosts once they are made; the editor's column shows while editing.
export function analysis_view(st, act) {
    return v('div', {class: 'game analysis', 'data-test': 'analysis', tabindex: '-1', 'data-ply': st.ply, 'data-editing': st.editing ? 'true' : null},
        v('div', {key: 'board-col', class: 'board-col'},
            v('div', {class: 'board-wrap', hook: {insert: (vn) => act.host('board', vn.elm)}})),
        v('div', {key: 'side-host', class: 'side-host'}, side_view(st, act)),
        v('aside', {key: 'editor', class: 'side editor-host', hidden: !st.editing, hook: {insert: (vn) => act.host('editor', vn.elm)}}));
}

// `act`: the controller's actions {go, first, back, forward, flip, load, copy, share, edit, play, finish, here_*}.
function side_view(st, act) {
    return v('aside', {class: 'side'},
        v('h1', {}, `Analysis · ${game_names[st.game] || st.game}`),
        turn_line(st),
        eval_block(st),
        st.message ? v('p', {class: 'error', 'data-test': 'analysis-error', role: 'alert'}, st.message) : null,
        pick_view(st.choices, st.stop, act.play, act.finish),
        v('div', {class: 'replay-nav', role: 'toolbar', 'aria-label': 'moves'},
            v('button', {class: 'btn', type: 'button', 'data-step': 'first', 'aria-label': 'start position', onclick: act.first}, '|<'),
            v('button', {class: 'btn', type: 'button', 'data-step': 'prev', 'aria-label': 'back', onclick: act.back}, '<'),
            v('button', {class: 'btn', type: 'button', 'data-step': 'next', 'aria-label': 'forward', onclick: act.forward}, '>'),
            v('button', {class: 'btn', type: 'button', 'aria-label': 'flip board', 'data-test': 'flip', onclick: act.flip}, 'Flip')),
        tree_view(st.root, st.current, st.first_seat, act.go),
        v('form', {class: 'notation', onsubmit: (e) => { e.preventDefault(); act.load(e.target.elements.position.value.trim()); }},
            v('input', {class: 'position-text', name: 'position', 'data-test': 'position-text', 'aria-label': 'position text',
                spellcheck: 'false', props: {value: st.pos ? st.pos.position : ''}}),
            v('button', {class: 'btn small', type: 'submit'}, 'Load')),
        v('div', {class: 'actions'},
            v('button', {class: 'btn small', type: 'button', onclick: act.copy, 'data-test': 'copy'}, 'Copy position'),
            v('button', {class: 'btn small', type: 'button', onclick: act.share, 'data-test': 'share'}, 'Share link'),
            v('button', {class: 'btn small', type: 'button', onclick: act.edit, 'data-test': 'edit'}, 'Edit position')),
        v('div', {class: 'here-host'}, here_view(st.game, st.here, act)));
}

// `#/analysis/<unknown>`: say so, and offer the games there are.
export function unknown_game_view(game, ids) {
    return v('section', {class: 'card', 'data-test': 'no-such-game'},
        v('h1', {}, 'No such game'),
        v('p', {}, `There is no game called "${game}" here. The analysis board is there for these games:`),
        v('ul', {class: 'list'}, ids.map((id) => v('li', {}, v('a', {href: `#/analysis/${id}`}, game_names[id] || id)))));
}
