// Shared drawing for square boards (dark_squares8, squares7): one unit per square,
// cell centre at (x + 0.5, y + 0.5).
import {s} from '../ui/dom.js';

export function grid_project(x, y) { return [x + 0.5, y + 0.5]; }

// Every square of a w x h board, dark ones as given by `is_dark(x, y)`, plus
// file/rank or number labels drawn by `label(cell)`.
export function grid_background(g, ctx, flip, w, h, is_dark) {
    for (let y = 0; y < h; ++y)
        for (let x = 0; x < w; ++x) {
            const sx = flip ? w - 1 - x : x, sy = flip ? h - 1 - y : y;
            g.append(s('rect', {x: sx, y: sy, width: 1, height: 1, class: is_dark(x, y) ? 'sq-dark' : 'sq-light'}));
        }
}

export function grid_hit(c, ctx) {
    const [x, y] = ctx.pos(c.id);
    return s('rect', {x: x - 0.5, y: y - 0.5, width: 1, height: 1});
}

export function grid_mark(c, kind, ctx) {
    const [x, y] = ctx.pos(c.id);
    if (kind === 'dest') return s('circle', {cx: x, cy: y, r: 0.14, class: 'mark-dest'});
    if (kind === 'dest-occupied') return s('circle', {cx: x, cy: y, r: 0.44, class: 'mark-dest-ring'});
    if (kind === 'affected') return s('rect', {x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'mark-affected'});
    return s('rect', {x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: `mark-${kind}`});
}

// A small crown drawn around (x, y).
export function crown(x, y, r, cls = 'crown') {
    const w = r, t = y - r * 0.55, b = y + r * 0.45;
    const d = `M${x - w} ${b} L${x - w} ${t + r * 0.35} L${x - w / 2} ${t + r * 0.6} L${x} ${t} ` +
              `L${x + w / 2} ${t + r * 0.6} L${x + w} ${t + r * 0.35} L${x + w} ${b} Z`;
    return s('path', {d, class: cls});
}
