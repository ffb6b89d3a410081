// The small things of the play screen (issue 12, item 12): Escape, square
// numbers, the tab title, the favicon, icons, long notations, pit letters and
// stores, destination dots, an honest empty leaderboard.
import {check, new_player} from '../lib.mjs';
import {pair_by_quick, page_shot, play_all, watch} from '../helpers.mjs';
import {viewports, inside, first_move, mover_first} from '../play_helpers.mjs';

export const scenarios = [
    // Escape clears a selection made with the mouse; the square numbers are
    // drawn over the pieces; the tab's title follows the page and says whose
    // move it is; /favicon.ico exists (no 404 on any page); the replay's
    // buttons are drawn icons, not characters some fonts lack.
    ['small: Escape, square numbers, tab title, favicon, replay icons', async ({browser, base, artifacts}) => {
        const fav = await fetch(`${base}/favicon.ico`);
        check(fav.ok && /image/.test(fav.headers.get('content-type')), `/favicon.ico is an image (${fav.status})`);
        const {a, b} = await pair_by_quick(browser, base, 'checkers', '5+3');
        const failed = [];
        // The API answers 404 for what does not exist yet (a game's analysis): only files count.
        for (const p of [a, b]) p.on('response', (r) => { if (r.status() >= 400 && !new URL(r.url()).pathname.startsWith('/api/')) failed.push(`${r.status()} ${r.url()}`); });
        const [mover, other] = await mover_first(a, b);
        check(/^Your move · /.test(await mover.title()), `the mover's tab says so: ${await mover.title()}`);
        check(!/Your move/.test(await other.title()) && /Kibitz$/.test(await other.title()), `the other's tab does not: ${await other.title()}`);
        const m = await first_move(mover);
        await mover.locator(`svg.board [data-cell="${m.path[0]}"]`).click();
        check(await mover.locator('svg.board .mark-selected').count() > 0, 'a click selects the piece');
        await mover.keyboard.press('Escape');
        check(await mover.locator('svg.board .mark-selected').count() === 0, 'Escape clears the selection');
        check(await mover.locator('svg.board .mark-dest').count() === 0, 'and its destinations');
        const over = await mover.evaluate(() => {
            const num = document.querySelector('svg.board .sq-num'), piece = document.querySelector('svg.board .piece');
            return !!(num && piece && (piece.compareDocumentPosition(num) & Node.DOCUMENT_POSITION_FOLLOWING));
        });
        check(over, 'the square numbers are drawn after (over) the pieces');
        await mover.locator('svg.board').screenshot({path: `${artifacts}/small-checkers-numbers.png`});
        const c = await watch(browser, base, await a.locator('.game').getAttribute('data-room'));
        await play_all([a, b], c, ['11-15']);
        await mover.waitForFunction(() => !/Your move/.test(document.title));
        await other.waitForFunction(() => /^Your move/.test(document.title));
        check(!/Your move/.test(await c.title()), 'a spectator\'s tab never says "Your move"');
        await play_all([a, b], c, ['22-18']);
        await a.click('header nav a[href="#/"]');
        // (marked "● Your move — " in front when this game waits for a: scenarios/your_turn.mjs)
        await a.waitForFunction(() => /^(● Your move — )?Play · Kibitz$/.test(document.title));
        check(await a.locator('h1').count() === 1, 'the lobby has an h1');
        await a.goBack();
        await a.waitForSelector('.game[data-status="playing"]');
        await a.click('[data-action="resign"]'); await a.click('[data-action="resign"][data-confirm]');
        await a.waitForSelector('[data-test="replay-link"]');
        await a.click('[data-test="replay-link"]');
        await a.waitForSelector('[data-test="replay-ply"]', {timeout: 8000});
        check(await a.locator('[data-step] svg.icon').count() === 4, 'the four replay buttons are icons');
        check(!/[⏮⏭]/.test(await a.locator('.replay-nav').textContent()), 'no ⏮/⏭ characters');
        check(/^Replay · /.test(await a.title()), `the replay's title: ${await a.title()}`);
        await page_shot(a, artifacts, 'small-replay-icons');
        check(failed.length === 0, `no failed requests: ${failed.join(', ')}`);
    }],

    // Oferhlýp's long notations (a four-attack chain: 34 characters) wrap
    // inside the move list on a phone. The moves were found with kibitz-cli
    // (moves/play) and are all legal.
    ['small: long notations stay inside the move list on a phone', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_quick(browser, base, 'oferhlyp', '10+5');
        const c = await watch(browser, base, room, {width: 390, height: 844});
        await play_all([a, b], c, ['C7~C5', 'D2-E3', 'C5-C4', 'A2-B3', 'A7~C5', 'B3xD5(2>1)xB5(2>1)', 'C6xA4(2>1)',
            'B5xD5(1>0)', 'D6xD4(1>0)', 'E3xC5(2>1)xA7(2>1)xA5(2>1)xA3(2>1)']);
        for (const vp of [{width: 320, height: 640}, ...viewports]) {
            await c.setViewportSize(vp);
            const fits = await c.evaluate(() => {
                const ol = document.querySelector('[data-test="moves"]'), side = document.querySelector('aside.side');
                const o = ol.getBoundingClientRect(), sd = side.getBoundingClientRect();
                return ol.scrollWidth <= ol.clientWidth && o.right <= sd.right &&
                    [...ol.children].every((li) => li.getBoundingClientRect().right <= o.right + 0.5);
            });
            check(fits, `${vp.width}×${vp.height}: every move stays inside the move list and the panel`);
        }
        await c.locator('[data-test="moves"]').scrollIntoViewIfNeeded();
        await page_shot(c, artifacts, 'small-long-notations-phone');
    }],

    // Oware's stores are named after their owners and its pit letters are
    // readable on a phone; Opprimo's destination dots differ from its points.
    ['small: pit letters and store owners; destination dots unlike points', async ({browser, base, artifacts}) => {
        const {a, b} = await pair_by_quick(browser, base, 'oware', '5+3');
        await a.setViewportSize({width: 390, height: 844});
        const owners = await a.locator('svg.board .store-name').evaluateAll((els) => els.map((e) => e.textContent.toLowerCase()).sort());
        const sides = (await a.evaluate(() => window.kibitz.game.state.players.map((p) => p.color))).sort();
        check(JSON.stringify(owners) === JSON.stringify(sides), `each store is labelled with its owner (${owners})`);
        const px = await a.locator('svg.board .pit-name').first().evaluate((e) => e.getBoundingClientRect().height);
        check(px >= 9, `pit letters are at least 9 px tall on a phone (${px.toFixed(1)})`);
        await a.locator('svg.board').screenshot({path: `${artifacts}/small-pits-phone.png`});
        await a.context().close(); await b.context().close();

        const o = await pair_by_quick(browser, base, 'opprimo', '5+3');
        const [mover] = await mover_first(o.a, o.b);
        const m = await first_move(mover);
        await mover.locator(`svg.board [data-cell="${m.path[0]}"]`).click();
        await mover.waitForSelector('svg.board .mark-dest');
        const look = await mover.evaluate(() => {
            const d = document.querySelector('svg.board .mark-dest'), p = document.querySelector('svg.board .pt');
            const cd = getComputedStyle(d), cp = getComputedStyle(p);
            return {dest_fill: cd.fill, point_fill: cp.fill, dest_r: Number(d.getAttribute('r')), point_r: Number(p.getAttribute('r')), ring: cd.stroke};
        });
        check(look.dest_fill !== look.point_fill && look.dest_r >= 1.4 * look.point_r && look.ring !== 'none',
            `destination dots stand out from the points: ${JSON.stringify(look)}`);
        await mover.locator('svg.board').screenshot({path: `${artifacts}/small-destinations.png`});
    }],

    // With only provisional ratings the leaderboard says so, not "No rated games yet".
    ['small: leaderboard text when no rating is settled', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/leaderboard');
        await p.waitForSelector('[data-test="leaderboard-empty"]', {timeout: 5000});
        const text = await p.locator('[data-test="leaderboard"]').textContent();
        check(!/No rated games yet/.test(text) && /provisional/.test(text), `an honest empty leaderboard: ${text}`);
        check(/^Leaderboard · /.test(await p.title()), `the leaderboard's title: ${await p.title()}`);
        await page_shot(p, artifacts, 'small-leaderboard-empty');
    }],
];
