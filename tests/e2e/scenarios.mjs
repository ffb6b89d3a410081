// The scenarios: every game id played to its end by clicking cells, found
// through seeks and quick pairing, watched live by a third browser context,
// one reload mid-game, and a replay stepped through. Move sequences were
// checked with `kibitz-cli play <game> <moves...>` (all legal, game ongoing).
import path from 'node:path';
import {new_player, online, game_room, ply, wait_ply, play_move, check} from './lib.mjs';

async function pair_by_seek(browser, base, game, colour) {
    const a = await new_player(browser, base), b = await new_player(browser, base);
    await a.selectOption('[data-test="seek-game"]', game);
    await a.selectOption('[data-test="seek-colour"]', colour);
    await a.click('[data-test="seek-form"] button[type="submit"]');
    const mine = a.locator(`li.seek[data-game="${game}"]`).filter({hasText: 'Cancel'});
    await mine.waitFor({timeout: 5000});
    const id = await mine.getAttribute('data-seek');
    await b.click(`li.seek[data-seek="${id}"] button`);
    const room = await game_room(a);
    check(room === await game_room(b), 'both players are in the same room');
    return {a, b, room};
}

async function pair_by_quick(browser, base, game, tc) {
    const a = await new_player(browser, base), b = await new_player(browser, base);
    for (const p of [a, b]) {
        await p.selectOption('[data-test="quick-game"]', game);
        await p.click(`button[data-tc="${tc}"]`);
    }
    const room = await game_room(a);
    check(room === await game_room(b), 'both players are in the same room');
    return {a, b, room};
}

// A third context finds the game in the lobby's live list and opens it.
async function watch(browser, base, room, viewport) {
    const c = await new_player(browser, base, '#/', viewport);
    await c.click(`li[data-room="${room}"] a`, {timeout: 8000});
    await c.waitForSelector('.game[data-seat="spectator"]');
    check(await c.locator('[data-test="controls"]').count() === 0, 'a spectator sees no controls');
    check(await c.locator('form.notation').isHidden(), 'a spectator has no move box');
    return c;
}

async function seat_of(page) { return page.locator('.game').getAttribute('data-seat'); }

// Plays the moves, checking after each that the spectator saw it too.
async function play_all(players, spectator, moves, opts = {}) {
    for (const [i, m] of moves.entries()) {
        await play_move([...players, spectator], m, {drag: opts.drag_first && i === 0});
        const seen = await spectator.locator('[data-test="moves"] li').last().textContent();
        check(seen === m, `spectator saw ${seen}, expected ${m}`);
        if (opts.after) await opts.after(i + 1);
    }
}

async function all_cells_labelled(page) {
    const n = await page.locator('svg.board [data-cell]').count();
    const unlabelled = await page.locator('svg.board [data-cell]:not([aria-label])').count();
    check(n > 0 && unlabelled === 0, `every cell has an aria-label (${unlabelled} of ${n} missing)`);
}

async function resign(page, pages) {
    await page.click('[data-action="resign"]');
    for (const p of pages) await p.waitForSelector('.game[data-status="over"]', {timeout: 5000});
    const text = await pages[0].locator('[data-test="result"]').textContent();
    check(/resign/.test(text), `banner gives the reason: ${text}`);
}

