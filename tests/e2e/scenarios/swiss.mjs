// A Swiss event along the players' path: an account creates a two-round
// Swiss starting in a few seconds with no rest between rounds; it and three
// guests join from its page, are paired in round 1 (the pairing takes them to
// their games, whose page says "Round 1 of 2" and links back), play, and then
// wait where the site leaves them, never navigating: round 2 takes every one
// of them to their next game, and after it the site brings them back to the
// event, finished, with nobody withdrawn and the tie-break columns.
// Screenshots of the game page and the event page at 1280x800 and 390x844.
import path from 'node:path';
import {new_player, check} from '../lib.mjs';
import {register} from '../helpers.mjs';
import {next_game, play_and_resign} from '../play_helpers.mjs';

export const scenarios = [
    ['swiss: four play two rounds from their game pages, nobody navigating', async ({browser, base, artifacts}) => {
        const org = await new_player(browser, base, '#/', {width: 1280, height: 800});
        await register(org, base, `sw${Date.now() % 100000}`);
        const made = await org.evaluate(async () => {
            const r = await fetch('/api/tournaments', {method: 'POST',
                headers: {'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('kibitz.token')}`},
                body: JSON.stringify({name: 'Browser Swiss', kind: 'swiss', game: 'checkers', tc: {initial_s: 30, increment_s: 0},
                    rounds: 2, interval_s: 0, starts_in_s: 15})});
            return {status: r.status, body: await r.json()};
        });
        check(made.status === 201, `created: ${JSON.stringify(made)}`);
        const id = made.body.tournament.id;

        // The list shows it as a Swiss event; the organizer opens it from
        // there, three guests from its link; all four join before the start.
        await org.click('[data-test="nav-tournaments"]');
        await org.waitForSelector(`[data-test="tournament-row"][data-id="${id}"] [data-test="swiss"]`, {timeout: 5000});
        await org.click(`[data-test="tournament-row"][data-id="${id}"] a`);
        const players = [org];
        for (let i = 0; i < 3; i++) players.push(await new_player(browser, base, `#/tournament/${id}`, i === 0 ? {width: 390, height: 844} : undefined));
        for (const p of players) {
            await p.waitForSelector('[data-test="join"]', {timeout: 5000});
            await p.click('[data-test="join"]');
            await p.waitForSelector('[data-test="withdraw"]', {timeout: 5000});
        }
        const countdown = await org.locator('[data-test="countdown"]').textContent();
        check(/Starts in/.test(countdown), `countdown: ${countdown}`);

        const rooms = players.map(() => null);
        for (let round = 1; round <= 2; round++) {
            // Everyone is taken to a new game, wherever the last round left them.
            for (const [i, p] of players.entries()) rooms[i] = await next_game(p, rooms[i]);
            const games = new Map();
            for (const [i, room] of rooms.entries()) games.set(room, [...(games.get(room) || []), players[i]]);
            check(games.size === 2 && [...games.values()].every((g) => g.length === 2), `round ${round}: two games of two`);
            // The game page says which event and round this is.
            await org.waitForSelector('[data-test="event-when"]', {timeout: 10000});
            const when = await org.locator('[data-test="event-when"]').textContent();
            check(when.includes(`Round ${round} of 2`), `round ${round}: ${when}`);
            check(await org.locator('[data-test="tournament-link"]').textContent() === 'Browser Swiss', 'the event named');
            if (round === 1) {
                await org.screenshot({path: path.join(artifacts, 'swiss-game-1280.png')});
                await players[1].screenshot({path: path.join(artifacts, 'swiss-game-390.png')});
            }
            for (const [a, b] of games.values()) await play_and_resign(a, b);
        }

        // Over: the site brings each back to the event, finished; nobody
        // was withdrawn, everyone has two results and the tie-breaks.
        for (const p of players) {
            await p.waitForSelector('[data-test="tournament"][data-status="finished"]', {timeout: 20000});
            await p.waitForFunction(() => [...document.querySelectorAll('[data-test="sheet"]')]
                .filter((s) => s.textContent.trim().split(/\s+/).length === 2).length === 4, null, {timeout: 10000});
        }
        const rows = await org.locator('[data-test="standing"]').allTextContents();
        check(rows.length === 4 && rows.every((r) => !/withdrawn/.test(r)), `standings: ${rows}`);
        const scores = await org.locator('[data-test="standing"] [data-test="score"]').allTextContents();
        check(scores.reduce((n, s) => n + Number(s), 0) === 4, `four games, four points: ${scores}`);
        check(await org.locator('[data-test="buchholz"]').count() === 4, 'a Buchholz column');
        await org.screenshot({path: path.join(artifacts, 'swiss-1280.png'), fullPage: true});
        await players[1].screenshot({path: path.join(artifacts, 'swiss-390.png'), fullPage: true});
    }],
];
