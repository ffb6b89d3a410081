// A game against the computer from the lobby, and its review.
import {new_player, game_room, ply, play_move, check} from '../lib.mjs';
import {shot, page_shot} from '../helpers.mjs';

export const scenarios = [

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
        // Its review, straight from the finished game: the "Computer analysis"
        // link opens the replay and asks at once; progress pushed, then the graph.
        const plies = await ply(a);
        await a.click('[data-test="review-link"]', {timeout: 5000});
        await a.waitForSelector('[data-test="replay"]', {timeout: 10000});
        await a.waitForSelector('[data-test="review"][data-ready="true"]', {timeout: 60000});
        const points = await a.locator('[data-test="review-graph"] circle').count();
        check(points === plies + 1, `a point per position (${points} for ${plies} plies)`);
        await a.locator('[data-test="review-graph"] circle[data-ply="3"]').click();
        await a.waitForSelector('[data-test="replay"][data-ply="3"]', {timeout: 5000});
        await page_shot(a, artifacts, 'review-checkers');
    }],
];
