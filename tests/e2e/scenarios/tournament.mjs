// An arena from the list: two players join from the tournament page, are
// taken to their game (the pairing's auto-redirect), play, and back on the
// page see the standings count the result; then one withdraws.
import {new_player, check, game_room, play_move} from '../lib.mjs';
import {register, resign} from '../helpers.mjs';
import {first_move, mover_first} from '../play_helpers.mjs';

export const scenarios = [
    ['tournament: join an arena, get paired, play, see the standings, withdraw', async ({browser, base}) => {
        // An account creates a 10-minute arena starting now.
        const org = await new_player(browser, base, '#/');
        await register(org, base, `org${Date.now() % 100000}`);
        const made = await org.evaluate(async () => {
            const r = await fetch('/api/tournaments', {method: 'POST',
                headers: {'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('kibitz.token')}`},
                body: JSON.stringify({name: 'Browser arena', game: 'checkers', tc: {initial_s: 120, increment_s: 0}, minutes: 10, starts_in_s: 0})});
            return {status: r.status, body: await r.json()};
        });
        check(made.status === 201, `created: ${JSON.stringify(made)}`);
        const id = made.body.tournament.id;

        // Two guests find it in the list and join.
        const a = await new_player(browser, base, '#/tournaments');
        await a.click(`[data-test="tournament-row"][data-id="${id}"] a`);
        await a.waitForSelector('[data-test="tournament"]', {timeout: 5000});
        const b = await new_player(browser, base, `#/tournament/${id}`);
        await b.waitForSelector('[data-test="join"]', {timeout: 5000});
        await a.click('[data-test="join"]');
        await b.click('[data-test="join"]');

        // Paired: both are taken to the same game.
        const room = await game_room(a);
        check(await game_room(b) === room, 'both players are in the same game');
        const [mover, other] = await mover_first(a, b);
        await play_move([mover, other], (await first_move(mover)).text);
        await play_move([mover, other], (await first_move(other)).text);  // both moved: resign is open
        await resign(other, [a, b]);

        // Back on the tournament page (only players with it open are paired
        // again): a withdraws, and the join button comes back as "Rejoin".
        await a.goto(`${base}/#/tournament/${id}`);
        await a.click('[data-test="withdraw"]');
        await a.waitForSelector('[data-test="join"]', {timeout: 10000});
        // The standings count the game: the winner 2 points, the loser 0.
        await b.goto(`${base}/#/tournament/${id}`);
        for (const p of [a, b]) {
            await p.waitForSelector('[data-test="standing"] [data-test="score"]:text-is("2")', {timeout: 10000});
            const sheets = await p.locator('[data-test="sheet"]').allTextContents();
            check(sheets.includes('W2') && sheets.includes('L0'), `sheets: ${sheets}`);
        }
    }],
];
