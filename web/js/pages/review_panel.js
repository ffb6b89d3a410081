// The computer's review of a finished game, on its replay page: a button to
// ask for it (the server searches every position on its engine pool and
// pushes progress), then the evaluation graph (click a point to go there),
// the marked moves with the better move, and a summary per player.
import {api} from '../net/http.js';
import {socket} from '../net/socket.js';
import {h, s, clear, capitalise} from '../ui/dom.js';

const symbol = {inaccuracy: '?!', mistake: '?', blunder: '??'};

export function review_panel(id, rec, go, {request = false} = {}) {
    const box = h('section', {class: 'review', 'data-test': 'review'}, h('h3', {}, 'Computer analysis'));
    const body = h('div', {});
    box.append(body);
    const colour = (seat) => capitalise(((rec.players || [])[seat] || {}).color || `seat ${seat + 1}`);
    const offs = [];

    function offer() {
        if ((rec.status || {}).state !== 'over') { body.append(h('p', {class: 'muted'}, 'Available once the game is over.')); return; }
        const progress = h('p', {class: 'muted', 'data-test': 'review-progress'});
        const button = h('button', {class: 'btn small', 'data-test': 'request-review', onclick: async () => {
            button.disabled = true;
            progress.textContent = 'Asking the engine…';
            try { await socket.request('review.request', {id}); } catch (e) { progress.textContent = e.message || e.code; button.disabled = false; }
        }}, 'Request computer analysis');
        clear(body).append(button, progress);
        offs.push(socket.on('review.progress', (d) => { if (d.id === id) progress.textContent = `Analysing: ${d.done} of ${d.total} positions`; }));
        offs.push(socket.on('review.done', (d) => { if (d.id === id) show(d.analysis); }));
        offs.push(socket.on('error', (d) => { if (d.re === 'review.request') { progress.textContent = d.message; button.disabled = false; } }));
        if (request) { box.scrollIntoView({block: 'nearest'}); button.click(); }
    }

    function show(a) {
        box.dataset.ready = 'true';
        clear(body).append(graph(a), h('table', {class: 'review-summary'},
            h('tr', {}, h('th', {}, ''), h('th', {}, 'Inaccuracies'), h('th', {}, 'Mistakes'), h('th', {}, 'Blunders'), h('th', {}, 'Average loss')),
            a.summary.map((t) => h('tr', {}, h('td', {}, colour(t.seat)), h('td', {}, t.inaccuracies), h('td', {}, t.mistakes), h('td', {}, t.blunders), h('td', {}, (t.average_loss / 100).toFixed(2))))),
        h('ul', {class: 'review-marks list', 'data-test': 'review-marks'}, a.moves.filter((m) => m.mark).map((m) =>
            h('li', {}, h('button', {class: 'move', onclick: () => go(m.ply)}, `${m.ply}. ${m.move}${symbol[m.mark]}`),
                ` ${colour(m.seat)}: ${m.mark}; better ${m.better}`))));
    }

    // Scores from the first seat's side, clamped to ±10 units; one point per position.
    function graph(a) {
        const w = 320, hgt = 110, n = Math.max(1, a.evals.length - 1);
        const y = (cp) => hgt / 2 - (Math.max(-1000, Math.min(1000, cp)) / 1000) * (hgt / 2 - 4);
        const pts = a.evals.map((e, i) => [4 + (i * (w - 8)) / n, y(e.cp)]);
        const svg = s('svg', {class: 'review-graph', viewBox: `0 0 ${w} ${hgt}`, role: 'img', 'aria-label': 'evaluation over the game', 'data-test': 'review-graph'},
            s('line', {x1: 0, x2: w, y1: hgt / 2, y2: hgt / 2, class: 'axis'}),
            s('polyline', {points: pts.map((p) => p.join(',')).join(' '), class: 'curve'}));
        const marked = new Map(a.moves.filter((m) => m.mark).map((m) => [m.ply, m.mark]));
        pts.forEach(([px, py], i) => svg.append(s('circle', {cx: px, cy: py, r: marked.has(i) ? 4 : 2.5, class: `point ${marked.get(i) || ''}`,
            'data-ply': i, onclick: () => go(i)}, s('title', {}, `ply ${i}: ${(a.evals[i].cp / 100).toFixed(2)}`))));
        return svg;
    }

    api('GET', `/api/games/${encodeURIComponent(id)}/analysis`).then((r) => {
        if (r && r.analysis) show(r.analysis);
        else offer();
    });
    return {element: box, unmount: () => offs.forEach((f) => f())};
}
