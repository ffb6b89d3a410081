// A correspondence game over two browser contexts (issue 25): paired from
// quick pairing's days-per-move pool, each player in turn sees the game in
// the lobby's "Your turn" panel, on #/your-turn and as the menu's count, the
// tab's title marked, and loses it from all three once they have moved.
// Screenshots of the panel and the page at 1280x800 and 390x844. The game page
// gives each side its time to move (issue 41 item 6): the side to move, the
// time left and the deadline; the other, its allowance; and the your-turn
// mini board sits as the player's game page does. Then a
// conditional premove line entered on the game page: an impossible one refused
// with the move named, a good one played when the opponent's move matches.
import {check, play_move, wait_ply} from '../lib.mjs';
import {pair_by_quick} from '../helpers.mjs';
import {mover_first} from '../play_helpers.mjs';

const marker = '● Your move — ';
const count = (p) => p.locator('[data-test="your-turn-count"]');
const card = (p, room) => p.locator(`[data-test="your-turn-game"][data-room="${room}"]`);

// Each row's time to move on the game page: the side to move's, the other's.
async function corr_rows(page) {
    const to_move = page.locator('.player.turn [data-test="corr-left"]');
    const other = page.locator('.player:not(.turn) [data-test="corr-left"]');
    await to_move.waitFor({timeout: 10000});
    await page.waitForFunction(() => /left/.test(document.querySelector('.player.turn [data-test="corr-left"]').textContent), null, {timeout: 10000});
    return [await to_move.locator('.corr-time').textContent(), await to_move.locator('.corr-by').textContent(), await other.textContent()];
}

// Where each piece sits on a board, as a fraction of its height from the top (by cell).
async function piece_heights(page, sel) {
    return page.evaluate((s) => {
        const svg = document.querySelector(s);
        const r = svg.getBoundingClientRect();
        return Object.fromEntries([...svg.querySelectorAll('.piece')].map((p) => {
            const b = p.getBoundingClientRect();
            return [p.getAttribute('data-at'), (b.top + b.height / 2 - r.top) / r.height];
        }));
    }, sel);
}

async function shoot(page, artifacts, name) {
    await page.mouse.move(0, 0);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const vp = page.viewportSize();
    await page.screenshot({path: `${artifacts}/${name}-${vp.width}x${vp.height}.png`, fullPage: true});
}

