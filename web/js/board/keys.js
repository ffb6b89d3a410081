// Keyboard moves of the board's focus: the arrows go to the nearest cell on
// screen in their direction; Home, Page Up, End and Page Down (the keypad's
// 7, 9, 1 and 3) go diagonally (up-left, up-right, down-left, down-right),
// one press per diagonal step, as pieces on a board of dark squares move.
const directions = {
    ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
    Home: [-1, -1], PageUp: [1, -1], End: [-1, 1], PageDown: [1, 1],
};

// The keys' help for screen readers is the catalogue's board.keys_help (board.js).

// The direction of `key` as a screen vector, or null.
export function direction_of(key) { return directions[key] || null; }

// The cell nearest to `from` in direction (dx, dy) on screen: `pos(id)` is a
// cell's centre as drawn. Along the direction counts once, across it twice, so
// a cell straight ahead wins over one as near but off to the side.
export function nearest(cells, pos, from, dx, dy) {
    const [x0, y0] = pos(from);
    const len = Math.hypot(dx, dy);
    const ux = dx / len, uy = dy / len;
    let best = null, best_score = Infinity;
    for (const c of cells) {
        if (c.id === from) continue;
        const [x, y] = pos(c.id);
        const along = (x - x0) * ux + (y - y0) * uy;
        if (along <= 0.05) continue;
        const across = Math.abs((x - x0) * uy - (y - y0) * ux);
        const score = along + 2 * across;
        if (score < best_score) { best_score = score; best = c.id; }
    }
    return best;
}
