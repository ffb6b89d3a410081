// A triangle lattice: 45 points on lines (x = file 0..6, y = 13 - rank) and the triangles
// between them (their centroid as x, y; corners named). Files are sqrt(3) apart
// so every triangle is equilateral. Soldiers and Knights stand on points, the
// Kings inside triangles; Castles and promotion points are marked by tags.
import {s} from '../ui/dom.js';
import {side_name} from '../catalogue.js';
import {t} from '../i18n/i18n.js';
import {piece_words} from './words.js';

const sx = Math.sqrt(3), pad = 0.9;

function tag_colour(tags, prefix) {
    const t = (tags || []).find((x) => x.startsWith(prefix));
    return t ? t.slice(prefix.length) : null;
}

export const triangle_lattice = {
    seat0_top: false,
    size: (v) => [2 * pad + v.width * sx, 2 * pad + v.height],
    project: (x, y) => [pad + x * sx, pad + y],
    hit_order: (cells) => [...cells.filter((c) => c.kind === 'triangle'), ...cells.filter((c) => c.kind !== 'triangle')],
    background(g, ctx) {
        const tris = ctx.view.cells.filter((c) => c.kind === 'triangle');
        const edges = new Set();
        for (const t of tris) {
            const pts = t.corners.map((id) => ctx.pos(id));
            const castle = tag_colour(t.tags, 'castle-');
            g.append(s('polygon', {points: pts.map((p) => p.join(',')).join(' '),
                class: castle ? `tri castle castle-${castle}` : 'tri'}));
            for (let i = 0; i < 3; ++i) {
                const a = t.corners[i], b = t.corners[(i + 1) % 3];
                const key = a < b ? `${a}|${b}` : `${b}|${a}`;
                if (edges.has(key)) continue;
                edges.add(key);
                const [x1, y1] = ctx.pos(a), [x2, y2] = ctx.pos(b);
                g.append(s('line', {x1, y1, x2, y2, class: 'line'}));
            }
        }
        for (const c of ctx.view.cells.filter((c) => c.kind === 'point')) {
            const [x, y] = ctx.pos(c.id);
            const promo = tag_colour(c.tags, 'promote-');
            g.append(s('circle', {cx: x, cy: y, r: 0.13, class: 'pt'}));
            // Wider than a piece, so it shows around the men standing there at the start.
            if (promo) g.append(s('circle', {cx: x, cy: y, r: 0.43, class: `promo promo-${promo}`}));
            g.append(s('text', {x: x + 0.22, y: y + 0.42, class: 'pt-name'}, c.id));
        }
    },
    hit_shape(c, ctx) {
        if (c.kind === 'triangle') {
            return s('polygon', {points: c.corners.map((id) => ctx.pos(id).join(',')).join(' ')});
        }
        const [x, y] = ctx.pos(c.id);
        return s('circle', {cx: x, cy: y, r: 0.45});
    },
    mark(c, kind, ctx) {
        const [x, y] = ctx.pos(c.id);
        if (c.kind === 'triangle') {
            const pts = c.corners.map((id) => ctx.pos(id).join(',')).join(' ');
            if (kind === 'dest' || kind === 'dest-occupied') return s('circle', {cx: x, cy: y, r: 0.16, class: 'mark-dest'});
            return s('polygon', {points: pts, class: `mark-${kind}`});
        }
        if (kind === 'dest') return s('circle', {cx: x, cy: y, r: 0.21, class: 'mark-dest'});
        if (kind === 'dest-occupied') return s('circle', {cx: x, cy: y, r: 0.46, class: 'mark-dest-ring'});
        return s('circle', {cx: x, cy: y, r: 0.48, class: `mark-${kind}`});
    },
    piece(p, ctx) {
        const [x, y] = ctx.pos(p.at);
        const g = s('g', {class: `piece-${ctx.colours[p.owner]} kind-${p.kind}`});
        if (p.kind === 'king') {
            g.append(s('circle', {cx: x, cy: y, r: 0.3, class: 'body'}));
            const w = 0.2, t = y - 0.14, b = y + 0.12;
            g.append(s('path', {class: 'crown', d: `M${x - w} ${b} L${x - w} ${t} L${x - w / 2} ${t + 0.1} L${x} ${t - 0.06} L${x + w / 2} ${t + 0.1} L${x + w} ${t} L${x + w} ${b} Z`}));
            return g;
        }
        g.append(s('circle', {cx: x, cy: y + 0.03, r: 0.34, class: 'shadow'}),
                 s('circle', {cx: x, cy: y, r: 0.34, class: 'body'}));
        if (p.kind === 'knight') g.append(s('path', {class: 'knight-mark',
            d: `M${x} ${y - 0.2} L${x + 0.06} ${y - 0.06} L${x + 0.2} ${y - 0.06} L${x + 0.09} ${y + 0.04} L${x + 0.13} ${y + 0.19} L${x} ${y + 0.1} L${x - 0.13} ${y + 0.19} L${x - 0.09} ${y + 0.04} L${x - 0.2} ${y - 0.06} L${x - 0.06} ${y - 0.06} Z`}));
        else g.append(s('circle', {cx: x, cy: y, r: 0.22, class: 'rim'}));
        return g;
    },
    describe(c, p, ctx) {
        const parts = [t(c.kind === 'triangle' ? 'board.triangle' : 'board.point', {cell: c.id})];
        const castle = tag_colour(c.tags, 'castle-'), promo = tag_colour(c.tags, 'promote-');
        if (castle) parts.push(t('board.castle_of', {side: side_name(castle)}));
        if (promo) parts.push(t('board.promotion_of', {side: side_name(promo)}));
        parts.push(p ? piece_words(ctx.colours[p.owner], String(p.kind).toLowerCase()) : t('board.empty'));
        return parts.join(', ');
    },
};
