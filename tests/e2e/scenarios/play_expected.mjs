// What a lichess player expects: flip the board, browse the game while it
// goes on, sounds, announcements, titles and headings, a notification.
import {check, new_player, online} from '../lib.mjs';
import {pair_by_quick, page_shot, play_all, watch} from '../helpers.mjs';
import {viewports, mover_first} from '../play_helpers.mjs';

export const scenarios = [
    // Flip the board; browse earlier positions during play (a click in the
    // move list, arrow keys) while the game goes on, then back to live; the
    // move list follows the game; sounds with a mute switch kept across a
    // reload; the opponent's move read out through a live region.
    ['expected: flip, browse during play, move list, sounds, announcements', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_quick(browser, base, 'checkers', '10+5');
        const c = await watch(browser, base, room, {width: 390, height: 844});
        const pieces = (p) => p.locator('svg.board [data-at]').evaluateAll((els) => els.map((e) => `${e.getAttribute('class')}@${e.getAttribute('data-at')}`).sort().join(' '));
        const moves = ['11-15', '22-18', '15x22', '25x18', '12-16', '18-14', '9x18', '23x14', '10x17', '21x14', '5-9', '14x5', '6-9', '24-19', '16x23', '26x19', '1-6', '5-1'];
        const seen = [await pieces(c)];
        const [first] = await mover_first(a, b);
        const second = first === a ? b : a;
        await play_all([a, b], c, moves.slice(0, 16), {after: async () => { seen.push(await pieces(c)); }});
        // The spectator's list (a phone: a short list) scrolled along to the last move.
        const list = await c.locator('[data-test="moves"]').evaluate((ol) => ({top: ol.scrollTop, h: ol.clientHeight, all: ol.scrollHeight}));
        check(list.all > list.h && list.top + list.h >= list.all - 2, `the move list follows the game: ${JSON.stringify(list)}`);
        // Sounds: the start, moves and captures, as the page played them.
        const kinds = await c.evaluate(() => window.kibitz.sounds.map((x) => x.kind));
        check(kinds.includes('move') && kinds.includes('capture'), `sounds for moves and captures: ${kinds.join(' ')}`);
        check((await a.evaluate(() => window.kibitz.sounds.map((x) => x.kind))).includes('start'), 'a sound for the start');
        // Announced: the opponent's last move (16 is second's), read to first.
        const heard = async (p) => p.locator('[data-test="announce"] > :last-child').textContent();
        check(/^(Black|White) played 26x19/.test(await heard(first)), 'the opponent\'s move is announced by its colour');
        check(/^You played 26x19/.test(await heard(second)), 'one\'s own move is announced as one\'s own');

        // Flip: the board turns and the player boxes swap.
        const cell_y = () => first.locator('svg.board [data-cell="1"]').evaluate((e) => e.getBoundingClientRect().y);
        const y0 = await cell_y();
        const my_seat = await first.locator('.game').getAttribute('data-seat');
        await first.click('[data-test="flip"]');
        await first.waitForSelector('.game[data-flipped="true"]');
        check(Math.abs(await cell_y() - y0) > 50, 'the board is turned round');
        check(await first.locator('.board-col .player').first().getAttribute('data-seat') === my_seat, 'the player\'s own box is on top');
        await page_shot(first, artifacts, 'expected-flipped');
        await first.click('[data-test="flip"]');
        await first.waitForSelector('.game[data-flipped="false"]');

        // Browse: a click on move 2, arrow keys, while the opponent plays on.
        await first.click('[data-test="moves"] li[data-ply="2"]');
        await first.waitForSelector('.game[data-browse="2"][data-shown="2"]');
        check(await pieces(first) === seen[2], 'the board shows the position after move 2');
        await first.locator('body').press('ArrowLeft');
        await first.waitForSelector('.game[data-browse="1"][data-shown="1"]');
        check(await pieces(first) === seen[1], 'ArrowLeft steps back');
        await first.locator('body').press('ArrowRight');
        await first.locator('body').press('ArrowRight');
        await first.waitForSelector('.game[data-browse="3"][data-shown="3"]');
        check(await pieces(first) === seen[3], 'ArrowRight steps on');
        await page_shot(first, artifacts, 'expected-browsing');
        // It is first's move: the opponent waits; first returns to live and plays.
        check(await first.locator('[data-test="back-to-live"]').isVisible(), 'a "Back to live" button while browsing');
        check(await first.locator('.board-tools [data-step] svg.icon path').count() >= 4, 'the step buttons are drawn icons');
        check(!/undefined/.test(await first.locator('.board-tools').textContent()), 'no stray text in the board tools');
        await first.click('[data-test="back-to-live"]');
        await first.waitForFunction(() => !document.querySelector('.game[data-browse]'));
        check(await pieces(first) === seen[16], 'back to the live position');
        await play_all([a, b], c, [moves[16]]);
        // first browses again while the opponent plays on: it stays browsing.
        await first.click('[data-test="moves"] li[data-ply="5"]');
        await first.waitForSelector('.game[data-browse="5"][data-shown="5"]');
        await play_all([a, b], c, [moves[17]]);
        check(await first.locator('.game').getAttribute('data-browse') === '5', 'a move arriving does not end the browsing');
        check(await pieces(first) === seen[5], 'the earlier position stays');
        await first.click('[data-step="last"]');
        await first.waitForFunction(() => !document.querySelector('.game[data-browse]'));
        check(await pieces(first) === await pieces(c), 'the last position is the live one');

        // Mute: kept across a reload; sounds then are noted as muted.
        await c.click('[data-test="mute"]');
        check(await c.getAttribute('[data-test="mute"]', 'aria-pressed') === 'true', 'the sound is off');
        await c.reload();
        await online(c);
        await c.waitForSelector('.game[data-status="playing"]');
        check(await c.getAttribute('[data-test="mute"]', 'aria-pressed') === 'true', 'still off after a reload');
        await second.click('[data-action="resign"]'); await second.click('[data-action="resign"][data-confirm]');
        await c.waitForSelector('.game[data-status="over"]');
        const last = await c.evaluate(() => window.kibitz.sounds.at(-1));
        check(last && last.kind === 'end' && last.muted, `the end sound, muted: ${JSON.stringify(last)}`);
    }],

    // Every page has an h1 and its own title.
    ['expected: every page an h1 and a meaningful title', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_quick(browser, base, 'oware', '5+3');
        await b.click('[data-action="abort"]'); await b.click('[data-action="abort"][data-confirm]');
        await a.waitForSelector('.game[data-status="aborted"]');
        const me = await a.locator('[data-test="me-name"]').textContent();
        const game = (await (await fetch(`${base}/api/games`)).json()).games[0].id;
        for (const hash of ['#/', `#/game/${room}`, `#/replay/${room}`, '#/learn', `#/learn/${game}`, '#/leaderboard', `#/leaderboard/${game}`,
            '#/login', `#/player/${encodeURIComponent(me)}`, `#/analysis/${game}`, '#/no-such-page']) {
            await a.goto(`${base}/${hash}`);
            await online(a);
            await a.waitForSelector('h1', {state: 'attached', timeout: 8000});
            const title = await a.title();
            check(/ · Kibitz$/.test(title), `${hash}: a title of its own (${title})`);
            // A screenshot of every page at every size, for people to look at.
            for (const vp of viewports) {
                await a.setViewportSize(vp);
                await page_shot(a, artifacts, `page-${hash.replace(room, 'room').replace(encodeURIComponent(me), 'me').replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'lobby'}-${vp.width}x${vp.height}`);
            }
        }
    }],

    // The optional notification: off by default; once on (permission given),
    // it comes when the opponent has moved and the tab is hidden. Headless
    // Chromium never hides a tab, so the test says the tab is hidden by
    // overriding document.visibilityState, the one thing the page reads.
    ['expected: a "your move" notification when the tab is hidden', async ({browser, base}) => {
        const {a, b} = await pair_by_quick(browser, base, 'checkers', '5+3');
        const [first, second] = await mover_first(a, b);
        await second.context().grantPermissions(['notifications'], {origin: base});
        check(await second.getAttribute('[data-test="notify"]', 'aria-pressed') === 'false', 'off by default');
        await second.click('[data-test="notify"]');
        await second.waitForSelector('[data-test="notify"][aria-pressed="true"]');
        await second.evaluate(() => Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'}));
        const c = await watch(browser, base, await a.locator('.game').getAttribute('data-room'));
        await play_all([a, b], c, ['11-15']);
        const n = await second.evaluate(() => window.kibitz.notified.slice());
        check(n.length === 1 && /^Your move/.test(n[0].title) && /11-15/.test(n[0].body), `notified: ${JSON.stringify(n)}`);
        await second.evaluate(() => { delete document.visibilityState; });
        await play_all([a, b], c, ['22-18', '15x22']);
        check(await second.evaluate(() => window.kibitz.notified.length) === 1, 'no notification while the tab is visible');
        check(await first.evaluate(() => window.kibitz.notified.length) === 0, 'none for a player who did not ask');
    }],

    // The low-time sound, once, for the player whose clock runs low (a
    // 30-second game: low is under 5 s, so this waits about 25 s).
    ['expected: the low-time sound', async ({browser, base}) => {
        const a = await new_player(browser, base), b = await new_player(browser, base);
        await a.selectOption('[data-test="seek-game"]', 'checkers');
        await a.selectOption('[data-test="seek-tc"]', 'custom');
        await a.fill('input[name="minutes"]', '0.5');
        await a.fill('input[name="increment"]', '0');
        await a.click('[data-test="seek-form"] button[type="submit"]');
        const id = await a.locator('li.seek').filter({hasText: 'Cancel'}).getAttribute('data-seek');
        await b.click(`li.seek[data-seek="${id}"] button`);
        await a.waitForSelector('.game[data-status="playing"]', {timeout: 8000});
        const c = await watch(browser, base, await a.locator('.game').getAttribute('data-room'));
        await play_all([a, b], c, ['11-15', '22-18']);
        const [mover, other] = await mover_first(a, b);
        await mover.waitForFunction(() => window.kibitz.sounds.some((x) => x.kind === 'low'), null, {timeout: 45000});
        check(!(await other.evaluate(() => window.kibitz.sounds.some((x) => x.kind === 'low'))), 'not for the player with time');
    }],
];
