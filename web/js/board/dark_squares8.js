// 8x8, dark squares only: the 32 playable dark squares are cells "1".."32" (x = column,
// y = row, row 0 is Black's back row at the top); men and kings.
import {s} from '../ui/dom.js';
import {grid_project, grid_background, grid_hit, grid_mark, crown} from './grid.js';
import {t} from '../i18n/i18n.js';
import {piece_words} from './words.js';

export const dark_squares8 = {
    seat0_top: true,
    size: () => [8, 8],
    project: grid_project,
    background(g, ctx, flip) {
        grid_background(g, ctx, flip, 8, 8, (x, y) => (x + y) % 2 === 1);
        for (const c of ctx.view.cells) {
            const [x, y] = ctx.pos(c.id);
            g.append(s('text', {x: x - 0.44, y: y - 0.3, class: 'sq-num'}, c.id));
        }
    },
    hit_shape: grid_hit,
    mark: grid_mark,
    piece(p, ctx) {
        const [x, y] = ctx.pos(p.at);
        const g = s('g', {class: `piece-${ctx.colours[p.owner]} kind-${p.kind}`});
        g.append(s('circle', {cx: x, cy: y + 0.04, r: 0.38, class: 'shadow'}),
                 s('circle', {cx: x, cy: y, r: 0.38, class: 'body'}),
                 s('circle', {cx: x, cy: y, r: 0.27, class: 'rim'}));
        if (p.kind === 'king') g.append(crown(x, y, 0.17));
        return g;
    },
    describe(c, p, ctx) {
        return t('board.square', {cell: c.id, what: p ? piece_words(ctx.colours[p.owner], p.kind === 'king' ? 'crowned' : p.kind) : t('board.empty')});
    },
};
