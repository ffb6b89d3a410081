// Keyboard play on every board (issue 23): against the computer, a player
// reaches the board with Tab, walks its cells with the arrow and diagonal
// keys, picks a legal move's path with Enter, and hears the move in the
// aria-live region. No mouse event is sent.
import {new_player, check} from '../lib.mjs';
import {nearest, direction_of} from '../../../web/js/board/keys.js';

const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'PageUp', 'End', 'PageDown'];

// Each cell's centre on screen, by id.
async function centres(p) {
    return p.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg.board [data-cell]')].map((el) => {
        const r = el.getBoundingClientRect();
        return [el.getAttribute('data-cell'), [r.x + r.width / 2, r.y + r.height / 2]];
    })));
}

const focused_cell = (p) => p.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);

// The fewest key presses from `from` to `to`, as the board's own key map
// (board/keys.js) moves between the centres drawn; null when unreachable.
function key_path(pos, from, to) {
    const cells = Object.keys(pos).map((id) => ({id}));
    const at = (id) => pos[id];
    const prev = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
        const c = queue.shift();
        if (c === to) break;
        for (const k of keys) {
            const n = nearest(cells, at, c, ...direction_of(k));
            if (n !== null && !prev.has(n)) { prev.set(n, [c, k]); queue.push(n); }
        }
    }
    if (!prev.has(to)) return null;
    const out = [];
    for (let c = to; prev.get(c); c = prev.get(c)[0]) out.unshift(prev.get(c)[1]);
    return out;
}

// Walks the focus to `target` with the keys, checking where each press lands.
async function walk_to(p, target) {
    for (let tries = 0; tries < 3; ++tries) {
        const from = await focused_cell(p);
        if (from === target) return;
        const plan = key_path(await centres(p), from, target);
        check(plan, `no key path from ${from} to ${target}`);
        for (const k of plan) await p.keyboard.press(k);
    }
    check(await focused_cell(p) === target, `the keys reach ${target} (focus on ${await focused_cell(p)})`);
}

// A legal move that ends only where its path does: no other move goes on
// through it, so Enter on its last cell plays it.
async function plain_move(p) {
    return p.evaluate(() => {
        const ms = window.kibitz.game.state.board.moves;
        const key = (m) => m.path.join(' ');
        return ms.find((m) => !ms.some((o) => o !== m && key(o).startsWith(key(m))));
    });
}

async function play_by_keyboard(browser, base, game) {
    const p = await new_player(browser, base, '#/', {width: 1280, height: 800});
    await p.selectOption('[data-test="computer-game"]', game);
    await p.selectOption('[data-test="computer-level"]', '1');
    await p.selectOption('[data-test="computer-tc"]', 'none');
    await p.selectOption('[data-test="computer-colour"]', {index: 1});
    // The form is sent from the keyboard too.
    await p.focus('[data-test="computer-play"]');
    await p.keyboard.press('Enter');
    await p.waitForSelector('.game[data-turn="me"]', {timeout: 15000});
    const before = Number(await p.locator('.game').getAttribute('data-ply'));
    const move = await plain_move(p);
    check(move, `${game}: a legal move to play`);
    // Tab from the top of the page until a board cell has the focus.
    await p.evaluate(() => document.activeElement?.blur());
    for (let i = 0; i < 60 && await focused_cell(p) === null; ++i) await p.keyboard.press('Tab');
    check(await focused_cell(p) !== null, `${game}: Tab reaches the board`);
    for (const id of move.path) {
        await walk_to(p, id);
        await p.keyboard.press('Enter');
    }
    await p.waitForFunction(([n, text]) => {
        const st = window.kibitz.game.state;
        return st.moves.length > n && st.moves[n] === text;
    }, [before, move.text], {timeout: 10000});
    // The move in words, in the live region a screen reader reads.
    await p.waitForFunction((text) => [...document.querySelectorAll('[data-test="announce"] > *')]
        .some((el) => el.textContent.startsWith(`You played ${text}`)), move.text, {timeout: 5000});
    check(await p.locator('[data-test="announce"][aria-live]').count() === 1, `${game}: the announcements are a live region`);
    await p.context().close();
}

export const scenarios = ['oferhlyp', 'checkers', 'opprimo', 'oware', 'ouril'].map((game) =>
    [`keyboard: ${game}: a move against the computer with the keyboard alone, announced`,
        async ({browser, base}) => play_by_keyboard(browser, base, game)]);
