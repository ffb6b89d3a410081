// A Swiss event: an account creates a one-round Swiss starting in a few
// seconds; two guests join from its page (the countdown, "Round 0 of 1"),
// are paired in round 1 (the page shows the board and the pairing takes
// them to the game), play, and back on the page see the final standings
// with the tie-break columns. Screenshots of the page at 1280x800 and 390x844.
import path from 'node:path';
import {new_player, check, game_room, play_move} from '../lib.mjs';
import {register, resign} from '../helpers.mjs';
import {first_move, mover_first} from '../play_helpers.mjs';

export const scenarios = [
    ['swiss: join a Swiss, be paired in round 1, play, see the standings', async ({browser, base, artifacts}) => {
        const org = await new_player(browser, base, '#/');
        await register(org, base, `sw${Date.now() % 100000}`);
        const made = await org.evaluate(async () => {
            const r = await fetch('/api/tournaments', {method: 'POST',
                headers: {'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('kibitz.token')}`},
                body: JSON.stringify({name: 'Browser Swiss', kind: 'swiss', game: 'checkers', tc: {initial_s: 120, increment_s: 0},
                    rounds: 1, interval_s: 0, starts_in_s: 8})});
            return {status: r.status, body: await r.json()};
        });
        check(made.status === 201, `created: ${JSON.stringify(made)}`);
        const id = made.body.tournament.id;

        // The list shows it as a Swiss event; both join before the start.
        const a = await new_player(browser, base, '#/tournaments', {width: 1280, height: 800});
        await a.waitForSelector(`[data-test="tournament-row"][data-id="${id}"] [data-test="swiss"]`, {timeout: 5000});
        await a.click(`[data-test="tournament-row"][data-id="${id}"] a`);
        const b = await new_player(browser, base, `#/tournament/${id}`, {width: 390, height: 844});
        for (const p of [a, b]) {
            await p.waitForSelector('[data-test="join"]', {timeout: 5000});
            await p.click('[data-test="join"]');
        }
        const countdown = await a.locator('[data-test="countdown"]').textContent();
        check(/Starts in|Round/.test(countdown), `countdown: ${countdown}`);

        // Round 1: both are taken to the same game; a spectator on the page
        // sees the round, its pairing, and the standings with tie-breaks.
        const room = await game_room(a);
        check(await game_room(b) === room, 'both players are in the same game');
        const c = await new_player(browser, base, `#/tournament/${id}`, {width: 1280, height: 800});
        await c.waitForSelector('[data-test="board"]', {timeout: 10000});
        const round = await c.locator('[data-test="countdown"]').textContent();
        check(/Round 1 of 1/.test(round), `round: ${round}`);
        await c.screenshot({path: path.join(artifacts, 'swiss-round-1280.png'), fullPage: true});
        await c.setViewportSize({width: 390, height: 844});
        await c.screenshot({path: path.join(artifacts, 'swiss-round-390.png'), fullPage: true});
        const [mover, other] = await mover_first(a, b);
        await play_move([mover, other], (await first_move(mover)).text);
        await play_move([mover, other], (await first_move(other)).text);
        await resign(other, [a, b]);

        // Back on the page: the event is over; the winner has 1 point, the
        // loser 0, and the tie-break columns are there.
        for (const p of [a, b]) {
            await p.goto(`${base}/#/tournament/${id}`);
            await p.waitForSelector('[data-test="tournament"][data-status="finished"]', {timeout: 15000});
            await p.waitForSelector('[data-test="standing"] [data-test="score"]:text-is("1")', {timeout: 10000});
            const scores = await p.locator('[data-test="standing"] [data-test="score"]').allTextContents();
            check(scores.join(',') === '1,0', `scores: ${scores}`);
            check(await p.locator('[data-test="buchholz"]').count() === 2, 'a Buchholz column');
            const sheets = await p.locator('[data-test="sheet"]').allTextContents();
            check(sheets.includes('W') && sheets.includes('L'), `sheets: ${sheets}`);
        }
        await a.screenshot({path: path.join(artifacts, 'swiss-1280.png'), fullPage: true});
        await b.screenshot({path: path.join(artifacts, 'swiss-390.png'), fullPage: true});
    }],
];
