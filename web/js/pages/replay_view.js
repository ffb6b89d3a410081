// The replay page as one view (snabbdom, ui/vdom.js) of the replay
// controller's state (replay.js): the board (drawn by board.js into the host
// the view makes, which the patch never empties), the step buttons, the
// game's heading and result, the numbered move list with the review's
// ?!/?/?? beside the moves, and the review panel.
import {v} from '../ui/vdom.js';
import {tc_text} from '../ui/dom.js';
import {game_names, side_name} from '../catalogue.js';
import {result_text} from './game_panels.js';
import {icon_view as icon} from '../ui/icons.js';
import {review_view, symbol} from './review_view.js';
import {t} from '../i18n/i18n.js';

// As the game page words it (game_panels.js), from the record's players (by seat).
function record_result(rec) {
    const status = rec.status || {};
    if (status.state === 'over' || status.state === 'aborted')
        return result_text({status, players: (rec.players || []).map((p, seat) => ({...p, seat}))});
    return t('replay.unfinished');
}

// Moves in rows of two with the move number first; a move the review marked
// carries its sign. `first`: the seat that moved first (1: the first row starts "1…").
export function replay_moves(moves, ply, marks, first, go) {
    const cells = [];
    const all = first ? [null, ...moves] : moves;
    all.forEach((m, k) => {
        if (k % 2 === 0) cells.push(v('span', {class: 'num', 'aria-hidden': 'true'}, `${k / 2 + 1}.`));
        if (m === null) { cells.push(v('span', {class: 'gap'}, '…')); return; }
        const i = first ? k : k + 1;  // the ply this move made
        const mark = marks.get(i);
        cells.push(v('button', {type: 'button', class: `mv${i === ply ? ' current' : ''}${mark ? ` ${mark}` : ''}`, 'data-ply': i,
            'aria-current': i === ply ? 'step' : null, 'aria-label': mark ? `${m}, ${t(`review.mark_${mark}`)}` : null, onclick: () => go(i)},
        m, mark ? v('span', {class: `glyph ${mark}`, 'data-test': 'glyph'}, symbol[mark]) : null));
    });
    return v('div', {class: 'replay-moves', 'data-test': 'moves', role: 'group', 'aria-label': t('game.moves')}, cells);
}

// `act`: {go, first, prev, next, last, analyse_href, request_review, board_host(element)}.
export function replay_view(st, act) {
    const rec = st.rec, n = rec.moves.length;
    const names = (rec.players || []).map((p) => v('a', {href: `#/player/${encodeURIComponent(p.name)}`}, p.name, ` (${side_name(p.color)})`));
    const marks = new Map(st.review.state === 'done' ? st.review.analysis.moves.filter((m) => m.mark).map((m) => [m.ply, m.mark]) : []);
    const me = st.me, played = (rec.players || []).some((p) => p.name === me);
    return v('div', {class: 'game replay', 'data-test': 'replay', 'data-ply': st.ply},
        v('div', {class: 'board-col', style: {'--board-aspect': st.aspect ? String(st.aspect) : ''}},
            v('div', {key: 'board', class: 'board-wrap', hook: {insert: (vn) => act.board_host(vn.elm)}}),
            v('div', {class: 'replay-nav', role: 'toolbar', 'aria-label': t('replay.controls')},
                v('button', {class: 'btn', type: 'button', 'data-step': 'first', 'aria-label': t('game.first_position'), onclick: act.first}, icon('first')),
                v('button', {class: 'btn', type: 'button', 'data-step': 'prev', 'aria-label': t('game.previous_move'), onclick: act.prev}, icon('prev')),
                v('span', {class: 'counter', 'data-test': 'replay-ply'}, `${st.ply} / ${n}`),
                v('button', {class: 'btn', type: 'button', 'data-step': 'next', 'aria-label': t('game.next_move'), onclick: act.next}, icon('next')),
                v('button', {class: 'btn', type: 'button', 'data-step': 'last', 'aria-label': t('game.last_position'), onclick: act.last}, icon('last')))),
        v('aside', {class: 'side'},
            v('h1', {class: 'game-title'}, `${game_names[rec.game] || rec.game} · ${tc_text(rec.tc)}`),
            v('p', {}, names.flatMap((x, i) => (i ? [` ${t('tv.vs')} `, x] : [x]))),
            v('p', {class: 'banner', 'data-test': 'result'}, record_result(rec)),
            rec.rematch ? v('p', {class: 'links'}, v('a', {class: `btn${played ? ' primary' : ''}`, 'data-test': 'go-rematch',
                href: `#/game/${encodeURIComponent(rec.rematch)}`}, played ? t('game.go_to_rematch') : t('replay.watch_rematch'))) : null,
            replay_moves(rec.moves, st.ply, marks, rec.start?.to_move || 0, act.go),
            v('p', {class: 'links'},
                v('a', {class: 'btn small', href: `/api/games/${encodeURIComponent(st.id)}/export`, download: ''}, t('replay.export')),
                v('a', {class: 'btn small', 'data-test': 'analyse', href: act.analyse_href()}, t('replay.analyse_from_here'))),
            review_view(st, act)));
}
