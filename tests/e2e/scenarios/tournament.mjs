// An arena from the list, along a player's path: two players join from the
// tournament page and are taken to their game (the pairing's auto-redirect);
// the game page names the event (a link back, the time left); after each game
// they wait where the site leaves them, never navigating, and the next
// pairing takes them to their next game: three games each. No rematch in a
// tournament game. Then one pauses from the finished game's page, follows the
// event's link, and the standings count the three games; the bell counts
// none of them.
import path from 'node:path';
import {new_player, check} from '../lib.mjs';
import {register} from '../helpers.mjs';
import {next_game, play_and_resign} from '../play_helpers.mjs';
import {check_a11y} from '../a11y.mjs';

export const scenarios = [
    ['tournament: an arena played from the game pages, three games each, no navigating', async ({browser, base, artifacts}) => {
        // An account creates a 10-minute arena starting now.
        const org = await new_player(browser, base, '#/');
        await register(org, base, `org${Date.now() % 100000}`);
        const made = await org.evaluate(async () => {
            const r = await fetch('/api/tournaments', {method: 'POST',
                headers: {'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('kibitz.token')}`},
                body: JSON.stringify({name: 'Browser arena', game: 'checkers', tc: {initial_s: 30, increment_s: 0}, minutes: 10, starts_in_s: 0})});
            return {status: r.status, body: await r.json()};
        });
        check(made.status === 201, `created: ${JSON.stringify(made)}`);
        const id = made.body.tournament.id;
        await org.context().close();

        // Two guests find it in the list and join.
        const a = await new_player(browser, base, '#/tournaments', {width: 1280, height: 800});
        await a.click(`[data-test="tournament-row"][data-id="${id}"] a`);
        await a.waitForSelector('[data-test="tournament"]', {timeout: 5000});
        const b = await new_player(browser, base, `#/tournament/${id}`, {width: 390, height: 844});
        await b.waitForSelector('[data-test="join"]', {timeout: 5000});
        await a.click('[data-test="join"]');
        await b.click('[data-test="join"]');

        let room = null;
        for (let game = 1; game <= 3; game++) {
            // Paired: both are taken to the same new game, from wherever the
            // last one left them.
            const next = await next_game(a, room);
            check(await next_game(b, room) === next, `game ${game}: both players are in the same game`);
            room = next;
            if (game === 1) {
                // The game page says which event this is, with a way back.
                for (const p of [a, b]) {
                    await p.waitForSelector('[data-test="game-tournament"] [data-test="event-when"]', {timeout: 10000});
                    const link = p.locator('[data-test="tournament-link"]');
                    check(await link.textContent() === 'Browser arena', `the event's name: ${await link.textContent()}`);
                    check(await link.getAttribute('href') === `#/tournament/${id}`, 'a link back to the event');
                    const when = await p.locator('[data-test="event-when"]').textContent();
                    check(/Ends in \d+:\d\d/.test(when), `the arena's time left: ${when}`);
                }
                await check_a11y(b, 'a tournament game on a phone');
                await a.screenshot({path: path.join(artifacts, 'tournament-game-1280.png')});
                await b.screenshot({path: path.join(artifacts, 'tournament-game-390.png')});
            }
            await play_and_resign(a, b);
            if (game === 1) {
                // Over: the way back to the event, never a rematch.
                for (const p of [a, b]) {
                    await p.waitForSelector('[data-test="back-to-tournament"]', {timeout: 5000});
                    check(await p.locator('[data-action="rematch.offer"], [data-test="new-opponent"]').count() === 0, 'no rematch in a tournament game');
                }
                await a.screenshot({path: path.join(artifacts, 'tournament-game-over-1280.png')});
                await b.screenshot({path: path.join(artifacts, 'tournament-game-over-390.png')});
            }
        }

        // After the third: a pauses from the finished game and follows the
        // event's link; the standings count three games each.
        await a.click('[data-test="pause-event"]');
        await a.click('[data-test="tournament-link"]');
        await a.waitForSelector('[data-test="join"]', {timeout: 10000});  // paused: "Rejoin"
        await a.waitForFunction(() => [...document.querySelectorAll('[data-test="sheet"]')]
            .filter((s) => s.textContent.trim().split(/\s+/).length === 3).length === 2, null, {timeout: 10000});
        const sheets = await a.locator('[data-test="sheet"]').allTextContents();
        check(sheets.every((s) => /^[WL]\d\*? [WL]\d\*? [WL]\d\*?$/.test(s.trim())), `sheets: ${sheets}`);
        // Six live games between them, and the bell has nothing to say about
        // them (each was played on its open page).
        for (const p of [a, b]) check(await p.locator('[data-test="bell-count"]').count() === 0, 'no unread notification from the games');
    }],
];
