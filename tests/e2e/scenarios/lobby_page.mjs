// The lobby page (issue 12): every panel that changes (games in play, your
// games and invites, the quick-pairing queue) is a patched view, so the
// keyboard focus stays where it is while updates arrive; games in play are
// mini boards that follow the moves and the clocks; a spectator opening a
// finished game after its rematch started is taken to the rematch. A guest
// who has played nothing asks no your-turn list (no 401s; issue 41 item 9).
import {new_player, online, play_move, check} from '../lib.mjs';
import {pair_by_seek, page_shot} from '../helpers.mjs';
import {viewports} from '../play_helpers.mjs';

// Marks the element `sel` finds and gives it the keyboard focus; `still(page)`
// then tells whether that same element (not a rebuilt copy) still has it.
async function hold_focus(page, sel) {
    await page.locator(sel).first().focus();
    await page.evaluate((s) => { document.querySelector(s).dataset.held = 'yes'; }, sel);
    check(await page.evaluate(() => document.activeElement?.dataset.held === 'yes'), `${sel} has the focus`);
}
async function still_focused(page) {
    return page.evaluate(() => document.activeElement?.dataset.held === 'yes');
}

// The page's own socket sends a command (setup steps that are not under test).
async function send(page, type, d) {
    return page.evaluate(([t, data]) => window.kibitz.socket.request(t, data), [type, d]);
}

// The pieces a mini board shows, as "cell:owner" sorted.
async function mini_pieces(page, room) {
    return page.evaluate((r) => [...document.querySelectorAll(`li[data-room="${r}"] svg.board .piece`)]
        .map((p) => p.getAttribute('data-at')).sort().join(' '), room);
}

