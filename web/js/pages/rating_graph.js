// A player's rating in one game over their rated games, as a small SVG line
// (from the start at 1500, one point per game, from GET /api/players/<name>'s history), with the
// provisional stretch (RD > 110) drawn dashed and the lowest and highest
// ratings labelled.
import {s} from '../ui/dom.js';

const width = 320, height = 110, pad = 14;
const provisional_rd = 110;

export function rating_graph(games, label) {
    // Every rating starts at 1500 (Glicko-2's start, RD 350): the line begins there.
    const points = games.length ? [{rating: 1500, rd: 350}, ...games] : [];
    const svg = s('svg', {class: 'rating-graph', viewBox: `0 0 ${width} ${height}`, role: 'img',
        'aria-label': label, 'data-test': 'rating-graph', 'data-points': games.length});
    if (!points.length) return svg;
    const ratings = points.map((p) => p.rating);
    const lo = Math.min(...ratings), hi = Math.max(...ratings);
    const span = Math.max(hi - lo, 50);
    const x = (i) => points.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (points.length - 1);
    const y = (r) => height - pad - ((r - lo) * (height - 2 * pad)) / span;
    const line = (from, to, cls) => {
        const xy = points.slice(from, to).map((p, k) => `${x(from + k).toFixed(1)},${y(p.rating).toFixed(1)}`);
        if (xy.length) svg.append(s('polyline', {class: cls, points: xy.join(' ')}));
    };
    // Provisional while the RD was above the threshold: usually the first games.
    let settled = points.findIndex((p) => p.rd <= provisional_rd);
    if (settled < 0) settled = points.length;
    line(0, Math.min(points.length, settled + 1), 'provisional');
    line(settled, points.length, 'settled');
    points.forEach((p, i) => svg.append(s('circle', {cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 2.5,
        class: p.rd > provisional_rd ? 'provisional' : 'settled'})));
    svg.append(s('text', {x: 2, y: 10, class: 'axis'}, String(Math.round(hi))),
        s('text', {x: 2, y: height - 2, class: 'axis'}, String(Math.round(lo))));
    return svg;
}
