// The analysis board's side column as one view (snabbdom, ui/vdom.js) of the
// controller's state (analysis.js): whose turn, the engine's evaluation in
// words with a bar in the sides' own colours, its best line, the move tree,
// the position text, the actions and "play from here" (play_from_here.js);
// and around it the page: the board's column and the position editor's
// column, hosts on which the controller hangs the SVG board and the editor.
import {v} from '../ui/vdom.js';
import {capitalise} from '../ui/dom.js';
import {game_names, colour_names, side_colour, side_name as side_label} from '../catalogue.js';
import {reason_text} from './game_panels.js';
import {tree_view, eval_words} from './move_tree.js';
import {pick_view} from '../ui/pick_view.js';
import {here_view} from './play_from_here.js';
import {t} from '../i18n/i18n.js';

// A seat's side: the catalogue's name (for its colour), and in words.
function side_name(game, seat) { return (colour_names[game] || [])[seat] || `seat ${seat + 1}`; }  // not for people: a side's code
function side_words(game, seat) {
    const side = (colour_names[game] || [])[seat];
    return side ? capitalise(side_label(side)) : t('game.seat', {seat: seat + 1});
}


function turn_line(st) {
    const pos = st.pos;
    if (!pos) return v('p', {class: 'turn muted', 'data-test': 'turn'}, t('analysis.loading'));
    if (pos.status.state === 'over') {
        const w = pos.status.winner;
        return v('p', {class: 'banner', 'data-test': 'status'},
            t('analysis.game_over', {result: w >= 0 ? t('result.wins', {side: side_words(st.game, w)}) : t('result.draw'), why: reason_text(pos.status.reason)}));
    }
    const seat = pos.board.to_move;
    return v('p', {class: 'turn', 'data-test': 'turn'}, v('span', {class: 'dot', style: {background: side_colour(st.game, side_name(st.game, seat)) || ''}}),
        t('analysis.to_play', {side: side_words(st.game, seat)}));
}

function eval_block(st) {
    const e = st.engine, g = st.game;
    const words = e.score ? t('analysis.depth', {depth: e.depth, words: eval_words(e.score, (seat) => side_words(g, seat))}) : t('analysis.engine', {note: e.note});
    // The bar: the first side's share from the left, in its colour; the rest in the second side's.
    const first = side_words(g, 0), second = side_words(g, 1);
    return [
        v('div', {class: 'eval-bar', 'aria-hidden': 'true', title: t('analysis.share', {first, second}),
            style: {background: side_colour(g, side_name(g, 1)) || '#333'}},
        v('div', {class: 'eval-fill', style: {width: `${Math.round(e.share * 100)}%`, background: side_colour(g, side_name(g, 0)) || '#eee'}})),
        v('p', {class: 'eval', 'data-test': 'eval', role: 'status', 'data-depth': e.score ? e.depth : null, 'data-done': e.done ? 'true' : null}, words),
        v('p', {class: 'pv muted', 'data-test': 'pv'}, e.pv ? t('analysis.best_line', {line: e.pv.join(' ')}) : ''),
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
        v('h1', {}, `${t('title.analysis')} · ${game_names[st.game] || st.game}`),
        turn_line(st),
        eval_block(st),
        st.message ? v('p', {class: 'error', 'data-test': 'analysis-error', role: 'alert'}, st.message) : null,
        pick_view(st.choices, st.stop, act.play, act.finish),
        v('div', {class: 'replay-nav', role: 'toolbar', 'aria-label': t('game.moves')},
            v('button', {class: 'btn', type: 'button', 'data-step': 'first', 'aria-label': t('analysis.start_position'), onclick: act.first}, '|<'),
            v('button', {class: 'btn', type: 'button', 'data-step': 'prev', 'aria-label': t('analysis.back'), onclick: act.back}, '<'),
            v('button', {class: 'btn', type: 'button', 'data-step': 'next', 'aria-label': t('analysis.forward'), onclick: act.forward}, '>'),
            v('button', {class: 'btn', type: 'button', 'aria-label': t('game.flip'), 'data-test': 'flip', onclick: act.flip}, t('analysis.flip'))),
        tree_view(st.root, st.current, st.first_seat, act.go),
        v('form', {class: 'notation', onsubmit: (e) => { e.preventDefault(); act.load(e.target.elements.position.value.trim()); }},
            v('input', {class: 'position-text', name: 'position', 'data-test': 'position-text', 'aria-label': t('analysis.position_text'),
                spellcheck: 'false', props: {value: st.pos ? st.pos.position : ''}}),
            v('button', {class: 'btn small', type: 'submit'}, t('analysis.load'))),
        v('div', {class: 'actions'},
            v('button', {class: 'btn small', type: 'button', onclick: act.copy, 'data-test': 'copy'}, t('analysis.copy_position')),
            v('button', {class: 'btn small', type: 'button', onclick: act.share, 'data-test': 'share'}, t('analysis.share_link')),
            v('button', {class: 'btn small', type: 'button', onclick: act.edit, 'data-test': 'edit'}, t('analysis.edit_position'))),
        v('div', {class: 'here-host'}, here_view(st.game, st.here, act)));
}

// `#/analysis/<unknown>`: say so, and offer the games there are.
export function unknown_game_view(game, ids) {
    return v('section', {class: 'card', 'data-test': 'no-such-game'},
        v('h1', {}, t('learn.no_such_game')),
        v('p', {}, t('analysis.no_such_game', {game})),
        v('ul', {class: 'list'}, ids.map((id) => v('li', {}, v('a', {href: `#/analysis/${id}`}, game_names[id] || id)))));
}
