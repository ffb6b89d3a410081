// A 7x7 board of squares "A1".."G7" (x = file, y = 7 - rank: Dark's home rank 7
// at the top). Tokens are full (2 hit points) or half (1); each side has a King.
import {s} from '../ui/dom.js';
import {grid_project, grid_background, grid_hit, grid_mark, crown} from './grid.js';
import {t} from '../i18n/i18n.js';
import {piece_words} from './words.js';

export const squares7 = {
    seat0_top: true,
    size: () => [7, 7],
    project: grid_project,
    background(g, ctx, flip) {
        grid_background(g, ctx, flip, 7, 7, (x, y) => (x + y) % 2 === 1);
        // File letters along the bottom edge and rank numbers on the left, as seen.
        for (const c of ctx.view.cells) {
            const [x, y] = ctx.pos(c.id);
            if (y > 6) g.append(s('text', {x: x + 0.4, y: y + 0.45, class: 'sq-num end'}, c.id[0].toLowerCase()));
            if (x < 1) g.append(s('text', {x: x - 0.45, y: y - 0.3, class: 'sq-num'}, c.id.slice(1)));
        }
    },
    hit_shape: grid_hit,
    mark: grid_mark,
    piece(p, ctx) {
        const [x, y] = ctx.pos(p.at);
        const r = p.kind === 'king' ? 0.41 : 0.36;
        const g = s('g', {class: `piece-${ctx.colours[p.owner]} kind-${p.kind} hp-${p.hp}`});
        g.append(s('circle', {cx: x, cy: y + 0.04, r, class: 'shadow'}));
        if (p.hp === 1) {
            // A half token: the lower half of the disc, with the lost half outlined.
            g.append(s('circle', {cx: x, cy: y, r, class: 'lost'}),
                     s('path', {d: `M${x - r} ${y} A${r} ${r} 0 0 0 ${x + r} ${y} Z`, class: 'body'}));
        } else {
            g.append(s('circle', {cx: x, cy: y, r, class: 'body'}), s('circle', {cx: x, cy: y, r: r * 0.7, class: 'rim'}));
        }
        if (p.kind === 'king') g.append(crown(x, y - (p.hp === 1 ? -0.12 : 0), 0.18));
        return g;
    },
    describe(c, p, ctx) {
        if (!p) return t('board.square', {cell: c.id, what: t('board.empty')});
        const what = `${piece_words(ctx.colours[p.owner], p.kind === 'king' ? 'king' : 'token')} (${t(p.hp === 1 ? 'board.half' : 'board.full')})`;
        return t('board.square', {cell: c.id, what});
    },
};
