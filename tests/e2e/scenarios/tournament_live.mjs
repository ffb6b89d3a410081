// The tournament page while an arena runs: its chat (players write, a
// follower who has not entered reads), the featured top game's live board,
// and berserk from the game page (the halved clock, the mark in the
// standings).
import {new_player, check, game_room, play_move} from '../lib.mjs';
import {register, resign, seat_of} from '../helpers.mjs';
import {first_move, mover_first} from '../play_helpers.mjs';

// An account creates an arena of `body` (name, game, tc, minutes, starts_in_s); its id.
async function create_arena(browser, base, body) {
    const org = await new_player(browser, base, '#/');
    await register(org, base, `org${Date.now() % 100000}`);
    const made = await org.evaluate(async (b) => {
        const r = await fetch('/api/tournaments', {method: 'POST',
            headers: {'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('kibitz.token')}`},
            body: JSON.stringify(b)});
        return {status: r.status, body: await r.json()};
    }, body);
    check(made.status === 201, `created: ${JSON.stringify(made)}`);
    await org.context().close();
    return made.body.tournament.id;
}

async function say(page, text) {
    await page.fill('[data-test="tournament-chat"] [data-test="chat-input"]', text);
    await page.press('[data-test="tournament-chat"] [data-test="chat-input"]', 'Enter');
}

const line = (text) => `[data-test="tournament-chat"] [data-test="chat-log"] li:has-text("${text}")`;

export const scenarios = [
    ['tournament chat: a player writes, a follower reads, joins and answers', async ({browser, base}) => {
        // Starts in an hour: nobody is paired away from the page meanwhile.
        const id = await create_arena(browser, base,
            {name: 'Chat arena', game: 'checkers', tc: {initial_s: 120, increment_s: 0}, minutes: 10, starts_in_s: 3600});
        const a = await new_player(browser, base, `#/tournament/${id}`);
        await a.click('[data-test="join"]');
        await a.waitForSelector('[data-test="withdraw"]', {timeout: 5000});
        await say(a, 'good luck everyone');
        await a.waitForSelector(line('good luck everyone'), {timeout: 5000});

        // A follower opens the page: the line kept is there; reading only.
        const b = await new_player(browser, base, `#/tournament/${id}`);
        await b.waitForSelector(line('good luck everyone'), {timeout: 5000});
        check(await b.locator('[data-test="tournament-chat"] [data-test="chat-input"]').count() === 0,
            'a follower who has not entered has no chat input');
        await b.waitForSelector('[data-test="chat-readonly"]');
        // Entered, they write, and the first player sees it at once.
        await b.click('[data-test="join"]');
        await b.waitForSelector('[data-test="tournament-chat"] [data-test="chat-input"]', {timeout: 5000});
        await say(b, 'thanks, you too');
        await a.waitForSelector(line('thanks, you too'), {timeout: 5000});
        check(await a.locator('[data-test="tournament-message"]').count() === 0, 'no error shown');
    }],
    ['tournament berserk: pressed before the first move, the clock halves, the win scores its b', async ({browser, base}) => {
        const id = await create_arena(browser, base,
            {name: 'Berserk arena', game: 'checkers', tc: {initial_s: 120, increment_s: 0}, minutes: 10, starts_in_s: 0});
        const a = await new_player(browser, base, `#/tournament/${id}`);
        const b = await new_player(browser, base, `#/tournament/${id}`);
        await a.click('[data-test="join"]');
        await b.click('[data-test="join"]');
        const room = await game_room(a);
        check(await game_room(b) === room, 'both players are in the same game');

        // The first to move goes berserk: 2:00 becomes 1:00 and both see the mark.
        const [bers, other] = await mover_first(a, b);
        const seat = await seat_of(bers);
        await bers.click('[data-action="berserk"]');
        await bers.waitForSelector('[data-test="berserk-mine"]', {timeout: 5000});
        await other.waitForSelector('[data-test="berserk-theirs"]', {timeout: 5000});
        check(await bers.locator('[data-action="berserk"]').count() === 0, 'no second Berserk button');
        const clock = await bers.locator(`.game [data-clock="${seat}"]`).textContent();
        const [m, sec] = clock.split(':').map(Number);
        check(m * 60 + sec <= 60 && m * 60 + sec > 50, `the berserk clock shows half of 2:00: ${clock}`);

        // Fourteen plies (the arena's berserk minimum), then the other resigns.
        for (let i = 0; i < 14; i++) {
            const [mover] = await mover_first(a, b);
            await play_move([a, b], (await first_move(mover)).text);
        }
        await resign(other, [a, b]);

        // On the tournament page the winner's sheet carries the berserk mark: W3b.
        await bers.goto(`${base}/#/tournament/${id}`);
        await bers.waitForSelector('[data-test="standing"] [data-test="sheet"]:text-is("W3b")', {timeout: 10000});
        await bers.waitForSelector('[data-test="standing"] [data-test="score"]:text-is("3")');
    }],
    ['tournament top game: a follower sees its live board and opens it with a click', async ({browser, base}) => {
        const id = await create_arena(browser, base,
            {name: 'Top arena', game: 'checkers', tc: {initial_s: 120, increment_s: 0}, minutes: 10, starts_in_s: 0});
        const a = await new_player(browser, base, `#/tournament/${id}`);
        const b = await new_player(browser, base, `#/tournament/${id}`);
        await a.click('[data-test="join"]');
        await b.click('[data-test="join"]');
        const room = await game_room(a);
        check(await game_room(b) === room, 'both players are in the same game');

        // A follower's page shows the game's board, then each move on it.
        const c = await new_player(browser, base, `#/tournament/${id}`);
        await c.waitForSelector(`[data-test="top-game-card"][data-room="${room}"][data-ply="0"] .mini-board svg`, {timeout: 10000});
        const names = await c.locator('[data-test="top-player"]').allTextContents();
        check(names.length === 2, `both players named: ${names}`);
        for (let i = 0; i < 2; i++) {
            const [mover] = await mover_first(a, b);
            await play_move([a, b], (await first_move(mover)).text);
            await c.waitForSelector(`[data-test="top-game-card"][data-ply="${i + 1}"]`, {timeout: 5000});
        }
        // A click opens the game to watch.
        await c.click('[data-test="top-game"]');
        await c.waitForSelector(`.game[data-room="${room}"][data-ply="2"]`, {timeout: 5000});
    }],
];
