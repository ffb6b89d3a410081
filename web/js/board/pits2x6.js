// Two rows of six pits, for the mancala games (x = 0..5; South's row y = 1, a..f
// left to right; North's y = 0, A..F right to left) and two stores (x = -1 and
// x = 6). Each pit's piece carries its seed count; stores always have one.
// The tray's margins above and below the rows hold the pit letters and the
// stores' owners, large enough to read on a phone.
import {s, capitalise} from '../ui/dom.js';
import {side_name} from '../catalogue.js';
import {t} from '../i18n/i18n.js';

const unit = 1.1, pad = 0.15, pad_y = 0.42;

export const pits2x6 = {
    seat0_top: false,
    size: () => [8 * unit + 2 * pad, 2 * unit + 2 * pad_y],
    project: (x, y) => [pad + (x + 1.5) * unit, pad_y + (y + 0.5) * unit],
    background(g, ctx) {
        const [w, h] = pits2x6.size();
        g.append(s('rect', {x: 0.04, y: 0.04, width: w - 0.08, height: h - 0.08, rx: 0.45, class: 'tray'}));
        for (const c of ctx.view.cells) {
            const [x, y] = ctx.pos(c.id);
            if (c.kind === 'store') {
                g.append(s('rect', {x: x - 0.42, y: y - 0.95, width: 0.84, height: 1.9, rx: 0.42, class: `store store-${c.tags[0]}`}));
            } else {
                g.append(s('circle', {cx: x, cy: y, r: 0.45, class: `pit pit-${c.tags[0]}`}));
                g.append(s('text', {x, y: y + (y > h / 2 ? 0.72 : -0.72), class: 'pit-name'}, c.id));
            }
        }
        // Each store is named after its owner, on the side of the owner's row.
        for (const c of ctx.view.cells) {
            if (c.kind !== 'store') continue;
            const [x] = ctx.pos(c.id);
            const own_row = ctx.view.cells.find((p) => p.kind !== 'store' && p.tags[0] === c.tags[0]);
            const below = own_row ? ctx.pos(own_row.id)[1] > h / 2 : x > pits2x6.size()[0] / 2;
            g.append(s('text', {x, y: below ? h - 0.25 : 0.25, class: 'store-name', 'data-store-owner': c.tags[0]}, capitalise(side_name(c.tags[0]))));
        }
    },
    hit_shape(c, ctx) {
        const [x, y] = ctx.pos(c.id);
        if (c.kind === 'store') return s('rect', {x: x - 0.42, y: y - 0.95, width: 0.84, height: 1.9, rx: 0.42});
        return s('circle', {cx: x, cy: y, r: 0.47});
    },
    mark(c, kind, ctx) {
        const [x, y] = ctx.pos(c.id);
        if (c.kind === 'store') return s('rect', {x: x - 0.42, y: y - 0.95, width: 0.84, height: 1.9, rx: 0.42, class: `mark-${kind}`});
        if (kind === 'dest') return s('circle', {cx: x, cy: y, r: 0.47, class: 'mark-dest-ring'});
        return s('circle', {cx: x, cy: y, r: 0.47, class: `mark-${kind}`});
    },
    piece(p, ctx) {
        const [x, y] = ctx.pos(p.at);
        const g = s('g', {class: `seeds owner-${p.owner}`});
        // Up to 12 seeds on a ring around the number; the number is what counts.
        const n = ctx.cell(p.at).kind === 'store' ? 0 : Math.min(p.count, 12);
        for (let i = 0; i < n; ++i) {
            const a = (i / Math.max(n, 6)) * 2 * Math.PI - Math.PI / 2;
            g.append(s('circle', {cx: x + 0.31 * Math.cos(a), cy: y + 0.31 * Math.sin(a), r: 0.06, class: 'seed'}));
        }
        g.append(s('text', {x, y: y + 0.12, class: 'count'}, String(p.count)));
        return g;
    },
    describe(c, p, ctx) {
        const n = p ? p.count : 0;
        const owner = c.tags[0];
        if (c.kind === 'store') return t('board.store', {side: side_name(owner), count: n});
        return t('board.pit', {cell: c.id, side: side_name(owner), count: n});
    },
};
