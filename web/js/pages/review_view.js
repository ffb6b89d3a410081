// The computer's review on the replay page, as views of the replay
// controller's state (replay.js): the request button (hidden while it runs),
// progress, the evaluation graph, the summary per player with an accuracy,
// and the marked moves by move number. Pure functions.
import {v} from '../ui/vdom.js';
import {capitalise} from '../ui/dom.js';
import {side_name} from '../catalogue.js';
import {t} from '../i18n/i18n.js';

export const symbol = {inaccuracy: '?!', mistake: '?', blunder: '??'};

// "11." for the first side's move at ply 21, "11…" for the second's at ply 22
// (plies count from 1); `first`: the seat that moved first (a game may start
// from a position with the second side to move).
export function move_label(ply, first = 0) {
    const k = ply - 1 + first;
    return `${Math.floor(k / 2) + 1}${k % 2 ? '…' : '.'}`;
}

// Winning chances in per cent from a score (hundredths of a unit), the same
// logistic curve as the analysis board's bar.
function chances(cp) { return 100 / (1 + Math.exp(-cp / 400)); }

// Accuracy per seat, in per cent: for each of its moves, the drop in its
// winning chances from the position before to the position after (never
// below 0), scored 100 - 2.5 x drop (at least 0), averaged over its moves.
// A best move scores 100; a drop of 40 points (an even game thrown away)
// scores 0.
export function accuracy(a, seat) {
    const mine = a.moves.filter((m) => m.seat === seat && a.evals[m.ply] && a.evals[m.ply - 1]);
    if (!mine.length) return null;
    const sign = seat === 0 ? 1 : -1;
    const total = mine.reduce((sum, m) => {
        const drop = Math.max(0, chances(sign * a.evals[m.ply - 1].cp) - chances(sign * a.evals[m.ply].cp));
        return sum + Math.max(0, 100 - 2.5 * drop);
    }, 0);
    return total / mine.length;
}

// `st.review`: {state: 'loading' | 'none' | 'running' | 'done' | 'unavailable', done, total, message, analysis}.
export function review_view(st, act) {
    const r = st.review;
    const first = st.rec.start?.to_move || 0;
    const colour = (seat) => { const c = ((st.rec.players || [])[seat] || {}).color; return c ? capitalise(side_name(c)) : t('game.seat', {seat: seat + 1}); };
    let body;
    if (r.state === 'loading') body = v('p', {class: 'muted'}, t('review.looking'));
    else if (r.state === 'unavailable') body = v('p', {class: 'muted'}, t('review.once_over'));
    else if (r.state === 'none') {
        body = [v('button', {class: 'btn small', type: 'button', 'data-test': 'request-review', onclick: act.request_review}, t('review.request')),
            r.message ? v('p', {class: 'error', 'data-test': 'review-progress'}, r.message) : null];
    } else if (r.state === 'running') {
        body = v('p', {class: 'muted', 'data-test': 'review-progress', role: 'status'},
            r.total ? t('review.analysing', {done: r.done, total: r.total}) : t('review.asking'));
    } else body = done_view(r.analysis, colour, st.ply, act.go, first);
    return v('section', {class: 'review', 'data-test': 'review', 'data-ready': r.state === 'done' ? 'true' : null},
        v('h2', {class: 'review-title'}, t('game.computer_analysis')), body);
}

function done_view(a, colour, ply, go, first) {
    return [
        graph(a, ply, go, first),
        v('div', {class: 'review-table-wrap'}, v('table', {class: 'review-summary', 'data-test': 'review-summary'},
            v('thead', {}, v('tr', {}, v('th', {scope: 'col'}, t('review.side')), v('th', {scope: 'col', title: t('review.inaccuracies')}, '?!'),
                v('th', {scope: 'col', title: t('review.mistakes')}, '?'), v('th', {scope: 'col', title: t('review.blunders')}, '??'),
                v('th', {scope: 'col', title: t('review.avg_loss_title')}, t('review.avg_loss')),
                v('th', {scope: 'col', title: t('review.accuracy_title')}, t('review.accuracy')))),
            v('tbody', {}, a.summary.map((row) => {
                const acc = accuracy(a, row.seat);
                return v('tr', {'data-seat': row.seat}, v('th', {scope: 'row'}, colour(row.seat)), v('td', {}, row.inaccuracies), v('td', {}, row.mistakes),
                    v('td', {}, row.blunders), v('td', {}, t('review.units', {n: (row.average_loss / 100).toFixed(2)})),
                    v('td', {'data-test': 'accuracy'}, acc === null ? '–' : `${Math.round(acc)}%`));
            })))),
        v('p', {class: 'muted small'}, t('review.explain')),
        v('ul', {class: 'review-marks list', 'data-test': 'review-marks'}, a.moves.filter((m) => m.mark).map((m) =>
            v('li', {}, v('button', {class: 'move', type: 'button', onclick: () => go(m.ply)}, `${move_label(m.ply, first)} ${m.move}${symbol[m.mark]}`),
                ` ${t('review.mark_line', {side: colour(m.seat), mark: t(`review.mark_${m.mark}`), better: m.better})}`))),
    ];
}

// Scores from the first seat's side, clamped to ±10 units; one point per position.
function graph(a, ply, go, first) {
    const w = 320, hgt = 110, n = Math.max(1, a.evals.length - 1);
    const y = (cp) => hgt / 2 - (Math.max(-1000, Math.min(1000, cp)) / 1000) * (hgt / 2 - 4);
    const pts = a.evals.map((e, i) => [4 + (i * (w - 8)) / n, y(e.cp)]);
    const marked = new Map(a.moves.filter((m) => m.mark).map((m) => [m.ply, m.mark]));
    return v('svg', {class: 'review-graph', viewBox: `0 0 ${w} ${hgt}`, role: 'img', 'aria-label': t('review.graph_label'), 'data-test': 'review-graph'},
        v('line', {x1: 0, x2: w, y1: hgt / 2, y2: hgt / 2, class: 'axis'}),
        pts[ply] ? v('line', {x1: pts[ply][0], x2: pts[ply][0], y1: 0, y2: hgt, class: 'here'}) : null,
        v('polyline', {points: pts.map((p) => p.join(',')).join(' '), class: 'curve'}),
        pts.map(([px, py], i) => v('circle', {cx: px, cy: py, r: marked.has(i) ? 4 : 2.5, class: `point ${marked.get(i) || ''}`,
            'data-ply': i, onclick: () => go(i)}, v('title', {}, `${i ? t('review.after', {move: move_label(i, first)}) : t('review.start')}: ${(a.evals[i].cp / 100).toFixed(2)}`))));
}
