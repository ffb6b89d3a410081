// What a lichess player expects besides the main path: takebacks in casual
// games, a premove in timed games, the rating change after a rated game (and
// the profile's graph and W/D/L), the lag in the header, the featured game
// (TV) on the home page and counts per quick-pairing pool.
import {new_player, online, ply, wait_ply, play_move, check} from '../lib.mjs';
import {pair_by_seek, pair_by_quick, page_shot, register} from '../helpers.mjs';

// A fresh account, logged in, on the lobby.
async function account(browser, base, name) {
    const page = await new_player(browser, base);
    await register(page, base, name);
    await page.goto(`${base}/#/`);
    await online(page);
    return page;
}

// The page's own copy of the legal moves (as the server sent them).
async function legal(page) {
    return page.evaluate(() => window.kibitz.game.state.board.moves.map((m) => ({text: m.text, path: m.path})));
}

export const scenarios = [
    ['extras: takeback asked, declined (the asker is told), asked again and accepted; the spectator follows', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        const c = await new_player(browser, base, `#/game/${room}`);
        await c.waitForSelector('.game[data-seat="spectator"]');
        for (const m of ['11-15', '22-18', '15x22']) await play_move([a, b, c], m);
        // White (b) is to move and asks: its 22-18 and black's capture go.
        await b.click('[data-action="takeback.offer"]');
        await b.waitForSelector('[data-test="takeback-sent"]');
        await a.waitForSelector('[data-test="takeback-received"]');
        await a.click('[data-action="takeback.decline"]');
        await b.waitForSelector('[data-test="takeback-declined"]', {timeout: 5000});
        check(await ply(a) === 3, 'a declined takeback changes nothing');
        await b.click('[data-action="takeback.offer"]');
        await a.click('[data-action="takeback.accept"]');
        for (const p of [a, b, c]) await p.waitForSelector('.game[data-ply="1"]', {timeout: 5000});
        check(await b.locator('.game[data-turn="me"]').count() === 1, 'the asker is to move again');
        check(await c.locator('[data-test="moves"] li').count() === 1, 'the spectator\'s move list lost two moves');
        await page_shot(a, artifacts, 'extras-takeback');
        // And the game goes on from there.
        await play_move([a, b, c], '24-19');
        check(await ply(c) === 2, 'play goes on after the takeback');
    }],

    ['extras: a premove queued during the opponent\'s turn is played the moment the turn comes', async ({browser, base, artifacts}) => {
        const {a, b} = await pair_by_quick(browser, base, 'oware', '3+2');
        const [first, second] = await a.locator('.game[data-turn="me"]').count() ? [a, b] : [b, a];
        await play_move([first, second], (await legal(first))[0].text);
        await play_move([first, second], (await legal(second))[0].text);
        // first moves, then queues a premove on another pit it could play from
        // (early on no capture can empty it).
        const mine = await legal(first);
        await play_move([first, second], mine[0].text);
        const own = mine.slice(1).map((m) => m.path[0]);
        check(own.length > 1, 'the player has pits to premove from');
        const cell = (id) => first.locator(`svg.board [data-cell="${id}"]`);
        // Escape cancels a queued premove, as does a click elsewhere on the page.
        await cell(own[0]).click();
        await first.waitForSelector('.game[data-premove]');
        await first.keyboard.press('Escape');
        await first.waitForSelector('.game:not([data-premove])');
        await cell(own[0]).click();
        await first.waitForSelector('.game[data-premove]');
        await first.locator('h1.game-title').click();
        await first.waitForSelector('.game:not([data-premove])');
        // Queued for real: the opponent moves, and the premove goes at once.
        await cell(own[own.length - 1]).click();
        await first.waitForSelector('.game[data-premove]');
        check(await first.locator('svg.board .mark-premove').count() >= 1, 'the premove is marked on the board');
        await page_shot(first, artifacts, 'extras-premove');
        const before = await ply(second);
        await play_move([second], (await legal(second))[0].text);
        await wait_ply(second, before + 2, 5000);
        await wait_ply(first, before + 2, 5000);
        check(await first.locator('.game[data-premove]').count() === 0, 'the premove is gone once played');
        const last = await first.evaluate(() => window.kibitz.game.state.moves.at(-1));
        check(typeof last === 'string' && last.length > 0, 'the premove was played');
    }],

    ['extras: after a rated game both see the rating change; provisional ratings carry "?"; the profile graph and W/D/L', async ({browser, base, artifacts}) => {
        const tag = Math.random().toString(36).slice(2, 7);
        const a = await account(browser, base, `ext_a_${tag}`), b = await account(browser, base, `ext_b_${tag}`);
        await a.selectOption('[data-test="seek-game"]', 'checkers');
        await a.selectOption('[data-test="seek-colour"]', 'black');
        await a.selectOption('[data-test="seek-rated"]', 'rated');
        await a.click('[data-test="seek-form"] button[type="submit"]');
        const mine = a.locator('li.seek[data-game="checkers"]').filter({hasText: 'Cancel'});
        await mine.waitFor({timeout: 5000});
        await b.click(`li.seek[data-seek="${await mine.getAttribute('data-seek')}"] button`);
        await a.waitForSelector('.game[data-status="playing"]');
        await b.waitForSelector('.game[data-status="playing"]');
        check(/1500\?/.test(await a.locator('.player[data-seat="1"]').textContent()), 'a provisional rating is shown with "?"');
        check(await a.locator('[data-action="takeback.offer"]').count() === 0, 'no takeback in a rated game');
        // Two moves a side: a shorter game is not rated (rating farming).
        for (const m of ['11-15', '22-18', '15x22', '25x18']) await play_move([a, b], m);
        await a.click('[data-action="resign"]'); await a.click('[data-action="resign"][data-confirm]');
        for (const p of [a, b]) {
            const loser = p.locator('[data-test="rating-diff"][data-seat="0"]');
            await loser.waitFor({timeout: 5000});
            check(/^−\d+$/.test((await loser.textContent()).trim()), `the loser's change is negative: ${await loser.textContent()}`);
            check(/^\+\d+$/.test((await p.locator('[data-test="rating-diff"][data-seat="1"]').textContent()).trim()), 'the winner\'s change is positive');
        }
        await page_shot(b, artifacts, 'extras-rating-change');
        await a.goto(`${base}/#/player/ext_a_${tag}`);
        await a.waitForSelector('[data-game="checkers"] [data-test="rating-graph"][data-points="1"]');
        check(/0 won · 0 drawn · 1 lost/.test(await a.locator('[data-game="checkers"] [data-test="wdl"]').textContent()), 'W/D/L counts');
        await page_shot(a, artifacts, 'extras-profile');
    }],

    ['extras: the header shows the lag (app-level ping)', async ({browser, base}) => {
        const a = await new_player(browser, base);
        const lag = a.locator('#lag[data-lag-ms]');
        await lag.waitFor({timeout: 8000});
        const ms = Number(await lag.getAttribute('data-lag-ms'));
        check(ms >= 0 && ms < 5000, `a plausible lag: ${ms}`);
        check(/\d+ ms/.test(await lag.textContent()), 'shown in ms');
    }],

    ['extras: the home page features a live game (TV) that follows its moves; quick-pairing pools show their counts', async ({browser, base, artifacts}) => {
        const watcher = await new_player(browser, base);
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        // The newest game may not be the featured one when others run: wait for ours
        // only if it is featured; otherwise the featured game must still be live.
        const tv = watcher.locator('[data-test="tv"]');
        await watcher.waitForSelector('[data-test="tv"][data-ply]', {timeout: 8000});
        if (await tv.getAttribute('data-room') === room) {
            await play_move([a, b], '11-15');
            await watcher.waitForSelector('[data-test="tv"][data-ply="1"]', {timeout: 5000});
            check(await watcher.locator('[data-test="tv"] svg.board .mark-last').count() > 0, 'the last move is marked');
        }
        await page_shot(watcher, artifacts, 'extras-tv');
        // Someone waits in a pool: everyone in the lobby sees the count.
        const q = await new_player(browser, base);
        await q.selectOption('[data-test="quick-game"]', 'opprimo');
        await q.click('button[data-tc="15+10"]');
        await watcher.selectOption('[data-test="quick-game"]', 'opprimo');
        const count = watcher.locator('button[data-tc="15+10"] [data-test="pool-count"]');
        await watcher.waitForFunction(() => /1 waiting/.test(document.querySelector('button[data-tc="15+10"] [data-test="pool-count"]')?.textContent || ''), null, {timeout: 5000});
        check(/1 waiting/.test(await count.textContent()), 'the pool count shows the waiting player');
    }],
];