export const scenarios = [
    ['correspondence: quick pairing by days, the your-turn list, count and title follow each move', async ({browser, base, artifacts}) => {
        const {a: p, b: q, room} = await pair_by_quick(browser, base, 'checkers', 'days:3');
        const [mover, a] = await mover_first(p, q);
        check(/3 days/.test(await a.locator('.game').textContent()), 'the game page shows the days per move');
        // Each row says its time to move: the side to move, the time left and by when; the other, its allowance.
        for (const page of [mover, a]) {
            const [left, by, other] = await corr_rows(page);
            // Just started: a hair under three days, or the full three days when
            // the page's estimate of the server's clock runs a little behind it.
            check(/^(2 days 23 h|3 days 0 h) left$/.test(left) && /^by \S/.test(by), `the side to move's row: ${left} ${by}`);
            check(other === '3 days per move', `the other side's row: ${other}`);
        }
        for (const size of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await a.setViewportSize(size);
            await shoot(a, artifacts, 'corr-game-page');
        }
        await a.setViewportSize({width: 1100, height: 800});
        // The board as a sits on their game page: the your-turn card shows it the same way up.
        const seen = await piece_heights(a, '.game svg.board');

        // a waits on the home page: nothing listed for them yet.
        await a.click('header nav a[href="#/"]');
        await a.waitForFunction(() => document.title === 'Play · Kibitz');
        check(await count(a).isHidden(), 'no count while the opponent is to move');
        check(await a.locator('[data-test="your-turn-panel"]').count() === 0, 'no panel while nothing waits');

        await play_move([mover], '11-15');
        // The panel lists it with its mini board, the menu counts it, the title is marked.
        await card(a, room).waitFor({timeout: 10000});
        await a.waitForFunction((m) => document.title.startsWith(m), marker, {timeout: 10000});
        check(await count(a).textContent() === '1', `the menu's count: ${await count(a).textContent()}`);
        check(await card(a, room).locator('.mini-board svg.board').count() === 1, 'a mini board');
        check(/days? .*left/.test(await card(a, room).textContent()), `the time left: ${await card(a, room).textContent()}`);
        const mini = await piece_heights(a, `[data-test="your-turn-game"][data-room="${room}"] svg.board`);
        const same = Object.keys(mini).filter((at) => at in seen);
        check(same.length > 0 && same.every((at) => Math.abs(mini[at] - seen[at]) < 0.15),
            `the mini board faces as the game page does: ${same.map((at) => `${at} ${seen[at].toFixed(2)}/${mini[at].toFixed(2)}`).join(', ')}`);
        for (const size of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await a.setViewportSize(size);
            await shoot(a, artifacts, 'your-turn-panel');
        }
        await a.setViewportSize({width: 1100, height: 800});

        // The other side, meanwhile, has nothing waiting (own page).
        await mover.click('header nav a[href="#/your-turn"]');
        await mover.locator('[data-test="your-turn-none"]', {hasText: 'No correspondence game'}).waitFor({timeout: 10000});

        // a opens the game from the card and moves: all three go; the mover's page lists it.
        await card(a, room).locator('a').click();
        await a.waitForSelector(`.game[data-room="${room}"][data-turn="me"]`, {timeout: 10000});
        await play_move([a], '22-18');
        // a's move gives the mover the whole allowance again, on a's page too.
        const [left, , other] = await corr_rows(a);
        check(/^(2 days 23 h|3 days 0 h) left/.test(left) && other === '3 days per move', `after a's move: ${left} / ${other}`);
        await card(mover, room).waitFor({timeout: 10000});
        await count(a).waitFor({state: 'hidden', timeout: 10000});
        check(await count(mover).textContent() === '1', 'the mover counts it now');
        for (const size of [{width: 1280, height: 800}, {width: 390, height: 844}]) {
            await mover.setViewportSize(size);
            await shoot(mover, artifacts, 'your-turn-page');
        }
        // From the page to the game, and one more move: the list empties again.
        await card(mover, room).locator('a').click();
        await wait_ply(mover, 2);
        const next = await mover.evaluate(() => window.kibitz.game.state.board.moves[0].text);
        await play_move([mover], next);
        await wait_ply(a, 3);
        await count(mover).waitFor({state: 'hidden', timeout: 10000});
        await mover.click('header nav a[href="#/your-turn"]');
        await mover.locator('[data-test="your-turn-none"]').waitFor({timeout: 10000});
        await a.click('header nav a[href="#/your-turn"]');
        await card(a, room).waitFor({timeout: 10000});
    }],
    ['correspondence: a conditional premove line set on the game page is played when the opponent\'s move matches', async ({browser, base}) => {
        const {a: p, b: q, room} = await pair_by_quick(browser, base, 'checkers', 'days:3');
        const [mover, waiter] = await mover_first(p, q);
        // Their first legal move, and the reply after it (the rules core as an oracle).
        const first = await mover.evaluate(() => window.kibitz.game.state.board.moves[0].text);
        const reply = await waiter.evaluate(async (m) => {
            const r = await fetch('/api/position', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({game: 'checkers', moves: [m]})});
            return (await r.json()).board.moves[0].text;
        }, first);
        // An impossible line is refused, with the move named.
        await waiter.fill('[data-test="premove-input"]', `${first} 99-98`);
        await waiter.press('[data-test="premove-input"]', 'Enter');
        await waiter.locator('.toast', {hasText: 'move 2 (99-98) is not legal there'}).waitFor({timeout: 10000});
        await waiter.fill('[data-test="premove-input"]', `${first}, ${reply}`);
        await waiter.press('[data-test="premove-input"]', 'Enter');
        await waiter.locator('[data-test="premove-line"]', {hasText: `if ${first}, then ${reply}`}).waitFor({timeout: 10000});
        check(await mover.locator('[data-test="premove-line"]').count() === 0, 'the mover has no line form on their move');
        await play_move([mover], first);
        // The reply is played for the waiter: the mover is to move again at ply 2.
        await wait_ply(mover, 2);
        await mover.waitForSelector(`.game[data-room="${room}"][data-turn="me"]`, {timeout: 10000});
        // The waiter hears of its own reply separately, maybe a moment after the mover.
        await wait_ply(waiter, 2);
        const moves = await waiter.evaluate(() => window.kibitz.game.state.moves);
        check(moves[1] === reply, `the reply was played: ${moves.join(' ')}`);
    }],
];