export const scenarios = [
    ['lobby: games in play, your games, invites and the queue keep the focus while they update', async ({browser, base}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        const watcher = await new_player(browser, base);
        // A guest who has played nothing has no your-turn list: the page does not ask for one (no 401s).
        const asked = [];
        watcher.context().on('response', (r) => { if (r.url().includes('/api/games/your-turn')) asked.push(r.status()); });
        await watcher.reload();
        await online(watcher);
        await watcher.click('header nav a[href="#/learn"]');
        await watcher.waitForFunction(() => /Learn/.test(document.title));
        await watcher.click('header nav a[href="#/"]');
        const entry = `li[data-room="${room}"] a`;
        await watcher.waitForSelector(entry, {timeout: 8000});
        await hold_focus(watcher, entry);
        await play_move([a, b], '11-15');
        await watcher.locator(`li[data-room="${room}"]`, {hasText: 'ply 1'}).waitFor({timeout: 8000});
        check(await still_focused(watcher), 'the game in play keeps the focus when its entry updates');
        check(!asked.includes(401), `a guest's page asks no your-turn list it cannot have: ${asked.join(' ')}`);

        // The player back in the lobby: the way back to the game, then invites
        // created while the focus is on that link.
        await a.click('header nav a[href="#/"]');
        const resume = `[data-test="resume"][href="#/game/${room}"]`;
        await a.waitForSelector(resume, {timeout: 8000});
        await hold_focus(a, resume);
        await send(a, 'invite.create', {game: 'oware', tc: null, rated: false, color: 'random'});
        await a.waitForSelector('[data-test="invite"]', {timeout: 5000});
        check(await still_focused(a), 'the link back to the game keeps the focus when an invite appears');
        await hold_focus(a, '[data-test="invite-copy"]');
        await send(a, 'invite.create', {game: 'checkers', tc: null, rated: false, color: 'random'});
        await a.waitForFunction(() => document.querySelectorAll('[data-test="invite"]').length === 2, null, {timeout: 5000});
        check(await still_focused(a), 'the first invite\'s Copy button keeps the focus when a second appears');

        // The quick-pairing queue: joining another pool changes the line, not the Stop button.
        const q = await new_player(browser, base);
        await q.selectOption('[data-test="quick-game"]', 'opprimo');
        await q.click('button[data-tc="30+0"]');
        await q.locator('[data-test="queue"]', {hasText: '30+0'}).waitFor({timeout: 5000});
        await hold_focus(q, '[data-test="queue-stop"]');
        await send(q, 'quick.join', {game: 'opprimo', tc: {initial_s: 900, increment_s: 10}});
        await q.locator('[data-test="queue"]', {hasText: '15+10'}).waitFor({timeout: 5000});
        check(await still_focused(q), 'the Stop button keeps the focus when the queue changes');
        check(await q.locator('button[data-tc="15+10"][aria-pressed="true"]').count() === 1, 'the pool waited in is marked');
        await q.keyboard.press('Enter');
        await q.locator('[data-test="queue"]').filter({hasText: 'Looking'}).waitFor({state: 'detached', timeout: 5000});
        check(await q.locator('button[data-tc][aria-pressed="true"]').count() === 0, 'no pool is marked once stopped');
    }],

    ['lobby: games in play are mini boards that follow the moves and clocks; a click opens the game to watch', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        const watchers = [];
        for (const vp of viewports) watchers.push(await new_player(browser, base, '#/', vp));
        const board = `li[data-room="${room}"] svg.board`;
        for (const w of watchers) {
            await w.waitForSelector(board, {timeout: 8000});
            check(await w.locator(`${board} .piece`).count() === 24, 'the start position: 24 men');
        }
        const start = await mini_pieces(watchers[0], room);
        await play_move([a, b], '11-15');
        await play_move([a, b], '22-18');
        for (const w of watchers) {
            await w.waitForFunction((r) => document.querySelector(`li[data-room="${r}"] svg.board .piece[data-at="18"]`), room, {timeout: 8000});
            check(await w.locator(`${board} .piece[data-at="11"]`).count() === 0, 'the man on 11 has moved');
            check(await w.locator(`${board} .mark-last`).count() === 2, 'the last move is marked');
        }
        check(await mini_pieces(watchers[0], room) !== start, 'the mini board is not the start any more');
        // Players with their clocks; black's clock runs after both first moves.
        const entry = watchers[0].locator(`li[data-room="${room}"]`);
        const clocks = entry.locator('[data-test="live-clock"]');
        check(await clocks.count() === 2, 'two clocks');
        const names = await entry.locator('[data-test="live-player"]').allTextContents();
        check(names.length === 2 && names.every((n) => /^Guest-/.test(n) && !/\(\)/.test(n)), `both players: ${names}`);
        const first = await clocks.allTextContents();
        await watchers[0].waitForFunction(([r, t]) => [...document.querySelectorAll(`li[data-room="${r}"] [data-test="live-clock"]`)]
            .map((c) => c.textContent).join('|') !== t, [room, first.join('|')], {timeout: 5000});
        check(await entry.locator('[data-test="live-clock"].running').count() === 1, 'one clock runs');

        // Every window: the list fits, and each mini board is a readable size.
        for (const [i, w] of watchers.entries()) {
            const fit = await w.evaluate((r) => {
                const li = document.querySelector(`li[data-room="${r}"]`);
                li.scrollIntoView();
                const box = li.querySelector('svg.board').getBoundingClientRect();
                const item = li.getBoundingClientRect();
                return {overflow: document.documentElement.scrollWidth - window.innerWidth, width: box.width,
                    inside: item.left >= 0 && item.right <= window.innerWidth};
            }, room);
            check(fit.overflow <= 0, `no sideways scrolling at ${viewports[i].width}px (${fit.overflow})`);
            check(fit.inside, `the entry is inside the window at ${viewports[i].width}px`);
            check(fit.width >= 100 && fit.width <= 320, `a mini board of a readable size at ${viewports[i].width}px (${fit.width})`);
            await page_shot(w, artifacts, `lobby-live-boards-${viewports[i].width}x${viewports[i].height}`);
        }
        // A click on the board opens the game as a spectator.
        const w = watchers[2];
        await w.locator(board).click();
        await w.waitForSelector(`.game[data-room="${room}"][data-seat="spectator"][data-ply="2"]`, {timeout: 8000});
    }],

    ['lobby: a spectator opening a finished game after its rematch started is taken to the rematch', async ({browser, base}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        await play_move([a, b], '11-15');
        await play_move([a, b], '22-18');
        await a.click('[data-action="resign"]'); await a.click('[data-action="resign"][data-confirm]');
        for (const p of [a, b]) await p.waitForSelector('.game[data-status="over"]');
        await a.click('[data-action="rematch.offer"]');
        await b.click('[data-action="rematch.accept"]');
        await a.waitForFunction((r) => {
            const g = document.querySelector('.game[data-room][data-status="playing"]');
            return g && g.dataset.room !== r;
        }, room, {timeout: 8000});
        const next = await a.locator('.game').getAttribute('data-room');
        const late = await new_player(browser, base, `#/game/${room}`);
        await late.waitForSelector(`.game[data-room="${next}"][data-seat="spectator"]`, {timeout: 8000});
        check(late.url().endsWith(`#/game/${next}`), `the address is the rematch's (${late.url()})`);
        // The finished game's page was replaced, not stacked: Back does not bounce into the rematch again.
        check(await late.evaluate(() => history.length) === 2, 'one history entry for the finished game and its rematch');
        // A player opening the finished game's link stays on it (to see how it ended).
        await b.goto(`${base}/#/game/${room}`);
        await b.waitForSelector(`.game[data-room="${room}"][data-status="over"]`, {timeout: 8000});
        check(await b.locator('[data-test="go-rematch"]').count() === 1, 'with a link to the rematch');
    }],
];
