// Every game id played to its end by clicking cells, found through seeks and
// quick pairing, watched live by a third browser context, one reload
// mid-game, and a replay stepped through. Move sequences were checked with
// `kibitz-cli play <game> <moves...>` (all legal, game ongoing).
import path from 'node:path';
import {online, ply, wait_ply, check} from '../lib.mjs';
import {pair_by_seek, pair_by_quick, watch, seat_of, play_all, all_cells_labelled, resign, shot} from '../helpers.mjs';

export const scenarios = [
    // Checkers: a seek, a drag for the first move, clicks after, a reload of
    // the second player mid-game; ended by resignation after 10 plies (a
    // rules ending takes dozens of moves).
    ['checkers: seek, spectator, reload mid-game, resign, replay', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'checkers', 'black');
        check(await seat_of(a) === '0' && await seat_of(b) === '1', 'the seek fixed the creator\'s colour');
        await all_cells_labelled(a);
        const c = await watch(browser, base, room);
        const moves = ['11-15', '22-18', '15x22', '25x18', '12-16', '18-14', '9x18', '23x14', '10x17', '21x14'];
        await play_all([a, b], c, moves, {drag_first: true, after: async (n) => {
            if (n === 4) {
                await b.reload();
                await online(b);
                await b.waitForSelector(`.game[data-seat="1"][data-ply="4"]`, {timeout: 8000});
            }
            if (n === 6) {
                await shot(a, artifacts, 'checkers');
                await a.screenshot({path: path.join(artifacts, 'checkers-page.png')});
            }
        }});
        check(await a.locator('svg.board .mark-last').count() === 2, 'the last move is highlighted');
        const final = await a.locator('svg.board [data-at]').evaluateAll((els) => els.map((e) => e.getAttribute('data-at')).sort());
        await resign(a, [a, b, c]);
        check(/White wins/.test(await c.locator('[data-test="result"]').textContent()), 'white won by resignation');
        // Replay: step back to the start and forward again.
        await a.click('[data-test="replay-link"]');
        await a.waitForSelector('[data-test="replay-ply"]', {timeout: 8000});
        check(await a.locator('[data-test="replay-ply"]').textContent() === `${moves.length} / ${moves.length}`, 'replay opens at the end');
        await a.click('[data-step="first"]');
        check(await a.locator('[data-test="replay-ply"]').textContent() === `0 / ${moves.length}`, 'replay steps to the start');
        check(await a.locator('svg.board [data-at]').count() === 24, 'the start has 24 men');
        for (let i = 1; i <= moves.length; ++i) {
            await a.click('[data-step="next"]');
            check(await a.locator('[data-test="replay-ply"]').textContent() === `${i} / ${moves.length}`, `replay at ply ${i}`);
        }
        const replayed = await a.locator('svg.board [data-at]').evaluateAll((els) => els.map((e) => e.getAttribute('data-at')).sort());
        check(JSON.stringify(replayed) === JSON.stringify(final), 'the replay ends on the final position');
        await a.click('[data-test="moves"] [data-ply="3"]');
        check(await a.locator('[data-test="replay-ply"]').textContent() === `3 / ${moves.length}`, 'jump to a move');
    }],

    // Oferhlýp: quick pairing; attacks (half tokens) by clicks; resigned
    // after 6 plies.
    ['oferhlyp: quick pairing, attacks, resign', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_quick(browser, base, 'oferhlyp', '3+2');
        const c = await watch(browser, base, room);
        await play_all([a, b], c, ['D6-D5', 'D2-D3', 'D5-D4', 'D3xD5(2>1)', 'C6-C5', 'D5xB5(2>1)'],
            {after: async (n) => { if (n === 4) await shot(a, artifacts, 'oferhlyp'); }});
        check(await a.locator('svg.board .hp-1').count() >= 1, 'a half token is drawn');
        await resign(a, [a, b, c]);
    }],

    // Opprimo: seek with random colour; a conversion and a King move between
    // triangles; the King move played from the keyboard; resigned after 6 plies.
    ['opprimo: seek, conversion, king move by keyboard, resign', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'opprimo', 'random');
        const c = await watch(browser, base, room);
        const [y] = (await seat_of(a)) === '0' ? [a, b] : [b, a];
        await play_all([a, b], c, ['d3-d5', 'd11-d9', 'd5-d7', 'd9xd5']);
        // Keyboard: focus the King's triangle, Enter, then the target triangle, Enter.
        await y.locator('svg.board [data-cell="d1-d3-e2"]').focus();
        await y.keyboard.press('Enter');
        await y.locator('svg.board [data-cell="c2-d1-d3"]').focus();
        await y.keyboard.press('Enter');
        for (const p of [a, b, c]) await wait_ply(p, 5);
        await y.keyboard.press('ArrowUp');
        check(await y.evaluate(() => document.activeElement.getAttribute('data-cell')) !== 'c2-d1-d3', 'arrow keys move the focus');
        await shot(a, artifacts, 'opprimo');
        await play_all([a, b], c, ['d5-d3']);
        await resign(y, [a, b, c]);
    }],

    // Oware: quick pairing; sowing with a capture; ended by the game's own
    // "ending by agreement" rule (each side takes its row; the higher store wins).
    ['oware: quick pairing, capture, end by agreement', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_quick(browser, base, 'oware', '5+3');
        const c = await watch(browser, base, room, {width: 375, height: 740});  // a phone
        await play_all([a, b], c, ['c', 'D', 'f', 'A', 'b', 'E'],
            {after: async (n) => {
                if (n === 5) {
                    await shot(a, artifacts, 'oware');
                    await c.screenshot({path: path.join(artifacts, 'oware-phone-spectator.png'), fullPage: true});
                }
            }});
        await a.click('[data-action="draw.offer"]');
        await b.waitForSelector('[data-test="offer-received"]', {timeout: 5000});
        await b.click('[data-action="draw.accept"]');
        for (const p of [a, b, c]) await p.waitForSelector('.game[data-status="over"]', {timeout: 5000});
        const text = await c.locator('[data-test="result"]').textContent();
        check(/agreement/.test(text), `ended by agreement: ${text}`);
    }],

    // Ouril: seek; one move typed in the notation box; a draw offer declined;
    // resigned after 6 plies.
    ['ouril: seek, notation box, draw declined, resign', async ({browser, base, artifacts}) => {
        const {a, b, room} = await pair_by_seek(browser, base, 'ouril', 'south');
        const c = await watch(browser, base, room);
        await play_all([a, b], c, ['c', 'D', 'f', 'A']);
        // The WebSocket of North drops; South moves meanwhile; North's page
        // reconnects by itself and catches up from its last room version.
        await b.evaluate(() => window.kibitz.socket.drop());
        await a.waitForSelector('.player .away', {timeout: 5000});
        await a.fill('[data-test="notation"]', 'b');
        await a.press('[data-test="notation"]', 'Enter');
        for (const p of [a, b, c]) await wait_ply(p, 5);
        await shot(a, artifacts, 'ouril');
        await play_all([a, b], c, ['E']);
        await a.click('[data-action="draw.offer"]');
        await b.waitForSelector('[data-test="offer-received"]', {timeout: 5000});
        await b.click('[data-action="draw.decline"]');
        await a.waitForSelector('[data-action="draw.offer"]', {timeout: 5000});
        check(await ply(a) === 6, 'six plies played');
        await resign(b, [a, b, c]);
    }],
];