async function shot(page, artifacts, name) {
    await page.locator('.board-wrap').screenshot({path: path.join(artifacts, `${name}.png`)});
}
async function page_shot(page, artifacts, name) {
    await page.screenshot({path: path.join(artifacts, `${name}.png`)});
}

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

    // The computer: a visitor alone starts a checkers game from the lobby's
    // "Play with the computer" card and plays it to the end by clicking (the
    // test server caps the computer's think time; level 8 has no pause).
    ['computer: checkers from the lobby, played to the end', async ({browser, base, artifacts}) => {
        const a = await new_player(browser, base);
        await a.selectOption('[data-test="computer-game"]', 'checkers');
        await a.selectOption('[data-test="computer-level"]', '8');
        await a.selectOption('[data-test="computer-colour"]', 'black');
        await a.click('[data-test="computer-play"]');
        const room = await game_room(a);
        await a.waitForSelector('.player >> text=Computer · level 8', {timeout: 5000});
        // Leaving the game's page is not leaving the game: the lobby links back to it.
        await a.click('header >> text=Play');
        await a.click(`[data-test="resume"][href="#/game/${room}"]`, {timeout: 5000});
        check(await game_room(a) === room, 'back in the same game');
        for (let i = 0; i < 200; i++) {
            await a.waitForSelector('.game[data-turn="me"], .game[data-status="over"]', {timeout: 15000});
            if (await a.locator('.game[data-status="over"]').count()) break;
            const text = await a.evaluate((k) => {
                const moves = window.kibitz.game.state.board.moves;
                return moves[(k * 7) % moves.length].text;
            }, i);
            await play_move([a], text);
        }
        await a.waitForSelector('.game[data-status="over"]', {timeout: 15000});
        const result = await a.locator('[data-test="result"]').textContent();
        await shot(a, artifacts, 'computer-checkers');
        check(/wins|draw/i.test(result), `the game ended: ${result}`);
        // Its review: requested on the replay page, progress pushed, then the graph.
        const plies = await ply(a);
        await a.goto(`${base}/#/replay/${room}`);
        await a.click('[data-test="request-review"]', {timeout: 10000});
        await a.waitForSelector('[data-test="review"][data-ready="true"]', {timeout: 60000});
        const points = await a.locator('[data-test="review-graph"] circle').count();
        check(points === plies + 1, `a point per position (${points} for ${plies} plies)`);
        await a.locator('[data-test="review-graph"] circle[data-ply="3"]').click();
        await a.waitForSelector('[data-test="replay"][data-ply="3"]', {timeout: 5000});
        await page_shot(a, artifacts, 'review-checkers');
    }],

    // Learning: every game's rules page draws its diagrams (boards computed by
    // the server from position texts) and its first lesson is completed by
    // clicking, after one wrong move is refused with an explanation.
    ['learn: rules page and first lesson of every game', async ({browser, base, artifacts}) => {
        const p = await new_player(browser, base, '#/');
        await p.waitForSelector('[data-test="learn-card"] a[href="#/learn/opprimo"]', {timeout: 5000});
        for (const game of ['checkers', 'oferhlyp', 'opprimo', 'oware', 'ouril']) {
            await p.goto(`${base}/#/learn/${game}`);
            await p.waitForSelector(`[data-test="rules"][data-game="${game}"] h1`, {timeout: 5000});
            const figures = await p.locator('[data-test="diagram"]').count();
            check(figures >= 5, `${game}: ${figures} diagrams`);
            await p.waitForFunction((n) => document.querySelectorAll('[data-test="diagram"][data-ready="true"]').length === n, figures, {timeout: 10000});
            if (game === 'checkers') await page_shot(p, artifacts, 'learn-checkers');
            const data = await p.evaluate(async (g) => (await fetch(`learn/${g}.json`)).json(), game);
            const lesson = data.lessons[0];
            await p.click(`[data-lesson="${lesson.id}"]`);
            await p.waitForSelector('[data-test="lesson-goal"]', {timeout: 5000});
            for (const [i, step] of lesson.steps.entries()) {
                await p.waitForSelector(`[data-test="lesson"][data-step="${i}"]`, {timeout: 5000});
                const answer = step.accept ? step.accept[0] : step.answer;
                const moves = await p.evaluate(() => window.kibitz.lesson.moves);
                if (i === 0) {
                    const wrong = moves.find((m) => !(step.accept || [step.answer]).includes(m.text));
                    if (wrong) {
                        await click_path(p, wrong);
                        await p.waitForSelector('[data-test="lesson"][data-result="wrong"]', {timeout: 5000});
                        await p.waitForSelector(`[data-test="lesson"][data-step="0"]`, {timeout: 5000});
                    }
                }
                const move = (await p.evaluate(() => window.kibitz.lesson.moves)).find((m) => m.text === answer);
                check(move, `${game}: ${answer} is offered on the lesson's board`);
                await click_path(p, move);
                await p.waitForSelector(`[data-test="lesson"][data-step="${i + 1}"], [data-test="lesson"][data-done="true"]`, {timeout: 5000});
            }
            await p.waitForSelector('[data-test="next-lesson"]', {timeout: 5000});
            if (game === 'opprimo') await page_shot(p, artifacts, 'lesson-opprimo');
        }
    }],
    // The analysis board from a position text: the engine's score and line
    // arrive live; moves for both sides build a tree with a variation.
    ['analysis: board from a position text, engine line, moves and a variation', async ({browser, base, artifacts}) => {
        const text = 'B:W18,21,22,23,K30:B5,9,10,14,K3';
        const p = await new_player(browser, base, `#/analysis/checkers?position=${encodeURIComponent(text)}`);
        await p.waitForSelector('[data-test="analysis"][data-ply="0"]', {timeout: 5000});
        check((await p.inputValue('[data-test="position-text"]')).startsWith('B:'), 'the position text is shown');
        await p.waitForSelector('[data-test="eval"][data-depth]', {timeout: 10000});
        check((await p.locator('[data-test="pv"]').textContent()).startsWith('Best line: '), 'a best line');
        const moves = await p.evaluate(() => window.kibitz.analysis.moves);
        check(moves.length >= 2, 'several legal moves');
        await click_path(p, moves[0]);
        await p.waitForSelector('[data-test="analysis"][data-ply="1"]', {timeout: 5000});
        const reply = (await p.evaluate(() => window.kibitz.analysis.moves))[0];
        await click_path(p, reply);  // the other side moves too
        await p.waitForSelector('[data-test="analysis"][data-ply="2"]', {timeout: 5000});
        await p.locator('[data-test="analysis"]').focus();
        await p.keyboard.press('ArrowLeft');
        await p.keyboard.press('ArrowLeft');
        await p.waitForSelector('[data-test="analysis"][data-ply="0"]', {timeout: 5000});
        await click_path(p, moves[1]);  // a variation
        await p.waitForSelector('[data-test="analysis"][data-ply="1"]', {timeout: 5000});
        check(await p.locator('[data-test="tree"] .alt', {hasText: moves[0].text}).count() === 1, 'the first line is kept as a variation');
        await p.waitForSelector('[data-test="eval"][data-depth]', {timeout: 10000});
        await page_shot(p, artifacts, 'analysis-checkers');
    }],
];

// Clicks a legal move's path on the board; confirms "stop here" when a chain could go on.
async function click_path(page, move) {
    for (const id of move.path) await page.locator(`svg.board [data-cell="${id}"]`).click();
    const stop = page.locator('[data-test="stop-here"]', {hasText: move.text});
    if (await stop.count()) await stop.first().click();
}